/**
 * `benchtrend publish` of a commit older than the trend's newest, benched for the first time (a
 * bisect, an old tag): git in the current folder tells it is an ancestor of a commit the trend holds,
 * so its points are history, published and not judged, as the action does. Real git, the bundled CLI.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { Random } from '../../src/core/regress/prng.js';
import { runCli } from '../helpers/run-action.js';
import { gitSandbox, type GitSandbox } from './helpers/git-server.js';
import { publishWarmHistory, warmRecord } from './helpers/warm-history.js';

let sb: GitSandbox;
let project: string;
let remote: string;
const commits: string[] = [];

beforeAll(async () => {
  sb = await gitSandbox('benchtrend-cli-older-');
  project = join(sb.root, 'project');
  await sb.git(['init', '--quiet', '--initial-branch=main', project]);
  for (let n = 0; n < 14; n++) {
    await sb.git(['commit', '--quiet', '--allow-empty', '-m', `commit ${n}`, `--date=2024-01-01T00:00:${String(n).padStart(2, '0')}Z`], project);
    commits.push((await sb.git(['rev-parse', 'HEAD'], project)).trim());
  }
  // The trend holds commits 2 to 13, quiet.
  remote = `file://${await sb.bareRemote('site')}`;
  await publishWarmHistory(sb, remote, 13, new Random(43), { first: 2, shaOf: (n) => commits[n] as string });
  await writeFile(join(sb.root, 'slow.json'), warmRecord(new Random(7), 1.6));
});
afterAll(() => sb.dispose());

it('publishes a first bench of an older commit, judged nothing, when git in the current folder holds both', async () => {
  const old = commits[1] as string;
  const run = await runCli(['publish', join(sb.root, 'slow.json'), '--repo', remote, '--commit', old, '--alert-after', '1', '--json'], project, sb.env);

  expect(run.code, run.stderr).toBe(0);
  const out = JSON.parse(run.stdout) as { regressions: unknown[]; verdicts: { verdict: string; reason: string }[] };
  expect(out.regressions).toEqual([]);
  expect(out.verdicts.map((v) => v.verdict)).toEqual(['not-judged', 'not-judged', 'not-judged']);
  const newest = (commits[13] as string).slice(0, 7);
  expect(out.verdicts[0]?.reason).toContain(`not judged: ${old.slice(0, 7)} is older than ${newest} (an ancestor of it)`);
  expect(run.stderr).toContain(`benchtrend: ${old.slice(0, 7)} is older than ${newest} (an ancestor of it), which the trend already holds: its points were published after it and not judged`);
});

it('is not judged by replay either, which asks git in the current folder as publish did, and says so when it cannot tell', async () => {
  const old = (commits[1] as string).slice(0, 7);
  const atOld = (stdout: string) => (JSON.parse(stdout) as { alerts: { sha: string }[] }).alerts.filter((a) => a.sha.startsWith(old));

  // It raised "regression suspected +59% worse" at the old commit, which publishing had not judged.
  const here = await runCli(['replay', '--repo', remote, '--alert-after', '1', '--json'], project, sb.env);
  expect(here.code, here.stderr).toBe(0);
  expect(atOld(here.stdout)).toEqual([]);
  expect(here.stderr).not.toContain('could not tell');
  // What publishing stored is what the replay would store: nothing to write.
  const write = await runCli(['replay', '--repo', remote, '--alert-after', '1', '--write'], project, sb.env);
  expect(write.code, write.stderr).toBe(0);
  expect(write.stderr).toContain('benchtrend: the stored alerts are already these; nothing written');

  // Outside a checkout of the benched repository, git cannot tell: judged as news, and said once.
  const elsewhere = await runCli(['replay', '--repo', remote, '--alert-after', '1', '--json'], sb.root, sb.env);
  expect(elsewhere.code, elsewhere.stderr).toBe(0);
  expect(atOld(elsewhere.stdout).length).toBeGreaterThan(0);
  expect(elsewhere.stderr.split('\n').filter((l) => l.includes('could not tell'))).toEqual([
    `benchtrend: warning: git in ${sb.root} could not tell whether 1 commit benched first after newer ones is older than them (a bisect, an old tag), so it is judged as news; run replay in a full clone of the benched repository to judge them as publishing did`,
  ]);
});
