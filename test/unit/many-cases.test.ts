/**
 * A suite of some 150,000 cases: every list over the cases is folded or appended one by one, where
 * spreading it as a call's arguments (`Math.max(...)`, `lines.push(...)`) overflowed the stack and
 * the run stopped on "Maximum call stack size exceeded", naming nothing.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { run } from '../../src/cli/compare.js';
import type { CliIO } from '../../src/cli/io.js';
import { suiteStart } from '../../src/core/regress/rebench.js';
import { sparkline } from '../../src/core/render-verdicts.js';
import { textTable } from '../../src/core/text-table.js';
import { newestSeqOf } from '../../src/core/trend/regress-state.js';

const N = 150_000;
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'benchtrend-many-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

it('reads where a suite begins and ends over all its cases', () => {
  const cases = Array.from({ length: N }, (_, i) => ({ suite: i % 2 ? 'a' : 'b', firstSeq: 10 + (i % 1000), lastSeq: 20 + (i % 5000) }));
  expect(newestSeqOf({ cases } as never, 'a')).toBe(20 + 4999);
  expect(newestSeqOf({ cases } as never, 'none')).toBe(-1);
  expect(suiteStart(cases, 'a', 5000)).toBe(11);
  expect(suiteStart(cases, 'none', 5000)).toBe(5000);
});

it('lays out a table and a sparkline of every case', () => {
  const lines = textTable(['CASE', 'VALUE'], Array.from({ length: N }, (_, i) => [`case ${i}`, String(i)]), ['left', 'right']);
  expect(lines).toHaveLength(N + 1);
  expect(lines[N]).toBe(`case ${N - 1}  ${String(N - 1)}`);
  expect(lines[1]).toBe(`case 0${' '.repeat(`case ${N - 1}`.length - 'case 0'.length)}  ${' '.repeat(String(N - 1).length - 1)}0`);
  const bars = sparkline(Array.from({ length: N }, (_, i) => i));
  expect([bars.length, bars[0], bars.at(-1)]).toEqual([N, '▁', '█']);
});

it('compares a baseline of every case with a candidate of one, in text and markdown', async () => {
  await writeFile(join(dir, 'base.json'), JSON.stringify(Array.from({ length: N }, (_, i) => ({ name: `case ${i}`, unit: 'ms', value: 1 + (i % 7) }))));
  await writeFile(join(dir, 'cand.json'), JSON.stringify([{ name: 'case 0', unit: 'ms', value: 1 }]));
  for (const how of [[], ['--markdown']]) {
    let stdout = '';
    let stderr = '';
    const io: CliIO = { stdout: (t) => (stdout += t), stderr: (t) => (stderr += t), cwd: dir, env: {} };
    const code = await run(['--baseline', 'base.json', '--candidate', 'cand.json', '--format', 'customSmallerIsBetter', ...how], io);
    expect([code, stderr]).toEqual([0, '']);
    expect(stdout).toContain(`customSmallerIsBetter / case ${N - 1}`);
    expect(stdout.split('\n').filter((l) => l.includes('case 149998')).length).toBeGreaterThanOrEqual(2);
  }
}, 300_000);
