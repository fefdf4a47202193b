/**
 * `npm run demo`'s trend: a multi-commit sample history published, exactly as the action
 * publishes, to a local bare repository, and checked out beside it so the data and the chart
 * can be opened.
 */
import { createHash } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Point } from '../core/model.js';
import type { AlertDeriver, PageFiles } from '../core/trend/plan.js';
import type { CommitInfo } from '../core/trend/types.js';
import { git, gitEnv, type Env } from '../effects/git.js';
import { publishTrend } from './publish.js';

export interface DemoTrendOptions {
  /** Folder to create `trend.git` (the remote) and `site/` (its gh-pages checkout) in. */
  readonly dir: string;
  /** One run's points; each demo commit publishes them scaled a little, with a step two thirds in. */
  readonly points: readonly Point[];
  readonly commits?: number;
  readonly env: Env;
  readonly pageAssets?: () => Promise<PageFiles | undefined>;
  readonly log?: (line: string) => void;
  /** The regression judgement each publish runs, as the action's. */
  readonly alerts?: AlertDeriver;
}

export interface DemoTrend {
  /** The bare repository holding the trend on gh-pages. */
  readonly remote: string;
  /** A checkout of gh-pages. */
  readonly site: string;
  /** The trend's folder in the checkout (manifest.json, data/, the page). */
  readonly dataDir: string;
  readonly commits: readonly CommitInfo[];
}

function scaled(p: Point, factor: number): Point {
  const f = (x: number) => Number((x * factor).toPrecision(6));
  return {
    ...p,
    value: f(p.value),
    q1: f(p.q1),
    q3: f(p.q3),
    min: f(p.min),
    max: f(p.max),
    stdev: p.stdev === null ? null : f(p.stdev),
    samples: p.samples.map(f),
    ...(p.wall !== undefined ? { wall: f(p.wall) } : {}),
  };
}

/**
 * A bare repository's upload-pack answering a partial fetch as github.com's does: filters allowed,
 * but only blob:none, blob:limit and tree:0 ("tree filter allows max depth 0, but got 1" for a
 * deeper one, "filter 'combine' not supported"), and objects fetchable by id. The demo's remote
 * and the tests' are configured so.
 */
export const GITHUB_LIKE_UPLOAD_PACK: readonly (readonly [string, string])[] = [
  ['uploadpack.allowFilter', 'true'],
  ['uploadpack.allowAnySHA1InWant', 'true'],
  ['uploadpackfilter.allow', 'false'],
  ['uploadpackfilter.blob:none.allow', 'true'],
  ['uploadpackfilter.blob:limit.allow', 'true'],
  ['uploadpackfilter.tree.allow', 'true'],
  ['uploadpackfilter.tree.maxDepth', '0'],
];

/** Publishes `commits` (default 12) demo commits; deterministic, so two demos draw the same chart. */
export async function publishDemoTrend(options: DemoTrendOptions): Promise<DemoTrend> {
  const count = options.commits ?? 12;
  const remote = join(options.dir, 'trend.git');
  const site = join(options.dir, 'site');
  const env = gitEnv(options.env);
  await mkdir(options.dir, { recursive: true });
  await git(['init', '--quiet', '--bare', remote], { cwd: options.dir, env });
  // As GitHub serves it: the publisher fetches only the objects it needs.
  for (const [k, v] of GITHUB_LIKE_UPLOAD_PACK) await git(['config', k, v], { cwd: remote, env });
  const commits: CommitInfo[] = [];
  for (let i = 0; i < count; i++) {
    const sha = createHash('sha1').update(`benchtrend demo commit ${i}`).digest('hex');
    const commit: CommitInfo = {
      sha,
      message: i === Math.floor((count * 2) / 3) ? `Demo commit ${i}: a change that makes the devpod, tools and attach stages 10% to 22% slower` : `Demo commit ${i}`,
      author: 'benchtrend demo',
      timestamp: new Date(Date.UTC(2024, 0, 1 + i, 12)).toISOString().replace('.000Z', 'Z'),
    };
    commits.push(commit);
    const job = 1 + 0.03 * Math.sin(i * 1.7);
    // A code change slows the stages it touches, each by its own amount, and the totals by 15%; host
    // preparation it leaves alone. A slower runner would move nearly every case at once, which the
    // detector waits on as the runner.
    const touched = (p: Point) => i >= Math.floor((count * 2) / 3) && !p.case.endsWith(' / host-prep');
    const step = (p: Point, k: number) => (touched(p) ? (p.case.endsWith(' / total') ? 0.15 : k % 2 ? 0.1 : 0.22) : 0);
    await publishTrend(
      { repository: `file://${remote}`, branch: 'gh-pages', dataDir: 'dev/bench', suite: 'default', maxAttempts: 1 },
      {
        points: options.points.map((p, k) => scaled(p, job + step(p, k))),
        commit,
        serverUrl: 'https://github.com',
        cwd: options.dir,
        env: options.env,
        tempRoot: options.dir,
        publishedAt: commit.timestamp,
      },
      {
        ...(options.pageAssets ? { pageAssets: options.pageAssets } : {}),
        ...(options.log ? { log: options.log } : {}),
        ...(options.alerts ? { alerts: options.alerts } : {}),
      },
    );
  }
  await git(['clone', '--quiet', '--branch', 'gh-pages', `file://${remote}`, site], { cwd: options.dir, env });
  return { remote, site, dataDir: join(site, 'dev/bench'), commits };
}
