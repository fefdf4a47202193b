/**
 * `benchtrend publish` (the bundled dist/cli.js) splits a regressed total among its stages, in
 * its verdict table and in the `attribution` of the total's --json regression entry. Here the
 * total grows by more than its stages (time outside them), and the line says how much.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { Random } from '../../src/core/regress/prng.js';
import { gitSandbox, type GitSandbox } from './helpers/git-server.js';
import { cliPublish, publishWarmHistory, warmRecord } from './helpers/warm-history.js';

let sb: GitSandbox;
let remote: string;

beforeAll(async () => {
  sb = await gitSandbox();
  remote = `file://${await sb.bareRemote('site')}`;
  const rng = new Random(15);
  await publishWarmHistory(sb, remote, 12, rng);
  // Two commits in a row with attach 40% slower and 0.3 s more outside the stages.
  await writeFile(join(sb.root, 'slow-1.json'), warmRecord(rng, 1.4, 0.3));
  await writeFile(join(sb.root, 'slow-2.json'), warmRecord(rng, 1.4, 0.3));
});
afterAll(() => sb.dispose());

const publish = (file: string, n: number, extra: string[] = []) => cliPublish(sb, remote, file, n, extra);

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
  const shown = again.stdout.split('\n');
  expect(shown).toContain('Where the total moved, stage by stage (each stage against its own baseline):');
  expect(shown.filter((l) => l.startsWith('  warm / total +'))).toHaveLength(1);
  expect(again.stdout).not.toContain('\\');
});
