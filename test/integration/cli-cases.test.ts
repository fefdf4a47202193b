import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FIXTURES } from '../helpers/paths.js';
import { runCli } from '../helpers/run-action.js';
import { REFUSALS } from '../helpers/refusals.js';

let dir: string;
const warm = join(FIXTURES, 'records/warm.json');
const cold = join(FIXTURES, 'records/cold-recreate.json');

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'benchtrend-cli-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('benchtrend cases (dist/cli.js)', () => {
  it('yields the names, units, values and ranges of cases.expected.json', async () => {
    const r = await runCli(['cases', warm, cold, '--note', 'v0.26.1, Linux-X64'], dir);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const got = JSON.parse(r.stdout) as { name: string; unit: string; value: number; range: string; extra: string }[];
    const expected = JSON.parse(await readFile(join(FIXTURES, 'records/cases.expected.json'), 'utf8')) as typeof got;
    const num = (s: string) => Number(s.replace(/^±\s*/, ''));
    expect(got.map((c) => [c.name, c.unit, c.value, num(c.range)])).toEqual(expected.map((c) => [c.name, c.unit, c.value, num(c.range)]));
    expect(got.map((c) => c.extra)).toEqual(expected.map((c) => c.extra.replace('wall=16.0s', 'wall=16s')));
  });

  it('writes --out only on success', async () => {
    const out = join(dir, 'sub', 'cases.json');
    const r = await runCli(['cases', warm, '--out', out], dir);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('');
    expect(JSON.parse(await readFile(out, 'utf8'))).toHaveLength(4);
    const bad = join(dir, 'bad.json');
    await writeFile(bad, '{"shape": "x", "runs": []}');
    const out2 = join(dir, 'never.json');
    const r2 = await runCli(['cases', warm, bad, '--out', out2], dir);
    expect(r2.code).toBe(1);
    expect(existsSync(out2)).toBe(false);
    // A folder given for the file: one line naming the option.
    const r3 = await runCli(['cases', warm, '--out', dir], dir);
    expect([r3.code, r3.stderr]).toEqual([1, `benchtrend: --out: cannot write ${dir} (it is a directory); give a file name\n`]);
    // The record itself given as --out is refused, and left as it was.
    const own = join(dir, 'own.json');
    await writeFile(own, await readFile(warm));
    const r4 = await runCli(['cases', own, '--out', 'own.json'], dir);
    expect([r4.code, r4.stderr]).toEqual([1, `benchtrend: --out: own.json is the record ${own} just read; writing the cases there would replace it, give another file\n`]);
    expect(await readFile(own, 'utf8')).toBe(await readFile(warm, 'utf8'));
    const shape = await runCli(['cases', join(FIXTURES, 'github-action-benchmark/input/go_single_package_output.txt'), '--shape', 'go\nlinux'], dir);
    expect([shape.code, shape.stderr]).toEqual([1, 'benchtrend: --shape: "go\\nlinux" holds a line break (U+000A); rename the shape\n']);
  });

  it('names go benchmarks with their package under --go-force-package-suffix, as publish does', async () => {
    const r = await runCli(['cases', join(FIXTURES, 'github-action-benchmark/input/go_single_package_output.txt'), '--go-force-package-suffix'], dir);
    expect(r.code, r.stderr).toBe(0);
    expect((JSON.parse(r.stdout) as { name: string }[]).map((c) => c.name)).toEqual(['go / BenchmarkFib10 (github.com/example/mypackage)', 'go / BenchmarkFib20 (github.com/example/mypackage)']);
  });

  it('requires every stage a shape reported unless --require-stages narrows it', async () => {
    const partial = join(dir, 'partial.json');
    await writeFile(partial, JSON.stringify({ shape: 'cold', runs: [{ stages: { a: 1, b: 2 } }, { stages: { a: 1 } }] }));
    const all = await runCli(['cases', partial, '--require-stages-on', 'cold'], dir);
    expect(all.code).toBe(1);
    expect(all.stderr).toBe(`benchtrend: ${partial}: required stage "b" of shape "cold" was reported in 1/2 runs\n`);
    const narrowed = await runCli(['cases', partial, '--require-stages-on', 'cold', '--require-stages', 'a'], dir);
    expect(narrowed.code).toBe(0);
    const missingShape = await runCli(['cases', partial, '--require-stages-on', 'warm'], dir);
    expect(missingShape.code).toBe(1);
    expect(missingShape.stderr).toBe('benchtrend: --require-stages-on: shape "warm" was not benched; benched: cold\n');
  });

  it.each([
    ['missing file', ['cases', 'nope.json'], /^benchtrend: nope\.json: cannot read \(no such file\); the bench step may have exited 0 without writing it\n$/],
    ['not JSON', ['cases', 'half.json'], /^benchtrend: half\.json: not JSON/],
    ['no shape', ['cases', 'noshape.json'], /^benchtrend: noshape\.json: no shape/],
    ['duplicate shapes', ['cases', 'half-a.json', 'half-b.json'], /^benchtrend: half-b\.json: shape "d" was already benched by half-a\.json/],
  ])('refuses a %s with exit 1 and one line', async (_t, args, message) => {
    await writeFile(join(dir, 'half.json'), '{"shape": "w", "ru');
    await writeFile(join(dir, 'noshape.json'), '{"runs": [{"stages": {}}]}');
    await writeFile(join(dir, 'half-a.json'), '{"shape": "d", "runs": [{"stages": {"a": 1}}]}');
    await writeFile(join(dir, 'half-b.json'), '{"shape": "d", "runs": [{"stages": {"a": 1}}]}');
    const r = await runCli(args, dir);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(message);
    expect(r.stderr.trimEnd().split('\n')).toHaveLength(1);
  });

  it('exits 2 on usage errors and documents itself with --help', async () => {
    expect((await runCli(['cases'], dir)).code).toBe(2);
    const unknown = await runCli(['cases', warm, '--bogus'], dir);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/--bogus/);
    expect((await runCli(['cases', warm, '--require-stages', 'a'], dir)).code).toBe(2);
    expect((await runCli(['frobnicate'], dir)).code).toBe(2);
    const help = await runCli(['cases', '--help'], dir);
    expect(help.code).toBe(0);
    for (const flag of ['--out', '--note', '--require-stages-on', '--require-stages']) expect(help.stdout).toContain(flag);
    const top = await runCli(['--help'], dir);
    expect(top.code).toBe(0);
    expect(top.stdout).toMatch(/cases\s+print the flat case array/);
  });
});

