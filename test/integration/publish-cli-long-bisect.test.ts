/**
 * A bisect that steps one way for longer than the trend's lookback of newest commits: each step is
 * a first bench of a commit older than the trend's newest, and newer than the step before it. The
 * steps before were history themselves, so they do not count among the newest commits a first
 * bench is asked of: every step is history, by publish and by replay alike. Real git, the bundled CLI.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { Random } from '../../src/core/regress/prng.js';
import { ANCESTRY_LOOKBACK } from '../../src/jobs/regressions.js';
import { runCli } from '../helpers/run-action.js';
import { gitSandbox, type GitSandbox } from './helpers/git-server.js';
import { publishWarmHistory, warmRecord } from './helpers/warm-history.js';

let sb: GitSandbox;
let project: string;
let remote: string;
const commits: string[] = [];
/** Commits 20 to 29 are on the trend; the bisect benches 8 to 19, each newer than the last. */
const STEPS = Array.from({ length: 12 }, (_, i) => 8 + i);

beforeAll(async () => {
  sb = await gitSandbox('benchtrend-cli-bisect-');
  project = join(sb.root, 'project');
  await sb.git(['init', '--quiet', '--initial-branch=main', project]);
  for (let n = 0; n < 30; n++) {
    await sb.git(['commit', '--quiet', '--allow-empty', '-m', `commit ${n}`, `--date=2024-01-01T00:00:${String(n).padStart(2, '0')}Z`], project);
    commits.push((await sb.git(['rev-parse', 'HEAD'], project)).trim());
  }
  remote = `file://${await sb.bareRemote('site')}`;
  await publishWarmHistory(sb, remote, 29, new Random(43), { first: 20, shaOf: (n) => commits[n] as string });
  await writeFile(join(sb.root, 'slow.json'), warmRecord(new Random(7), 1.6));
}, 120_000);
afterAll(() => sb.dispose());

it(`publishes every step of a bisect longer than ${ANCESTRY_LOOKBACK} steps in one direction as history, not judged`, async () => {
  expect(STEPS.length).toBeGreaterThan(ANCESTRY_LOOKBACK);
  const newest = (commits[29] as string).slice(0, 7);
  const said: string[] = [];
  for (const n of STEPS) {
    const step = commits[n] as string;
    const run = await runCli(['publish', join(sb.root, 'slow.json'), '--repo', remote, '--commit', step, '--alert-after', '1', '--json'], project, sb.env);
    expect(run.code, run.stderr).toBe(0);
    const out = JSON.parse(run.stdout) as { regressions: unknown[]; verdicts: { verdict: string; reason: string }[] };
    // Before, the 9th step was asked only of the 8 steps before it, each of which it descends
    // from, and was judged as news ("+2.2% worse: within 233.6 ms…", against the steps before it).
    said.push(`${n}: ${out.verdicts.map((v) => v.verdict).join(',')} ${out.regressions.length}`);
    expect(out.verdicts[0]?.reason, `step ${n}`).toContain(`not judged: ${step.slice(0, 7)} is older than ${newest} (an ancestor of it)`);
  }
  expect(said).toEqual(STEPS.map((n) => `${n}: not-judged,not-judged,not-judged 0`));
}, 120_000);

it('is not judged by a replay either: what publishing stored is what the replay stores', async () => {
  const steps = new Set(STEPS.map((n) => (commits[n] as string).slice(0, 7)));
  const here = await runCli(['replay', '--repo', remote, '--alert-after', '1', '--json'], project, sb.env);
  expect(here.code, here.stderr).toBe(0);
  expect((JSON.parse(here.stdout) as { alerts: { sha: string }[] }).alerts.filter((a) => steps.has(a.sha.slice(0, 7)))).toEqual([]);
  const write = await runCli(['replay', '--repo', remote, '--alert-after', '1', '--write'], project, sb.env);
  expect(write.code, write.stderr).toBe(0);
  expect(write.stderr).toContain('benchtrend: the stored alerts are already these; nothing written');
}, 120_000);
