import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyFile, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { run, USAGE } from '../../src/cli/compare.js';
import { main } from '../../src/cli.js';
import { UsageError, type CliIO } from '../../src/cli/io.js';
import { InputError } from '../../src/core/model.js';
import { FIXTURES } from '../helpers/paths.js';

let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'benchtrend-compare-'));
  await copyFile(join(FIXTURES, 'ab/baseline.json'), join(dir, 'baseline.json'));
  await copyFile(join(FIXTURES, 'ab/candidate.json'), join(dir, 'candidate.json'));
  const other = (shape: string, v: number) => JSON.stringify({ shape, runs: Array.from({ length: 8 }, (_, i) => ({ stages: { a: v + i / 100 } })) });
  await writeFile(join(dir, 'warm-base.json'), other('warm', 1));
  await writeFile(join(dir, 'warm-cand.json'), other('warm', 1));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

async function compare(argv: string[]) {
  let stdout = '';
  let stderr = '';
  const io: CliIO = { stdout: (t) => (stdout += t), stderr: (t) => (stderr += t), cwd: dir, env: {} };
  const code = await run(argv, io);
  return { code, stdout, stderr };
}

describe('benchtrend compare', () => {
  it('prints the report of two arms as aligned text', async () => {
    const r = await compare(['--baseline', 'baseline.json', '--candidate', 'candidate.json']);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    expect(r.stdout).toMatch(/^Compare: candidate against baseline\n=+\n/);
    const lines = r.stdout.split('\n');
    const head = lines.find((l) => l.startsWith('CASE '));
    const row = lines.find((l) => l.startsWith('first-session / create '));
    expect(row).toMatch(/^first-session \/ create +1096\.1 ms \(1078\.3–1129\.3\) +772\.95 ms \(758\.4–824\.1\) +8\/8 · 8\/8 .* -29\.48% +improved$/);
    // Right-aligned columns end where their heading ends.
    expect(row!.indexOf('-29.48%') + '-29.48%'.length).toBe(head!.indexOf('CHANGE') + 'CHANGE'.length);
    expect(r.stdout).not.toMatch(/\\[^\\]|<\/?(details|summary)>|\*\*|\| /);
  });

  it('--markdown prints the report the job summary and comments get', async () => {
    const r = await compare(['--baseline', 'baseline.json', '--candidate', 'candidate.json', '--markdown']);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    expect(r.stdout).toMatch(/^## Compare: candidate against baseline\n/);
    expect(r.stdout).toContain('| first\\-session / create | 1096.1 ms (1078.3–1129.3) | 772.95 ms (758.4–824.1) | 8/8 · 8/8 |');
    expect(r.stdout).toContain('| -29.48% | **improved** |');
  });

  it('--json prints the array; several files per arm follow their flag', async () => {
    const r = await compare(['--baseline', 'baseline.json', 'warm-base.json', '--json', '--candidate', 'candidate.json', 'warm-cand.json']);
    expect(r.code).toBe(0);
    const cases = JSON.parse(r.stdout) as { case: string; verdict: string; change: number; baseline: { median: number } }[];
    expect(cases.map((c) => c.case)).toEqual(['first-session / create', 'first-session / total', 'warm / a']);
    expect(cases[0]).toMatchObject({ verdict: 'improved', baseline: { median: 1.0961 } });
    expect(cases[0]!.change).toBeCloseTo(-0.2948, 4);
    expect(cases[2]).toMatchObject({ verdict: 'inconclusive', change: 0 });
  });

  it('globs name an arm too, and --min-effect and --control reach the verdicts', async () => {
    const r = await compare(['--baseline', 'base*.json', '--candidate', 'cand*.json', '--json', '--min-effect', '30%', '--control', 'create']);
    const cases = JSON.parse(r.stdout) as { case: string; verdict: string; control: boolean; drift: boolean }[];
    expect(cases.map((c) => [c.case, c.verdict, c.control])).toEqual([
      ['first-session / create', 'inconclusive', true],
      ['first-session / total', 'inconclusive', false],
    ]);
  });

  it('--direction-overrides decides which way is better, as on a publish: more free memory is improved', async () => {
    const mem = (v: number) => JSON.stringify(Array.from({ length: 8 }, (_, i) => ({ name: 'free', unit: 'Megabytes', value: v + (i % 3) })));
    await writeFile(join(dir, 'mem-base.json'), mem(100));
    await writeFile(join(dir, 'mem-cand.json'), mem(120));
    await writeFile(join(dir, 'overrides.txt'), 'customBiggerIsBetter / free: bigger\n');
    const argv = ['--baseline', 'mem-base.json', '--candidate', 'mem-cand.json', '--format', 'customBiggerIsBetter', '--json'];
    const byUnit = JSON.parse((await compare(argv)).stdout) as { direction: string; verdict: string }[];
    expect(byUnit[0]).toMatchObject({ direction: 'smaller', verdict: 'regressed' });
    const r = await compare([...argv, '--direction-overrides', 'overrides.txt']);
    expect(JSON.parse(r.stdout)[0]).toMatchObject({ direction: 'bigger', verdict: 'improved' });
    // The override settles the unit's disagreement with the format: nothing left to warn about.
    expect(r.stderr).toBe('');
  });

  it('--control takes a glob, as control-cases does on a push; one that names nothing is refused naming the flag', async () => {
    const r = await compare(['--baseline', 'baseline.json', '--candidate', 'candidate.json', '--json', '--control', 'first-session / cr*']);
    const cases = JSON.parse(r.stdout) as { case: string; control: boolean }[];
    expect(cases.map((c) => [c.case, c.control])).toEqual([
      ['first-session / create', true],
      ['first-session / total', false],
    ]);
    // The shared refusal names the action's control-cases; the command line names the flag typed.
    let stderr = '';
    const code = await main(['compare', '--baseline', 'baseline.json', '--candidate', 'candidate.json', '--control', 'warm / *'], { stdout: () => {}, stderr: (t) => (stderr += t), cwd: dir, env: {} });
    expect([code, stderr]).toEqual([1, 'benchtrend: --control: "warm / *" names no case of the comparison\n']);
  });

  it('refuses a missing file and a file with no arms, naming the file', async () => {
    await expect(compare(['--baseline', 'nope.json', '--candidate', 'candidate.json'])).rejects.toThrow(
      new InputError('nope.json: cannot read (no such file); the bench step may have exited 0 without writing it'),
    );
    await expect(compare(['baseline.json'])).rejects.toThrow(/^baseline\.json: holds no baseline and candidate arms/);
    await expect(compare(['--baseline', 'baseline.json', '--candidate', 'warm-cand.json'])).rejects.toThrow(/^compare: the arms share no shape/);
  });

  it('refuses a --min-effect as publish and the action refuse theirs, not as a usage error', async () => {
    const refused = compare(['--baseline', 'baseline.json', '--candidate', 'candidate.json', '--min-effect', '1']);
    await expect(refused).rejects.toBeInstanceOf(InputError);
    await expect(refused).rejects.toThrow('--min-effect: expected a percentage below 100% such as "1%", got "1"');
  });

  it('names the arm option whose pattern matches no file', async () => {
    await expect(compare(['--baseline', 'base-*.json', '--candidate', 'candidate.json'])).rejects.toThrow(
      new InputError('--baseline: the pattern "base-*.json" matched no file; the bench step may have exited 0 without writing its records'),
    );
    await expect(compare(['--baseline', 'baseline.json', '--candidate', 'cand-*.json'])).rejects.toThrow(/^--candidate: the pattern "cand-\*\.json" matched no file;/);
  });

  it.each([
    [[], /needs --baseline FILE\.\.\. and --candidate FILE\.\.\./],
    [['--baseline', 'baseline.json'], /--baseline was given without --candidate/],
    [['x.json', '--baseline', 'a', '--candidate', 'b'], /^x\.json: a file before --baseline or --candidate belongs to no arm$/],
    [['--nope'], /^unknown option '--nope'$/],
    [['--baselin', 'a.json'], /^unknown option '--baselin'; did you mean '--baseline'\?$/],
  ])('usage error for %j', async (argv, message) => {
    await expect(compare(argv)).rejects.toThrow(UsageError);
    await expect(compare(argv)).rejects.toThrow(message);
  });

  it('--help prints the usage', async () => {
    const r = await compare(['--help']);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(`${USAGE}\n`);
  });
});

describe('benchtrend compare FILE (both arms in one file)', () => {
  it('compares the Orca ABBA result alone, its controls included', async () => {
    await copyFile(join(FIXTURES, 'orca/startup-ab.json'), join(dir, 'startup-ab.json'));
    const r = await compare(['startup-ab.json', '--json']);
    expect(r.code).toBe(0);
    const cases = JSON.parse(r.stdout) as { case: string; verdict: string; control: boolean; pairs: number; unit: string }[];
    expect(cases).toHaveLength(16);
    expect(cases.every((c) => c.pairs === 12 && c.unit === 'ms')).toBe(true);
    expect(cases.filter((c) => c.control).map((c) => c.case)).toEqual(['orca / spawnToAppReady', 'orca / appReadyToServices', 'orca / servicesToI18n']);
    const md = await compare(['startup-ab.json']);
    expect(md.stdout).toContain('0 improved, 0 regressed, 13 inconclusive, 3 controls, no drift · 12 paired rounds');
  });

  it('refuses the two-arm file given as one arm', async () => {
    await copyFile(join(FIXTURES, 'orca/startup-ab.json'), join(dir, 'ab2.json'));
    await expect(compare(['--baseline', 'ab2.json', '--candidate', 'candidate.json'])).rejects.toThrow(/^ab2\.json: carries a candidate arm but was given as the baseline/);
  });
});
