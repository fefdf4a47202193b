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
