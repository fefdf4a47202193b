/**
 * Issue #15, the input half: what a hostile or broken input does to the trend, through the bundled
 * CLI (dist/cli.js) against real bare repositories. Each bad input is refused with one line naming
 * the file, the case and the field, exit 1, nothing pushed, and the trend stays readable.
 */
import { truncate, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { chunkPath } from '../../src/core/trend/layout.js';
import { chunksFor } from '../../src/core/trend/load.js';

/** The format-2 file that holds segment `seq` of a trend of `segments` segments. */
function chunkOf(seq: number, segments: number = seq + 1): string {
  const c = chunksFor(seq, seq + 1, { version: 2, segments })[0]!;
  return chunkPath(c.level, c.index);
}
import type { HistoryRow } from '../../src/core/trend/history.js';
import { runCli } from '../helpers/run-action.js';
import { gitSandbox, type GitSandbox } from './helpers/git-server.js';

let sb: GitSandbox;
let checkout: string;
let remote: string;
/** The trend after one good publish, made once: each test starts from a copy of it. */
let seeded: { sb: GitSandbox; remote: string; tip: string };

/** A sandbox with an app checkout (one commit) and, once seeded, the trend at ../trend.git. */
async function sandbox(): Promise<{ sb: GitSandbox; checkout: string; remote: string }> {
  const box = await gitSandbox('benchtrend-hostile-');
  const app = join(box.root, 'app');
  await box.git(['init', '--quiet', '--initial-branch=main', app]);
  await writeFile(join(app, 'README.md'), 'app\n');
  await box.git(['add', 'README.md'], app);
  await box.git(['commit', '--quiet', '-m', 'Start'], app);
  return { sb: box, checkout: app, remote: join(box.root, 'trend.git') };
}

beforeAll(async () => {
  ({ sb, checkout, remote } = await sandbox());
  await sb.bareRemote('trend');
  const f = await file('seed.json', JSON.stringify({ shape: 'seed', runs: [{ stages: { a: 1 } }, { stages: { a: 1.2 } }] }));
  expect((await publish([f])).code).toBe(0);
  const h = await history();
  expect(h.code).toBe(0);
  expect(h.rows.map((row) => row.case)).toEqual(['seed / a']);
  seeded = { sb, remote, tip: (await sb.revParse(remote, 'refs/heads/gh-pages')) as string };
});
afterAll(() => seeded.sb.dispose());

beforeEach(async () => {
  ({ sb, checkout, remote } = await sandbox());
});
afterEach(() => sb.dispose());

const env = () => ({ ...sb.env, RUNNER_TEMP: join(sb.root, 'tmp') });

async function file(name: string, text: string | Buffer): Promise<string> {
  await writeFile(join(checkout, name), text);
  return name;
}

function publish(files: readonly string[], ...extra: string[]) {
  return runCli(['publish', ...files, '--repo', '../trend.git', '--commit', 'HEAD', ...extra], checkout, env());
}

async function history(): Promise<{ code: number; rows: HistoryRow[]; stderr: string }> {
  const r = await runCli(['history', '--repo', '../trend.git'], checkout, env());
  return { code: r.code, rows: r.code === 0 ? (JSON.parse(r.stdout) as HistoryRow[]) : [], stderr: r.stderr };
}

/**
 * A good first publish, so that each refusal can be seen to leave the branch where it was: a copy
 * of the one made before the tests (its history read there), the same commit.
 */
async function seed(): Promise<string> {
  await sb.copyRemote(seeded.remote, 'trend');
  expect(await sb.revParse(remote, 'refs/heads/gh-pages')).toBe(seeded.tip);
  return seeded.tip;
}

/** stderr without the progress and warning lines a publish logs: the refusals. */
function said(stderr: string): string[] {
  return stderr.split('\n').filter((l) => l !== '' && !/^benchtrend: (?:Publishing|Published|warning:) /.test(l));
}

/**
 * The refusal is one line, exit 1, and the branch is where it was: the seeded commit, whose
 * history was read back before the tests (the same commit reads the same).
 */
async function expectRefused(r: { code: number; stderr: string }, tip: string, line: RegExp): Promise<void> {
  expect(r.code).toBe(1);
  const lines = said(r.stderr);
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatch(line);
  expect(await sb.revParse(remote, 'refs/heads/gh-pages')).toBe(tip);
}

const pytest = (stats: Record<string, number>) =>
  JSON.stringify({
    machine_info: {},
    benchmarks: [{ name: 'test_parse', fullname: 'tests/test_parse.py::test_parse', stats: { min: 1e-3, max: 2e-3, mean: 1.5e-3, stddev: 1e-4, rounds: 5, median: 1.5e-3, q1: 1.2e-3, q3: 1.8e-3, ...stats } }],
  });

describe('row 1: points that would not round-trip are refused at ingest', () => {
  it('refuses a pytest q1 of 1e-320, whose 1/q1 overflows to Infinity', async () => {
    const tip = await seed();
    const f = await file('pytest.json', pytest({ q1: 1e-320 }));
    await expectRefused(await publish([f]), tip, /^benchtrend: pytest\.json: case "pytest \/ tests\/test_parse\.py::test_parse": q3 is Infinity, not a finite number \(JSON would store it as null\); refused, nothing is published$/);
  });

  it('refuses a pytest round count of -3', async () => {
    const tip = await seed();
    const f = await file('pytest.json', pytest({ rounds: -3 }));
    await expectRefused(await publish([f]), tip, /^benchtrend: pytest\.json: case "pytest \/ tests\/test_parse\.py::test_parse": runs is -3, but a count of runs is a whole number of at least 0; refused, nothing is published$/);
  });

  it('refuses custom values whose range overflows: 1.7e308 with 50%, and ± 1e309', async () => {
    const tip = await seed();
    const a = await file('a.json', JSON.stringify([{ name: 'big', unit: 'ms', value: 1.7e308, range: '50%' }]));
    await expectRefused(await publish([a]), tip, /^benchtrend: a\.json: case "customSmallerIsBetter \/ big": q1 is -Infinity, not a finite number/);
    const b = await file('b.json', JSON.stringify([{ name: 'wide', unit: 'ms', value: 3, range: '± 1e309' }]));
    await expectRefused(await publish([b]), tip, /^benchtrend: b\.json: case "customSmallerIsBetter \/ wide": q1 is -Infinity, not a finite number/);
  });

  it('refuses a point whose conversion into the stored unit overflows (1e300 s into a case kept in ns)', async () => {
    await seed();
    const ns = await file('ns.json', JSON.stringify([{ name: 'step', unit: 'ns', value: 120 }]));
    expect((await publish([ns], '--shape', 'conv')).code).toBe(0);
    const tip = (await sb.revParse(remote, 'refs/heads/gh-pages')) as string;
    const s = await file('s.json', JSON.stringify([{ name: 'step', unit: 's', value: 1e300 }]));
    const r = await publish([s], '--shape', 'conv');
    expect(r.code).toBe(1);
    expect(said(r.stderr)).toEqual([
      `benchtrend: gh-pages:dev/bench/${chunkOf(2)}: benchtrend would write data its readers refuse (case "conv / step": points[0].value is Infinity, not a finite number (JSON would store it as null)); nothing was pushed`,
    ]);
    expect(await sb.revParse(remote, 'refs/heads/gh-pages')).toBe(tip);
    const h = await history();
    expect(h.code).toBe(0);
    expect(h.rows.map((row) => [row.case, row.unit, row.value])).toEqual([['seed / a', 's', 1.1], ['conv / step', 'ns', 120]]);
  });
});

describe('row 2: names are text', () => {
  it('refuses a stage named with half an emoji, and one holding NUL or a line break, naming the file and the name', async () => {
    const tip = await seed();
    const cut = await file('cut.json', '{"shape": "w", "runs": [{"stages": {"load \\ud83d": 1}}]}');
    await expectRefused(await publish([cut]), tip, /^benchtrend: cut\.json: the benchmark name "load \\ud83d" holds a lone surrogate \(a character cut in half, not valid Unicode\); rename it in the bench$/);
    const nul = await file('nul.json', '{"shape": "w", "runs": [{"stages": {"a\\u0000b": 1}}]}');
    await expectRefused(await publish([nul]), tip, /^benchtrend: nul\.json: the benchmark name "a\\u0000b" holds NUL \(U\+0000\); rename it in the bench$/);
    const line = await file('line.json', '{"shape": "w\\nx", "runs": [{"stages": {"a": 1}}]}');
    await expectRefused(await publish([line]), tip, /^benchtrend: line\.json: the shape "w\\nx" holds a line break \(U\+000A\); rename it in the bench$/);
  });

  it('refuses a suite that is not text, and normalises a note with control characters and half an emoji', async () => {
    const tip = await seed();
    const ok = await file('ok.json', JSON.stringify({ shape: 'w', runs: [{ stages: { a: 1 } }] }));
    const r = await publish([ok], '--suite', 'x\u0007y');
    expect(r.code).toBe(1);
    // Refused at the start, naming the option, before the branch is fetched.
    expect(said(r.stderr)).toEqual(['benchtrend: --suite: "x\\u0007y" holds a control character (U+0007); rename the suite']);
    expect(await sb.revParse(remote, 'refs/heads/gh-pages')).toBe(tip);

    expect((await publish([ok], '--note', 'linux\u0007 \ud83d\nx64')).code).toBe(0);
    const rows = (await history()).rows;
    expect(rows.find((row) => row.case === 'w / a')?.extra).toBe('linux \uFFFD x64');
  });

  it('reads a record that starts with a byte order mark, and spells a BOM inside a name visibly', async () => {
    const tip = await seed();
    const bom = await file('bom.json', `\uFEFF${JSON.stringify({ shape: 'bom', runs: [{ stages: { a: 1 } }] })}`);
    const inside = await file('inside.json', JSON.stringify({ shape: 'w', runs: [{ stages: { '\uFEFFa': 1 } }] }));
    await expectRefused(await publish([inside]), tip, /^benchtrend: inside\.json: the benchmark name "\\ufeffa" holds a byte order mark \(U\+FEFF\); rename it in the bench$/);
    const r = await publish([bom]);
    expect(said(r.stderr)).toEqual([]);
    expect(r.code).toBe(0);
  });
});

describe('rows 7 and 9: NaN, Inf and negative times are refused in every format, never dropped', () => {
  it('refuses go lines of NaN ns/op, +Inf ns/op and -50 ns/op', async () => {
    const tip = await seed();
    const good = 'BenchmarkB-8   1000   120 ns/op\n';
    for (const [name, line, why] of [
      ['nan.txt', 'BenchmarkA-8   1000   NaN ns/op\n', /^benchtrend: nan\.txt: line 2: the value of ns\/op must be a finite number, got "NaN"$/],
      ['inf.txt', 'BenchmarkA-8   1000   +Inf ns/op\n', /^benchtrend: inf\.txt: line 2: the value of ns\/op must be a finite number, got "\+Inf"$/],
      ['neg.txt', 'BenchmarkA-8   1000   -50 ns/op\n', /^benchtrend: neg\.txt: case "go \/ BenchmarkA": samples\[0\] is -50, but a time or a rate cannot be negative; refused, nothing is published$/],
    ] as const) {
      const f = await file(name, `${good}${line}PASS\n`);
      await expectRefused(await publish([f], '--format', 'go'), tip, why);
    }
  });

  it('refuses a hyperfine time of -0.01 s', async () => {
    const tip = await seed();
    const f = await file('hf.json', JSON.stringify({ results: [{ command: 'sleep 0', mean: 0.01, times: [0.01, -0.01, 0.02] }] }));
    await expectRefused(await publish([f]), tip, /^benchtrend: hf\.json: case "hyperfine \/ sleep 0": samples\[1\] is -0\.01, but a time or a rate cannot be negative; refused, nothing is published$/);
  });
});

describe('rows 7 and 9 in the other formats: a broken value is refused naming it, never skipped', () => {
  it('refuses luau lines of nan ms, inf ms, a nan deviation and -15 ms', async () => {
    const tip = await seed();
    const good = 'SUCCESS: chess : 69.560ms +/- 0.212% on luau\n';
    for (const [name, line, why] of [
      ['nan.txt', 'SUCCESS: base64 : nanms +/- 0.636% on luau\n', /^benchtrend: nan\.txt: line 2: the time must be a finite number, got "nan"$/],
      ['inf.txt', 'SUCCESS: base64 : infms +/- 0.636% on luau\n', /^benchtrend: inf\.txt: line 2: the time must be a finite number, got "inf"$/],
      ['dev.txt', 'SUCCESS: base64 : 15.041ms +/- -nan% on luau\n', /^benchtrend: dev\.txt: line 2: the deviation must be a finite number, got "-nan"$/],
      ['neg.txt', 'SUCCESS: base64 : -15.041ms +/- 0.636% on luau\n', /^benchtrend: neg\.txt: case "benchmarkluau \/ base64": value is -15\.041, but a time or a rate cannot be negative; refused, nothing is published$/],
    ] as const) {
      const f = await file(name, `${good}${line}`);
      await expectRefused(await publish([f], '--format', 'benchmarkluau'), tip, why);
    }
  });

  it('refuses a qwen-code NaN or Infinity in a measured run, a unit field or a percentile block, naming the field', async () => {
    const tip = await seed();
    const snapshot = (extra: Record<string, string>) =>
      `{"version": 1, "capturedAt": "2026-07-17T09:41:12.004Z", "runs": [{"measured": false, "startMs": NaN}, {"measured": true, "startMs": 640}, {"measured": true, "startMs": ${extra['run'] ?? '650'}}], "peakRssMB": ${extra['rss'] ?? '182.4'}, "boot": {"count": 2, "p50": ${extra['p50'] ?? '1911'}, "min": 1900, "max": 1920}}`;
    // A warm-up's NaN is left out with the warm-up: it was never going to be a point.
    const ok = await file('ok.json', snapshot({}));
    expect((await runCli(['cases', ok, '--format', 'qwen-code'], checkout, env())).code).toBe(0);
    for (const [name, extra, why] of [
      ['run.json', { run: 'NaN' }, /^benchtrend: run\.json: runs\[2\]\.startMs must be a finite number or null, got NaN$/],
      ['rss.json', { rss: 'Infinity' }, /^benchtrend: rss\.json: peakRssMB must be a finite number or null, got Infinity$/],
      ['p50.json', { p50: 'NaN' }, /^benchtrend: p50\.json: boot\.p50 must be a finite number or null, got NaN$/],
    ] as const) {
      const f = await file(name, snapshot(extra));
      await expectRefused(await publish([f], '--format', 'qwen-code'), tip, why);
    }
  });
});

describe('row 8 and row 11: bounded inputs, bounded segments, bounded manifests', () => {
  it('refuses a 200 MB input from its size, before reading it', async () => {
    const tip = await seed();
    const f = await file('huge.json', '');
    await truncate(join(checkout, f), 200 * 1024 * 1024);
    await expectRefused(await publish([f]), tip, /^benchtrend: huge\.json: 200 MiB is more than the 64 MiB an input file may hold; split the bench's output or keep fewer runs \(a tool's own summary is enough\)$/);
  });

  it('keeps the statistics, not the runs, of a record past 1,000 runs', async () => {
    await seed();
    const runs = Array.from({ length: 5000 }, (_, i) => ({ stages: { a: 1 + (i % 100) / 1000 } }));
    const f = await file('many.json', JSON.stringify({ shape: 'many', runs }));
    expect((await publish([f])).code).toBe(0);
    const row = (await history()).rows.find((r) => r.case === 'many / a') as HistoryRow;
    expect(row.samples).toEqual([]);
    expect([row.value, row.runs]).toEqual([1.0495, 5000]);
  });

  it('refuses to write a segment of more than 4 MiB', async () => {
    const tip = await seed();
    const entries = Array.from({ length: 16000 }, (_, i) => ({ name: `case number ${i}`, unit: 'ms', value: i + 1, range: '± 1', extra: `${'x'.repeat(300)} ${i}` }));
    const f = await file('wide.json', JSON.stringify(entries));
    await expectRefused(await publish([f]), tip, /^benchtrend: gh-pages:dev\/bench\/data\/c\/0\/0000\/00000001\.json: benchtrend would write data its readers refuse \(a segment of \d+ KiB, more than the 4 MiB one publish may write; publish fewer cases or fewer runs per case\); nothing was pushed$/);
  });

  it('stores a finite stdev for samples near 1e308', async () => {
    await seed();
    const f = await file('edge.json', JSON.stringify({ shape: 'edge', runs: [{ stages: { a: 1.5e308 } }, { stages: { a: 1.7e308 } }, { stages: { a: 1.6e308 } }] }));
    expect((await publish([f])).code).toBe(0);
    const row = (await history()).rows.find((r) => r.case === 'edge / a') as HistoryRow;
    expect(row.stdev).toBeCloseTo(1e307, -300);
  });

  it('refuses a manifest counting 1e15 segments, or more segments than exist, instead of reading for them', async () => {
    await seed();
    const work = join(sb.root, 'work');
    await sb.git(['clone', '--quiet', '--branch', 'gh-pages', remote, work]);
    const path = join(work, 'dev/bench/manifest.json');
    const { readFile } = await import('node:fs/promises');
    const manifest = JSON.parse(await readFile(path, 'utf8')) as { segments: number };
    for (const [segments, why] of [
      [1e15, /^benchtrend: gh-pages:dev\/bench\/manifest\.json: segments is 1000000000000000, more than the 100000000 a real trend can hold; the manifest is damaged, so the trend cannot be read$/],
      [5_000_000, new RegExp(`^benchtrend: gh-pages:dev/bench/manifest\\.json: counts 5000000 segments but gh-pages:dev/bench/${chunkOf(4_999_999, 5_000_000)} is missing; the manifest is damaged$`)],
    ] as const) {
      await writeFile(path, JSON.stringify({ ...manifest, segments }));
      await sb.git(['commit', '--quiet', '--all', '-m', 'edited by hand'], work);
      await sb.git(['push', '--quiet', 'origin', 'gh-pages'], work);
      const h = await history();
      expect(h.code).toBe(1);
      expect(h.stderr.trimEnd()).toMatch(why);
    }
  });
});

