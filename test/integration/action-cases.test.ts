import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyFile, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FIXTURES, HAS_NODE24, IN_CI, NODE24 } from '../helpers/paths.js';
import { runAction } from '../helpers/run-action.js';

let work: string;

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'benchtrend-action-'));
  await copyFile(join(FIXTURES, 'records/warm.json'), join(work, 'warm.json'));
  await copyFile(join(FIXTURES, 'records/cold-recreate.json'), join(work, 'cold-recreate.json'));
});
afterAll(() => rm(work, { recursive: true, force: true }));

const pushEvent = { name: 'push', payload: { ref: 'refs/heads/main', head_commit: { id: '0123456789abcdef0123456789abcdef01234567', message: 'x' } } };

// The Actions runtime is node24; Node 20 is what developers and older runners have.
const runtimes: [string, string | undefined][] = [['node 20', undefined]];
if (HAS_NODE24 || IN_CI) runtimes.push(['node 24', NODE24]);

describe.each(runtimes)('dist/index.js under %s', (_label, node) => {
  it('writes the flat cases, the outputs and the job summary', async () => {
    const run = await runAction({
      cwd: work,
      node,
      event: pushEvent,
      inputs: {
        records: 'warm.json\ncold-recreate.json',
        'require-stages': 'cold-recreate: host-prep, devpod-up, tools, attach\nwarm: *',
        note: 'v0.26.1, Linux-X64',
      },
    });
    try {
      expect(run.stderr).toBe('');
      expect(run.code).toBe(0);
      const expected = JSON.parse(await readFile(join(FIXTURES, 'records/cases.expected.json'), 'utf8')) as { name: string; value: number }[];
      const cases = JSON.parse(run.outputs['cases']!) as { name: string; value: number; unit: string }[];
      expect(cases.map((c) => [c.name, c.value])).toEqual(expected.map((c) => [c.name, c.value]));
      expect(run.outputs['case-count']).toBe('9');
      expect(run.outputs['cases-file']!.startsWith(run.runnerTemp)).toBe(true);
      expect(JSON.parse(await readFile(run.outputs['cases-file']!, 'utf8'))).toEqual(cases);
      expect(run.summary).toContain('| Case | Median | Error bar (Q1–Q3) | Runs |');
      expect(run.summary).toContain('| warm / attach | 1.61 s | 1.52–1.7 s | 3/3 |');
    } finally {
      await run.dispose();
    }
  });

  it('expands globs in records', async () => {
    const run = await runAction({ cwd: work, node, event: pushEvent, inputs: { records: '*.json' } });
    try {
      expect(run.code).toBe(0);
      expect(run.outputs['case-count']).toBe('9');
    } finally {
      await run.dispose();
    }
  });
});

/** Each refusal: exit 1, one `::error::` line naming the file and the fault, no outputs, no cases file. */
const refusals: { title: string; files: Record<string, string>; inputs: Record<string, string>; message: RegExp }[] = [
  { title: 'a missing record', files: {}, inputs: { records: 'missing.json' }, message: /^missing\.json: cannot read \(no such file\); the bench step may have exited 0 without writing it$/ },
  { title: 'a glob that matches nothing', files: {}, inputs: { records: 'out/*.json' }, message: /^records: the pattern "out\/\*\.json" matched no file/ },
  { title: 'a half-written record', files: { 'w.json': '{"shape": "warm", "runs": [{"stages": {"a": 1' }, inputs: { records: 'w.json' }, message: /^w\.json: not JSON \(.*\); a bench interrupted while writing leaves exactly this$/ },
  { title: 'a record that is not an object', files: { 'w.json': '[]' }, inputs: { records: 'w.json', format: 'record' }, message: /^w\.json: not an object/ },
  { title: 'a record with no runs', files: { 'w.json': '{"shape": "warm", "runs": []}' }, inputs: { records: 'w.json' }, message: /^w\.json: no runs: the "runs" array is empty$/ },
  { title: 'a record with no shape', files: { 'w.json': '{"runs": [{"stages": {"a": 1}}]}' }, inputs: { records: 'w.json' }, message: /^w\.json: no shape/ },
  { title: 'a negative value', files: { 'w.json': '{"shape": "w", "runs": [{"stages": {"a": -1}}]}' }, inputs: { records: 'w.json' }, message: /^w\.json: runs\[0\]\.stages\.a must not be negative, got -1$/ },
  { title: 'a NaN value', files: { 'w.json': '{"shape": "w", "runs": [{"stages": {"a": NaN}}]}' }, inputs: { records: 'w.json' }, message: /^w\.json: runs\[0\]\.stages\.a must be a number of seconds, got NaN$/ },
  { title: 'a non-numeric value', files: { 'w.json': '{"shape": "w", "runs": [{"stages": {"a": "1.2"}}]}' }, inputs: { records: 'w.json' }, message: /^w\.json: runs\[0\]\.stages\.a must be a number of seconds, got "1\.2"$/ },
  { title: 'two records of one shape', files: { 'a.json': '{"shape": "w", "runs": [{"stages": {"a": 1}}]}', 'b.json': '{"shape": "w", "runs": [{"stages": {"a": 2}}]}' }, inputs: { records: 'a.json\nb.json' }, message: /^b\.json: shape "w" was already benched by a\.json/ },
  { title: 'a required stage missing from a run', files: { 'c.json': '{"shape": "cold", "runs": [{"stages": {"a": 1, "b": 1}}, {"stages": {"a": 1}}]}' }, inputs: { records: 'c.json', 'require-stages': 'cold: a, b' }, message: /^c\.json: required stage "b" of shape "cold" was reported in 1\/2 runs$/ },
  { title: 'a required shape that was not benched', files: { 'c.json': '{"shape": "cold", "runs": [{"stages": {"a": 1}}]}' }, inputs: { records: 'c.json', 'require-stages': 'warm: *' }, message: /^require-stages: shape "warm" was not benched; benched: cold$/ },
  { title: 'an unknown format', files: { 'c.json': '{}' }, inputs: { records: 'c.json', format: 'nope' }, message: /^format: unknown format "nope"/ },
];

describe('refusals through the bundled action', () => {
  it.each(refusals)('refuses $title with one line, exit 1 and nothing written', async ({ files, inputs, message }) => {
    const dir = await mkdtemp(join(tmpdir(), 'benchtrend-refuse-'));
    for (const [name, text] of Object.entries(files)) await writeFile(join(dir, name), text);
    const run = await runAction({ cwd: dir, event: pushEvent, inputs });
    try {
      expect(run.code).toBe(1);
      const errors = run.stdout.split('\n').filter((l) => l.startsWith('::error::'));
      expect(errors).toHaveLength(1);
      expect(errors[0]!.slice('::error::'.length)).toMatch(message);
      expect(run.outputs).toEqual({});
      expect(run.summary).toBe('');
      expect(await readdir(run.runnerTemp)).not.toContain('benchtrend');
    } finally {
      await run.dispose();
      await rm(dir, { recursive: true, force: true });
    }
  });
});