describe('benchtrend demo (dist/cli.js)', () => {
  it('runs on the bundled samples and says where its files are', async () => {
    const r = await runCli(['demo', '--dir', join(dir, 'demo')], dir);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^cold-recreate \/ total +15\.9 s +15\.9–15\.9 s +3\/3$/m);
    const casesPath = /Cases: +(.+)\n/.exec(r.stdout)?.[1];
    expect(casesPath).toBeDefined();
    expect(JSON.parse(await readFile(casesPath!, 'utf8'))).toHaveLength(9);
    // It ends with the path of the chart, published beside the data of a 12-commit history.
    const chart = /Chart: +(.+)\n$/.exec(r.stdout)?.[1];
    expect(chart).toMatch(/index\.html$/);
    expect(await readFile(chart!, 'utf8')).toMatch(/<!doctype html>/i);
    const manifest = JSON.parse(await readFile(join(chart!, '..', 'manifest.json'), 'utf8')) as { segments: number; cases: unknown[]; alerts: { case: string; kind: string }[] };
    expect(manifest.segments).toBe(12);
    expect(manifest.cases).toHaveLength(9);
    // The sample history steps up 15% two thirds in: every case is judged and the step stored.
    expect(r.stdout).toContain('Verdicts at the last of 12 commits\n====');
    expect(r.stdout).toMatch(/^warm \/ attach +[a-z ]*regressed +\d/m);
    expect(r.stdout).not.toMatch(/\\|\| |###/);
    // The change leaves host preparation alone: the 7 cases it slowed, one group at its commit.
    expect(new Set(manifest.alerts.map((a) => a.case)).size).toBe(7);
  });
});

/** The action's inputs as the CLI's arguments: records → positionals, require-stages → --require-stages-on/--require-stages. */
function cliArgs(inputs: Record<string, string>): string[] {
  const args = ['cases', ...inputs['records']!.split('\n')];
  if (inputs['format']) args.push('--format', inputs['format']);
  for (const line of (inputs['require-stages'] ?? '').split('\n').filter(Boolean)) {
    const [shape, stages] = line.split(':').map((s) => s.trim()) as [string, string];
    args.push('--require-stages-on', shape);
    if (stages !== '*') args.push('--require-stages', stages.replace(/\s+/g, ''));
  }
  return args;
}

describe('every refusal through the bundled CLI', () => {
  it.each(REFUSALS)('refuses $title: exit 1, one "benchtrend: " line, nothing written', async ({ files, inputs, message }) => {
    const dir = await mkdtemp(join(tmpdir(), 'benchtrend-cli-refuse-'));
    try {
      for (const [name, text] of Object.entries(files)) await writeFile(join(dir, name), text);
      const out = join(dir, 'cases.out.json');
      const r = await runCli([...cliArgs(inputs), '--out', out], dir);
      expect(r.code).toBe(1);
      expect(r.stdout).toBe('');
      const lines = r.stderr.trimEnd().split('\n');
      expect(lines).toHaveLength(1);
      expect(lines[0]!.startsWith('benchtrend: ')).toBe(true);
      expect(lines[0]!.slice('benchtrend: '.length)).toMatch(message);
      expect(existsSync(out)).toBe(false);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
