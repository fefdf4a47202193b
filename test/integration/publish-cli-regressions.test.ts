/**
 * `benchtrend publish` (the bundled dist/cli.js) says what the action says: it judges each case
 * against the published history and prints its verdicts; with --json, a `regressions` array of
 * the same entries as the action's `regressions-json` output.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { Random } from '../../src/core/regress/prng.js';
import { gitSandbox, type GitSandbox } from './helpers/git-server.js';
import { cliPublish, publishWarmHistory, warmRecord } from './helpers/warm-history.js';
import { runCli } from '../helpers/run-action.js';

let sb: GitSandbox;
let remote: string;

beforeAll(async () => {
  sb = await gitSandbox();
  remote = `file://${await sb.bareRemote('site')}`;
  const rng = new Random(5);
  await publishWarmHistory(sb, remote, 12, rng);
  // Two commits in a row 40% slower on attach: the default method alerts on the second.
  await writeFile(join(sb.root, 'slow-1.json'), warmRecord(rng, 1.4));
  await writeFile(join(sb.root, 'slow-2.json'), warmRecord(rng, 1.4));
});
afterAll(() => sb.dispose());

const publish = (file: string, n: number, extra: string[] = []) => cliPublish(sb, remote, file, n, extra);

it('prints its verdicts, and the regressions in --json as the action outputs them', async () => {
  const first = await publish('slow-1.json', 13);
  expect(first.code).toBe(0);
  const [publishedSha, ...rest] = first.stdout.split('\n');
  expect(publishedSha).toBe(await sb.revParse(remote.slice('file://'.length), 'refs/heads/gh-pages'));
  expect(rest.join('\n')).toMatch(/^warm \/ attach +watch +\d/m);
  expect(rest.join('\n')).not.toMatch(/\\|\| /);

  const second = await publish('slow-2.json', 14, ['--json']);
  expect(second.code).toBe(0);
  const out = JSON.parse(second.stdout) as { regressions: { case: string; baseline: number; value: number; change: number; changeText: string; status: string }[] };
  const cases = out.regressions.map((r) => r.case).sort();
  expect(cases).toEqual(['warm / attach', 'warm / total']);
  const attach = out.regressions.find((r) => r.case === 'warm / attach')!;
  expect(attach.baseline).toBeCloseTo(1.5, 1);
  expect(attach.value).toBeGreaterThan(1.9);
  expect(attach.value).toBeLessThan(2.3);
  expect(attach.change).toBeGreaterThan(0.3);
  expect(attach.change).toBeLessThan(0.5);
  expect(attach.status).toBe('suspected');
  expect(attach.changeText).toBe(`+${Math.round(attach.change * 100)}% worse`);
});

it('takes a commit benched again after newer ones for history: not judged, nothing raised, the alerts as they were', async () => {
  const bare = remote.slice('file://'.length);
  const manifest = async () => JSON.parse(await sb.git(['show', 'gh-pages:dev/bench/manifest.json'], bare)) as { alerts: unknown[] };
  const before = (await manifest()).alerts;
  expect(before.length).toBeGreaterThan(0);
  // Commit 6 of the quiet history benched again at the slow level: judged as the newest point,
  // the run after the two slow commits, it would read as a step back; it is the past, re-measured.
  await writeFile(join(sb.root, 'again-6.json'), warmRecord(new Random(6), 1.4));
  const r = await publish('again-6.json', 6, ['--json']);
  expect(r.code, r.stderr).toBe(0);
  const out = JSON.parse(r.stdout) as { regressions: unknown[]; verdicts: { case: string; verdict: string; reason: string }[] };
  expect(out.regressions).toEqual([]);
  expect(new Set(out.verdicts.map((v) => v.verdict))).toEqual(new Set(['not-judged']));
  expect(out.verdicts[0]?.reason).toMatch(/^not judged: 0606060 was benched again after newer commits/);
  expect((await manifest()).alerts).toEqual(before);
  // The next commit is judged as ever.
  await writeFile(join(sb.root, 'next.json'), warmRecord(new Random(15), 1.4));
  const next = await publish('next.json', 15);
  expect(next.code, next.stderr).toBe(0);
  expect(next.stdout).not.toMatch(/not judged/);
  // The replay judges the history as those publishes did, the re-bench left unjudged.
  const replay = await runCli(['replay', '--repo', remote, '--json'], sb.root, sb.env);
  expect(replay.code, replay.stderr).toBe(0);
  const key = (a: { kind: string; case: string; sha: string; status: string }) => `${a.kind} ${a.case} ${a.sha} ${a.status}`;
  const regressions = (alerts: { kind: string; case: string; sha: string; status: string }[]) => alerts.filter((a) => a.kind === 'regression').map(key).sort();
  const stored = (await manifest()).alerts as { kind: string; case: string; sha: string; status: string }[];
  expect(regressions(stored).length).toBeGreaterThan(0);
  expect(regressions((JSON.parse(replay.stdout) as { alerts: { kind: string; case: string; sha: string; status: string }[] }).alerts)).toEqual(regressions(stored));
});