describe('rows 6 and 11: a trend path that is a folder or a gitlink', () => {
  async function replace(edit: (work: string) => Promise<void>): Promise<string> {
    const work = join(sb.root, `work-${Math.random().toString(36).slice(2)}`);
    await sb.git(['clone', '--quiet', '--branch', 'gh-pages', remote, work]);
    await edit(work);
    await sb.git(['commit', '--quiet', '-m', 'edited by hand'], work);
    await sb.git(['push', '--quiet', 'origin', 'gh-pages'], work);
    return (await sb.revParse(remote, 'refs/heads/gh-pages')) as string;
  }

  it('refuses to publish over a segment replaced by a folder, naming the path', async () => {
    await seed();
    const seg = `dev/bench/${chunkOf(0)}`;
    const tip = await replace(async (work) => {
      // Without the regression state (a trend written before it), the publish reads the chunks.
      await sb.git(['rm', '--quiet', '-r', seg, 'dev/bench/data/r'], work);
      const { mkdir } = await import('node:fs/promises');
      await mkdir(join(work, seg), { recursive: true });
      await writeFile(join(work, seg, 'x'), 'x\n');
      await sb.git(['add', '-A'], work);
    });
    const f = await file('next.json', JSON.stringify({ shape: 'seed', runs: [{ stages: { a: 1 } }] }));
    const r = await publish([f]);
    expect(r.code).toBe(1);
    expect(said(r.stderr)).toEqual([`benchtrend: gh-pages:${seg}: a folder where a file was expected; refusing to publish over it`]);
    expect(await sb.revParse(remote, 'refs/heads/gh-pages')).toBe(tip);
    const h = await history();
    expect(h.code).toBe(1);
    // A command that only reads says what the damage means for it.
    expect(h.stderr).toBe(`benchtrend: gh-pages:${seg}: a folder where a file was expected; the trend cannot be read\n`);
  });

  it('refuses a gitlink at a trend path, naming the path', async () => {
    await seed();
    const seg = `dev/bench/${chunkOf(0)}`;
    const tip = await replace(async (work) => {
      await sb.git(['rm', '--quiet', '-r', seg, 'dev/bench/data/r'], work);
      await sb.git(['update-index', '--add', '--cacheinfo', `160000,${'1'.repeat(40)},${seg}`], work);
    });
    const f = await file('next.json', JSON.stringify({ shape: 'seed', runs: [{ stages: { a: 1 } }] }));
    const r = await publish([f]);
    expect(r.code).toBe(1);
    expect(said(r.stderr)).toEqual([`benchtrend: gh-pages:${seg}: a gitlink (submodule) where a file was expected; refusing to publish over it`]);
    expect(await sb.revParse(remote, 'refs/heads/gh-pages')).toBe(tip);
  });
});

