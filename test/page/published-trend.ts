/**
 * A trend as the real publisher writes it: records from the shared fixtures, turned into points,
 * published one commit at a time with `publishTrend` to a bare repository over file://, then the
 * gh-pages branch checked out for a web server to serve. Git runs isolated from the machine's
 * configuration, with fixed dates.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseAnnotations } from '../../src/core/annotations.js';
import { buildPoints } from '../../src/core/cases.js';
import type { CommitInfo } from '../../src/core/trend/types.js';
import { readPageAssets } from '../../src/effects/page-assets.js';
import { parseRecord } from '../../src/formats/record.js';
import { publishTrend } from '../../src/jobs/publish.js';
import { FIXTURES } from '../helpers/paths.js';

export interface PublishedTrend extends AsyncDisposable {
  /** The checkout's data-dir: what GitHub Pages would serve at /<repo>/dev/bench/. */
  readonly dataDir: string;
  readonly commits: readonly CommitInfo[];
  readonly pageVersion: string;
  dispose(): Promise<void>;
}

function run(args: readonly string[], cwd: string, env: NodeJS.ProcessEnv): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile('git', ['-c', 'user.name=Page Test', '-c', 'user.email=page-test@example.invalid', ...args], { cwd, env }, (err, stdout, stderr) => {
      if (err) reject(new Error(`git ${args.join(' ')}: ${stderr || err.message}`));
      else resolve(stdout);
    });
  });
}

/** The fixture record with every stage and total scaled: a trend that moves from commit to commit. */
function recordText(file: string, factor: number): string {
  const scale = (x: unknown): unknown => {
    if (typeof x === 'number') return Number((x * factor).toFixed(4));
    if (Array.isArray(x)) return x.map(scale);
    if (x && typeof x === 'object') return Object.fromEntries(Object.entries(x).map(([k, v]) => [k, k === 'runs' && typeof v === 'number' ? v : scale(v)]));
    return x;
  };
  const record = JSON.parse(readFileSync(join(FIXTURES, 'records', file), 'utf8')) as Record<string, unknown>;
  return JSON.stringify({ ...record, runs: scale(record['runs']), median: scale(record['median']) });
}

export async function publishedTrend(options: { publishes: number; pageDir: string; messages?: Readonly<Record<number, string>>; annotations?: (commits: readonly CommitInfo[]) => string }): Promise<PublishedTrend> {
  const root = mkdtempSync(join(tmpdir(), 'benchtrend-published-'));
  const globalConfig = join(root, 'gitconfig');
  writeFileSync(globalConfig, '');
  const env: NodeJS.ProcessEnv = {
    PATH: process.env['PATH'] ?? '/usr/bin:/bin',
    HOME: root,
    GIT_CONFIG_GLOBAL: globalConfig,
    GIT_CONFIG_NOSYSTEM: '1',
    GIT_AUTHOR_DATE: '2024-02-01T00:00:00Z',
    GIT_COMMITTER_DATE: '2024-02-01T00:00:00Z',
    LC_ALL: 'C',
  };
  const bare = join(root, 'trend.git');
  await run(['init', '--quiet', '--bare', bare], root, env);
  const pageAssets = await readPageAssets(options.pageDir);

  const commits: CommitInfo[] = [];
  for (let i = 0; i < options.publishes; i++) {
    const sha = (0x1000000 + i * 7919).toString(16).padStart(8, '0').repeat(5);
    commits.push({
      sha,
      message: options.messages?.[i] ?? `Commit ${i}\n\nDetails of commit ${i}.`,
      author: 'Grace Hopper',
      timestamp: new Date(Date.UTC(2024, 1, 1, i)).toISOString().replace('.000Z', 'Z'),
    });
  }
  for (const [i, commit] of commits.entries()) {
    const factor = 1 + 0.05 * Math.sin(i) + (i >= 12 ? 0.2 : 0);
    const records = ['warm.json', 'cold-recreate.json'].map((f) => parseRecord(f, recordText(f, factor)));
    const annotations = options.annotations ? parseAnnotations(options.annotations(commits), 'input annotations') : undefined;
    await publishTrend(
      {
        repository: `file://${bare}`,
        branch: 'gh-pages',
        dataDir: 'dev/bench',
        suite: 'default',
        maxAttempts: 2,
        ...(annotations ? { annotations } : {}),
      },
      {
        points: buildPoints(records).points,
        commit,
        serverUrl: 'https://github.com',
        cwd: root,
        env,
        tempRoot: root,
        publishedAt: commit.timestamp,
      },
      { pageAssets: async () => pageAssets },
    );
  }
  const checkout = join(root, 'checkout');
  await run(['clone', '--quiet', '--branch', 'gh-pages', `file://${bare}`, checkout], root, env);
  const dispose = async (): Promise<void> => rmSync(root, { recursive: true, force: true });
  return { dataDir: join(checkout, 'dev/bench'), commits, pageVersion: pageAssets.version, dispose, [Symbol.asyncDispose]: dispose };
}
