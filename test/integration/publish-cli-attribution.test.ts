/**
 * `benchtrend publish` (the bundled dist/cli.js) splits a regressed total among its stages, in
 * its verdict table and in the `attribution` of the total's --json regression entry. Here the
 * total grows by more than its stages (time outside them), and the line says how much.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildPoints } from '../../src/core/cases.js';
import { Random } from '../../src/core/regress/prng.js';
import { DEFAULT_ALERT_SETTINGS } from '../../src/core/regress/settings.js';
import { parseRecord } from '../../src/formats/record.js';
import { publishTrend } from '../../src/publish.js';
import { regressionDeriver } from '../../src/regressions.js';
import { runCli } from '../helpers/run-action.js';
import { gitSandbox, type GitSandbox } from './helpers/git-server.js';

let sb: GitSandbox;
let remote: string;
const sha = (n: number) => n.toString(16).padStart(2, '0').repeat(20);

/** attach scaled by `slower`; the total grows by `outside` seconds more than its stages. */
function record(rng: Random, slower = 1, outside = 0): string {
  const job = Math.exp(0.02 * rng.normal());
  const runs = [0.99, 1, 1.01].map((f) => {
    const prep = 0.2 * job * f;
    const attach = 1.5 * job * f * slower;
    return { total_seconds: prep + attach + outside * f, stages: { 'host-prep': prep, attach } };
  });
  return JSON.stringify({ shape: 'warm', runs });
}

beforeAll(async () => {
  sb = await gitSandbox();
  remote = `file://${await sb.bareRemote('site')}`;
  const rng = new Random(15);
  for (let n = 1; n <= 12; n++) {
    await publishTrend(
      { repository: remote, branch: 'gh-pages', dataDir: 'dev/bench', suite: 'default', maxAttempts: 2 },
      {
        points: buildPoints([parseRecord('warm.json', record(rng))]).points,
        commit: { sha: sha(n), message: `commit ${n}`, author: 'Ada', timestamp: `2024-01-01T00:00:${String(n).padStart(2, '0')}Z` },
        serverUrl: 'https://github.com',
        cwd: sb.root,
        env: sb.env,
        tempRoot: sb.root,
        publishedAt: '2024-02-01T00:00:00Z',
      },
      { alerts: regressionDeriver('default', DEFAULT_ALERT_SETTINGS).derive },
    );
  }
  // Two commits in a row with attach 40% slower and 0.3 s more outside the stages.
  await writeFile(join(sb.root, 'slow-1.json'), record(rng, 1.4, 0.3));
  await writeFile(join(sb.root, 'slow-2.json'), record(rng, 1.4, 0.3));
});
afterAll(() => sb.dispose());

const publish = (file: string, n: number, extra: string[] = []) =>
  runCli(['publish', file, '--repo', remote, '--commit', sha(n), '--message', `commit ${n}`, '--author', 'Ada', '--timestamp', `2024-01-01T00:01:${n}Z`, ...extra], sb.root, sb.env);

interface Entry {
  case: string;
  baseline: number;
  value: number;
  attribution?: string;
}

it('names the stage that owns a regressed total, and the part outside the stages, in --json and in the table', async () => {
  const first = await publish('slow-1.json', 13);
  expect(first.code).toBe(0);
  // One slow point is only on watch: nothing regressed, nothing to split.
  expect(first.stdout).not.toContain('Where the total moved');

  const second = await publish('slow-2.json', 14, ['--json']);
  expect(second.code).toBe(0);
  const out = JSON.parse(second.stdout) as { regressions: Entry[] };
  const total = out.regressions.find((r) => r.case === 'warm / total');
  // host-prep did not move beyond the job noise: a few ms either way, grouped as "1 other".
  const line = /^warm \/ total \+(\d+) ms: attach \+(\d+) ms \(\d+%\)(?:, 1 other \+\d+ ms \(\d+%\))?, outside the stages \+(\d+) ms \(\d+%\)(?:; against: 1 other −\d+ ms \(−\d+%\))?$/;
  expect(total?.attribution).toMatch(line);
  const [, delta, attach, outside] = line.exec(total?.attribution ?? '') ?? [];
  expect(Number(delta)).toBe(Math.round(((total?.value ?? 0) - (total?.baseline ?? 0)) * 1000));
  // attach grew by about 0.6 s and the time outside the stages by 0.3 s, give or take the job noise.
  expect(Number(attach)).toBeGreaterThan(450);
  expect(Number(attach)).toBeLessThan(750);
  expect(Number(outside)).toBeGreaterThan(200);
  expect(Number(outside)).toBeLessThan(400);
  expect(out.regressions.filter((r) => r.attribution !== undefined).map((r) => r.case)).toEqual(['warm / total']);

  const again = await publish('slow-2.json', 14);
  expect(again.code).toBe(0);
  const shown = again.stdout.split('\n').map((l) => l.replace(/\\([!-/:-@[-`{-~])/g, '$1'));
  expect(shown).toContain('Where the total moved, stage by stage (each stage against its own baseline):');
  expect(shown.filter((l) => l.startsWith('- warm / total'))).toHaveLength(1);
});