describe('row 12: a chunk deleted by hand, read by a command that publishes nothing', () => {
  it('has history say the trend has a hole, not that it refuses to publish', async () => {
    await seed();
    expect((await publish([await file('next.json', JSON.stringify({ shape: 'seed', runs: [{ stages: { a: 1 } }] }))])).code).toBe(0);
    const seg = `dev/bench/${chunkOf(0, 2)}`;
    const work = join(sb.root, 'work');
    await sb.git(['clone', '--quiet', '--branch', 'gh-pages', remote, work]);
    await sb.git(['rm', '--quiet', seg], work);
    await sb.git(['commit', '--quiet', '-m', 'edited by hand'], work);
    await sb.git(['push', '--quiet', 'origin', 'gh-pages'], work);

    const h = await history();

    expect(h.code).toBe(1);
    expect(h.stderr).toBe(`benchtrend: gh-pages:${seg}: missing, but gh-pages:dev/bench/manifest.json lists segments up to 1, segment 0 among them; the trend has a hole and cannot be read\n`);
  });
});

describe('a --url or --run-url that is not a web address', () => {
  it('is refused as a usage error naming the option and the value, nothing written', async () => {
    const tip = await seed();
    const f = await file('next.json', JSON.stringify({ shape: 'seed', runs: [{ stages: { a: 1 } }] }));
    for (const [option, value] of [
      ['--url', 'notaurl'],
      ['--url', 'javascript:alert(1)'],
      ['--run-url', 'ftp://example.com/run/1'],
    ] as const) {
      const r = await publish([f], option, value);
      expect(r.code).toBe(2);
      expect(r.stderr.split('\n')[0]).toBe(`benchtrend publish: ${option}: ${JSON.stringify(value)} is not an http(s) URL, like https://github.com/owner/repo/${option === '--url' ? 'commit/<sha>' : 'actions/runs/<id>'}`);
      expect(await sb.revParse(remote, 'refs/heads/gh-pages')).toBe(tip);
    }
    expect((await publish([f], '--url', 'https://git.example.com/o/r/commit/1', '--run-url', 'http://ci.example.com/runs/7')).code).toBe(0);
  });
});
