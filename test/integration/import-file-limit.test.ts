/**
 * An import writes one object per segment, rollup and tree. Writing them all at once opened a file
 * each and failed with EMFILE at 20,000 entries (issue #12); the bundled CLI, run under a low
 * `ulimit -n` in a child shell, must import a history of many more entries than it may open files.
 */
import { execFile } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { gabDataJs } from '../../bench/lib/gab-data.mjs';
import type { HistoryRow } from '../../src/core/trend/history.js';
import { ROOT } from '../helpers/paths.js';
import { gitSandbox, type GitSandbox } from './helpers/git-server.js';

const exec = promisify(execFile);
let sb: GitSandbox;

beforeEach(async () => {
  sb = await gitSandbox();
  await sb.bareRemote('trend');
});
afterEach(async () => {
  await sb.dispose();
});

describe('an import under a low open-file limit', () => {
  it('imports 2,000 entries x 10 benches with ulimit -n 256, every point kept', { timeout: 120_000 }, async () => {
    await writeFile(join(sb.root, 'data.js'), gabDataJs({ entries: 2000, benches: 10 }));
    await writeFile(join(sb.root, 'now.json'), JSON.stringify([{ name: 'bench_case_0', unit: 'ns/iter', value: 1000 }]));
    const cli = join(ROOT, 'dist/cli.js');
    const sha = 'a'.repeat(40);
    const env = { ...sb.env, RUNNER_TEMP: join(sb.root, 'tmp') };
    const script = `ulimit -n 256 && exec "$0" "$@"`;
    const args = [cli, 'publish', 'now.json', '--format', 'customSmallerIsBetter', '--repo', join(sb.root, 'trend.git'), '--commit', sha, '--suite', 'Rust Benchmark', '--import-from', 'data.js', '--message', 'now', '--author', 'Ada', '--timestamp', '2026-01-01T00:00:00Z', '--json'];
    const { stdout } = await exec('bash', ['-c', script, process.execPath, ...args], { cwd: sb.root, env, maxBuffer: 1 << 26 });
    const summary = JSON.parse(stdout) as { imported: { entries: number; points: number } };
    expect(summary.imported).toEqual({ entries: 2000, points: 20000, suites: 1 });
    const limit = await exec('bash', ['-c', 'ulimit -n 256 && ulimit -n']);
    expect(limit.stdout.trim()).toBe('256');

    const history = await exec(process.execPath, [cli, 'history', '--repo', join(sb.root, 'trend.git'), '--format', 'json'], { cwd: sb.root, env, maxBuffer: 1 << 28 });
    const rows = JSON.parse(history.stdout) as HistoryRow[];
    expect(rows).toHaveLength(20001);
    expect(new Set(rows.map((r) => r.commit)).size).toBe(2001);
    expect(rows.filter((r) => r.case === 'cargo / bench_case_3')).toHaveLength(2000);
  });
});
