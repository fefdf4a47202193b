import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { InputError } from '../../src/core/model.js';
import { readHistory } from '../../src/core/trend/history.js';
import { barOf, importGab, parseRange } from '../../src/core/trend/import-gab.js';
import { chunkPath, segmentPath } from '../../src/core/trend/layout.js';
import { coverChunks, loadSegments } from '../../src/core/trend/load.js';
import { NEWEST_PATH } from '../../src/core/trend/newest.js';
import type { Manifest, Segment } from '../../src/core/trend/types.js';
import { statePath } from '../../src/core/trend/regress-state.js';
import { FIXTURES } from '../helpers/paths.js';
import { LOCATION, MemoryTrend, commit, syntheticPoints } from './trend-memory.js';

interface GabBench { name: string; value: number; unit: string; range?: string; extra?: string }
interface GabEntry { commit: { id: string; message: string; timestamp: string; url: string; author: { name: string } }; date: number; tool: string; benches: GabBench[] }
interface GabData { entries: Record<string, GabEntry[]> }

/** The file evaluated as the browser would: independent of the importer's parsing. */
function evaluate(text: string): GabData {
  const sandbox = { window: {} as { BENCHMARK_DATA?: GabData } };
  runInNewContext(text, sandbox);
  return sandbox.window.BENCHMARK_DATA!;
}

const FILES = ['github-action-benchmark-data.js', 'prisma-data.js', 'snarkVM-data.js'];

describe('parseRange', () => {
  it.each([
    ['± 0.12', 10, 9.88, 10.12, undefined],
    ['± 9.1e-05', 1, 1 - 9.1e-5, 1 + 9.1e-5, undefined],
    ['±1.2%', 50, 49.4, 50.6, undefined],
    ['+- 3', 10, 7, 13, undefined],
    ['+/- 2,802', 34001, 31199, 36803, undefined],
    ['+/- 35', 254, 219, 289, undefined],
    ['stddev: 0.000020419912819191845', 1, 1 - 0.000020419912819191845, 1 + 0.000020419912819191845, 0.000020419912819191845],
    ['1.5%', 200, 197, 203, undefined],
    ['3', 100, 97, 103, undefined],
  ])('%s around %d', (text, value, lo, hi, stdev) => {
    const r = parseRange(text, value)!;
    expect(r.lo).toBeCloseTo(lo, 12);
    expect(r.hi).toBeCloseTo(hi, 12);
    expect(r.stdev).toBe(stdev);
  });

  it('says nothing for text it cannot read', () => {
    expect(parseRange('about ten', 1)).toBeUndefined();
    expect(parseRange('', 1)).toBeUndefined();
  });
});

describe('barOf: a range read as its tool wrote it', () => {
  it("gives no bar for Catch2's std dev, whose unit github-action-benchmark dropped", () => {
    // minetest's history: `inside_radius_200` at 1.14479 us with `± 123.274`, Catch2's 123.274 ns.
    expect(barOf('catch2', 'us', '± 123.274', 1.14479)).toBeUndefined();
    expect(barOf('catch2', 'us', '± 3.256', 41.731)).toBeUndefined();
  });

  it("reads pytest's stddev of the round time in seconds as the rates at the mean plus and minus it", () => {
    // otel-python: 11.391 iter/sec (a mean of 87.79 ms) with a round-time stddev of 2.49 ms.
    const value = 11.391095374763491;
    const s = 0.0024918305687845004;
    const bar = barOf('pytest', 'iter/sec', `stddev: ${s}`, value)!;
    expect(bar.lo).toBeCloseTo(1 / (1 / value + s), 9);
    expect(bar.hi).toBeCloseTo(1 / (1 / value - s), 9);
    expect(bar.lo).toBeGreaterThan(11.07);
    expect(bar.hi).toBeLessThan(11.73);
    expect(bar.stdev).toBeUndefined();
  });

  it('gives no pytest bar where the stddev reaches the mean time, and reads a fork in sec as written', () => {
    expect(barOf('pytest', 'iter/sec', 'stddev: 0.5', 2)).toBeUndefined();
    expect(barOf('pytest', 'sec', 'stddev: 0.25', 60)).toEqual({ lo: 59.75, hi: 60.25, stdev: 0.25 });
  });

  it('reads every other tool as parseRange does', () => {
    expect(barOf('cargo', 'ns/iter', '+/- 2,802', 34001)).toEqual(parseRange('+/- 2,802', 34001));
    expect(barOf('benchmarkjs', 'ops/sec', '±1.2%', 50)).toEqual(parseRange('±1.2%', 50));
  });

  it('keeps the text while the import draws no bar from it', () => {
    const text = `window.BENCHMARK_DATA = ${JSON.stringify({
      lastUpdate: 1,
      repoUrl: 'https://github.com/o/r',
      entries: {
        S: [
          {
            commit: { id: 'a'.repeat(40), message: 'm', timestamp: '2024-01-01T00:00:00Z', url: 'https://github.com/o/r/commit/a', author: { name: 'n' } },
            date: 1,
            tool: 'catch2',
            benches: [{ name: 'inside_radius_200', value: 1.14479, range: '± 123.274', unit: 'us', extra: '100 samples\n27 iterations' }],
          },
          {
            commit: { id: 'b'.repeat(40), message: 'm', timestamp: '2024-01-02T00:00:00Z', url: 'https://github.com/o/r/commit/b', author: { name: 'n' } },
            date: 2,
            tool: 'pytest',
            benches: [{ name: 't', value: 20, range: 'stddev: 0.01', unit: 'iter/sec', extra: 'mean: 50 msec\nrounds: 9' }],
          },
        ],
      },
    })}`;
    const [catch2, pytest] = importGab('data.js', text).entries.map((e) => e.points[0]!);
    expect(catch2).toMatchObject({ unit: 'ns', value: 1144.79, q1: 1144.79, q3: 1144.79, min: 1144.79, max: 1144.79, range: '± 123.274' });
    expect(pytest).toMatchObject({ value: 20, q3: 25, range: 'stddev: 0.01', stdev: null });
    expect(pytest!.q1).toBeCloseTo(1 / 0.06, 9);
  });

  it('stores a commit message and author normalised, as a publish stores them', () => {
    const text = `window.BENCHMARK_DATA = ${JSON.stringify({
      entries: {
        S: [
          {
            commit: { id: 'a'.repeat(40), message: 'Fix (#1)\r\n\r\n* one\u0007 \ud83d', timestamp: '2024-01-01T00:00:00Z', url: 'https://github.com/o/r/commit/a', author: { name: 'Ann\u0001e' } },
            date: 1,
            tool: 'cargo',
            benches: [{ name: 'b', value: 1, range: '± 0', unit: 'ns/iter' }],
          },
        ],
      },
    })}`;
    expect(importGab('data.js', text).entries[0]?.commit).toMatchObject({ message: 'Fix (#1)\n\n* one \ufffd', author: 'Anne' });
  });
});

/**
 * A go entry written metric by metric with no bench of the name itself (a newer
 * github-action-benchmark): the first metric of each name is the name, as the line form before it
 * and a go run call it.
 */
const nameOf = (e: GabEntry, b: GabBench): string => {
  const cut = b.name.lastIndexOf(' - ');
  if (e.tool !== 'go' || cut < 0 || b.name.slice(cut + 3) !== b.unit) return b.name;
  const base = b.name.slice(0, cut);
  if (e.benches.some((o) => o.name === base)) return b.name;
  const first = e.benches.find((o) => o.name === `${base} - ${o.unit}`);
  return first?.unit === b.unit ? base : b.name;
};
const isFirstNamed = (e: GabEntry, b: GabBench): boolean => nameOf(e, b) !== b.name;

/** The case a bench continues, computed here from the raw entry: its tool is the shape. */
const caseOf = (e: GabEntry, b: GabBench): string => {
  const name = nameOf(e, b);
  // Only a custom array holds names benchtrend wrote; a tool's own names are prefixed whatever they hold.
  return name.includes(' / ') && e.tool.startsWith('custom') ? name : `${e.tool} / ${name}`;
};

/** A Catch2 time in ns, the unit a Catch2 run publishes; github-action-benchmark kept it as printed. */
const NS: Record<string, number> = { ns: 1, us: 1e3, µs: 1e3, ms: 1e6, s: 1e9 };
const valueOf = (e: GabEntry, b: GabBench): number => (e.tool === 'catch2' ? Number((b.value * NS[b.unit]!).toPrecision(12)) : b.value);
const unitOf = (e: GabEntry, unit: string): string => (e.tool === 'catch2' ? 'ns' : unit);

/**
 * A bench that only repeats a go line's first metric: github-action-benchmark 1.18 and later
 * writes `BenchmarkX` with the whole line as its unit (`ns/op\t 4.000 auxMetricUnits`) and again
 * `BenchmarkX - ns/op` with the same value.
 */
const isCopy = (e: GabEntry, b: GabBench): boolean =>
  e.benches.some((o) => o !== b && `${o.name} - ${b.unit}` === b.name && o.unit.startsWith(`${b.unit}\t`) && o.value === b.value);

describe.each(FILES)('the real %s', (file) => {
  const text = readFileSync(join(FIXTURES, 'trend-data', file), 'utf8');
  const data = evaluate(text);
  const suites = Object.keys(data.entries);
  // Each entry's benches but the copies, which the import leaves out.
  const entries = suites.flatMap((s) => data.entries[s]!.map((e) => ({ suite: s, ...e, benches: e.benches.filter((b) => !isCopy(e, b)) })));
  const benches = entries.reduce((n, e) => n + e.benches.length, 0);
  const copies = suites.reduce((n, s) => n + data.entries[s]!.reduce((m, e) => m + e.benches.filter((b) => isCopy(e, b)).length, 0), 0);
  const firstNamed = entries.reduce((n, e) => n + e.benches.filter((b) => isFirstNamed(e, b)).length, 0);

  it('imports every suite, entry and point', async () => {
    const gab = importGab(file, text);
    expect(gab.skipped).toEqual([]);
    // Copies of a go line's first metric are left out, and a first metric written without its line
    // takes the line's name, each said once per suite that has them.
    expect(gab.repeats).toHaveLength((copies > 0 ? 1 : 0) + (firstNamed > 0 ? 1 : 0));
    if (copies > 0) expect(gab.repeats[0]).toMatch(new RegExp(`: left out ${copies} benches like "Benchmark\\w+ - ns/op", each a copy of the first metric of a go line`));
    if (firstNamed > 0) expect(gab.repeats[copies > 0 ? 1 : 0]).toMatch(new RegExp(`: ${firstNamed} benches like "Benchmark\\w+ - ns/op", the first metric of a go line that a newer github-action-benchmark writes only metric by metric, are case "go / Benchmark\\w+"`));
    expect(gab.suites).toEqual(suites);
    expect(gab.entries).toHaveLength(entries.length);
    expect(gab.points).toBe(benches);

    const trend = new MemoryTrend();
    const plan = await trend.publish({ commit: commit(1), points: [], import: { from: `dev/bench/${file}`, read: async () => text } });
    expect(plan.imported).toEqual({ entries: entries.length, points: benches, suites: suites.length });
    const m = trend.json<Manifest>('manifest.json');
    expect(m.segments).toBe(entries.length);
    expect(m.suites).toEqual(suites);
    expect(m.imported).toEqual({ from: `dev/bench/${file}`, entries: entries.length, at: '2024-05-01T00:00:00Z' });
    const stored = await loadSegments(trend.read, LOCATION, 0, m.segments);
    expect(stored.reduce((n, s) => n + s.points.length, 0)).toBe(benches);
    expect(stored.every((s) => s.imported === 'github-action-benchmark')).toBe(true);
    // The tree holds each segment once, in the fewest chunks, and in fewer bytes than data.js (issue #12).
    const log = [...trend.files.keys()].filter((p) => !p.startsWith('data/r/'));
    expect(log.sort()).toEqual([...coverChunks(0, m.segments).map((c) => chunkPath(c.level, c.index)), NEWEST_PATH, 'manifest.json'].sort());
    // Beside them, each suite's regression state (its head, and its blocks).
    for (const i of m.suites.keys()) expect(trend.files.has(statePath(i, 'head'))).toBe(true);
    const bytes = [...trend.files.values()].reduce((n, t) => n + Buffer.byteLength(t), 0);
    expect(bytes).toBeLessThanOrEqual(Buffer.byteLength(text));
    // Named as a run of the same tool is named (`cargo / bench_fib_10`), so the series continue.
    for (const name of new Set(entries.flatMap((e) => e.benches.map((b) => `${e.suite}\u0000${caseOf(e, b)}`)))) {
      const [suite, bench] = name.split('\u0000');
      expect(m.cases.some((c) => c.suite === suite && c.case === bench)).toBe(true);
    }
  });

  it('keeps commits, dates, names, units and values, oldest publish first', async () => {
    const trend = new MemoryTrend();
    await trend.publish({ commit: commit(1), points: [], import: { from: file, read: async () => text } });
    const stored = await loadSegments(trend.read, LOCATION, 0, entries.length);
    const byTime = [...entries].sort((a, b) => a.date - b.date);
    stored.forEach((seg, i) => {
      const e = byTime[i]!;
      expect(seg.suite).toBe(e.suite);
      expect(seg.commit.sha).toBe(e.commit.id);
      // Stored normalised: the real messages' CRLF line ends become LF.
      expect(seg.commit.message).toBe(e.commit.message.replace(/\r\n?/g, '\n'));
      expect(seg.commit.timestamp).toBe(e.commit.timestamp);
      expect(seg.commit.url).toBe(e.commit.url);
      expect(seg.commit.author).toBe(e.commit.author.name);
      expect(seg.publishedAt).toBe(new Date(e.date).toISOString());
      // A go line's unit text with its other figures after tabs (`ns/op\t 4.000 auxMetricUnits`)
      // is the metric before the first tab; the figures after it are kept in the point's extra.
      const metric = (u: string) => (u.includes('\t') ? (u.split('\t')[0] as string).trim() : u);
      const others = (u: string) => u.split('\t').slice(1).map((x) => x.trim().replace(/\s+/g, ' ')).filter((x) => x !== '').join(', ');
      const extraOf = (b: { unit: string; extra?: string }) => [b.extra, others(b.unit)].filter((x) => x !== undefined && x !== '').join('\n') || undefined;
      expect(seg.points.map((p) => [p.case, p.unit, p.value, p.range, p.extra])).toEqual(
        e.benches.map((b) => [caseOf(e, b), unitOf(e, metric(b.unit)), valueOf(e, b), b.range, extraOf(b)]),
      );
      for (const p of seg.points) expect(p.q1 <= p.value && p.value <= p.q3).toBe(true);
    });
  });

  it('reads as one point per case per commit, the last publish of a re-run winning', async () => {
    const trend = new MemoryTrend();
    await trend.publish({ commit: commit(1), points: [], import: { from: file, read: async () => text } });
    const { rows } = await readHistory(trend.read, LOCATION);
    const expected = new Map<string, number>();
    for (const e of entries) for (const b of e.benches) expected.set(`${e.suite}|${e.commit.id}|${caseOf(e, b)}`, valueOf(e, b));
    expect(rows).toHaveLength(expected.size);
    expect(new Map(rows.map((r) => [`${r.suite}|${r.commit}|${r.case}`, r.value]))).toEqual(expected);
  });
});

describe('import rules', () => {
  const small = (n: number) =>
    `window.BENCHMARK_DATA = ${JSON.stringify({
      lastUpdate: 1,
      entries: {
        Bench: Array.from({ length: n }, (_, i) => ({
          commit: { id: commit(100 + i).sha, message: `m${i}`, timestamp: `2023-01-0${(i % 9) + 1}T00:00:00Z`, url: `https://x/${i}`, author: { name: 'Bo' } },
          date: 1_600_000_000_000 + i,
          tool: 'customSmallerIsBetter',
          benches: [{ name: 'warm / total', value: String(i + 1), unit: 's', range: '± 0.5', extra: 'runs=3/3 wall=2s' }],
        })),
      },
    })};\n`;

  it('reads values written as strings and benchtrend’s own extra', () => {
    const gab = importGab('data.js', small(2));
    expect(gab.entries[1]!.points[0]).toMatchObject({ case: 'warm / total', shape: 'warm', value: 2, q1: 1.5, q3: 2.5, runs: 3, n: 3, direction: 'smaller', summaryOnly: true });
  });

  it('writes a case whose tool switched to a convertible unit in its first unit, said once', async () => {
    // Catch2 picks the unit per run: 0.00899 us one run, 8.99 ns the next.
    const text = small(6)
      .replace(/"unit":"s"/g, '"unit":"us"')
      .replace(/("value":"(4|5|6)",)"unit":"us"/g, (_m, v: string, n: string) => `"value":"${Number(n) * 1000}","unit":"ns"`);
    const trend = new MemoryTrend();
    const first = await trend.publish({ commit: commit(1), points: syntheticPoints(1), import: { from: 'data.js', read: async () => text } });
    const imported = first.added.filter((s) => s.imported);
    expect(imported.map((s) => [s.points[0]!.unit, s.points[0]!.value])).toEqual([['us', 1], ['us', 2], ['us', 3], ['us', 4], ['us', 5], ['us', 6]]);
    expect(first.warnings.filter((w) => w.includes('changes unit'))).toEqual([`Bench / warm / total: the imported history changes unit from us to ns at ${commit(103).sha.slice(0, 7)}; its points are converted to us`]);
    expect(first.manifest.cases.find((c) => c.case === 'warm / total')?.unit).toBe('us');
  });

  it('names a bench written without a unit as such when its unit changes', async () => {
    const text = small(4).replace(/("value":"3",)"unit":"s"/, '$1"unit":""');
    const trend = new MemoryTrend();
    const first = await trend.publish({ commit: commit(1), points: syntheticPoints(1), import: { from: 'data.js', read: async () => text } });
    expect(first.warnings.filter((w) => w.includes('changes unit'))).toEqual([
      `Bench / warm / total: the imported history changes unit from s to no unit at ${commit(102).sha.slice(0, 7)}`,
      `Bench / warm / total: the imported history changes unit from no unit to s at ${commit(103).sha.slice(0, 7)}`,
    ]);
  });

  it('names data.js, not a manifest not yet written, when the importing run reports a unit its history does not convert to', async () => {
    const trend = new MemoryTrend();
    const run = syntheticPoints(1, 0, 'warm', 'B').map((p) => ({ ...p, case: 'warm / total', metric: 'total' }));
    await expect(trend.publish({ suite: 'Bench', commit: commit(1), points: run, import: { from: 'dev/bench/data.js', read: async () => small(3) } })).rejects.toThrow(
      new InputError('case "warm / total" of suite "Bench" is stored in "s" in dev/bench/data.js (the history this run imports) but this run reports "B", which does not convert to it; publish it under another suite or case name'),
    );
  });

  it('imports only into an empty trend, and only once', async () => {
    const trend = new MemoryTrend();
    const first = await trend.publish({ commit: commit(1), points: syntheticPoints(1), import: { from: 'data.js', read: async () => small(20) } });
    expect(first.added.map((s) => s.seq)).toEqual([...Array(21).keys()]);
    expect(first.added[20]!.commit).toEqual(commit(1));
    expect(first.files.has(chunkPath(1, 0))).toBe(true);
    expect(first.files.has(chunkPath(0, 0))).toBe(false);
    let reads = 0;
    const again = await trend.publish({ commit: commit(2), points: syntheticPoints(1), import: { from: 'data.js', read: async () => (reads++, small(20)) } });
    expect(reads).toBe(0);
    expect(again.added.map((s) => s.seq)).toEqual([21]);
    expect(again.manifest.imported).toEqual(first.manifest.imported);

    const other = new MemoryTrend();
    await other.publish({ commit: commit(1), points: syntheticPoints(1) });
    const late = await other.publish({ commit: commit(2), points: syntheticPoints(1), import: { from: 'data.js', read: async () => small(3) } });
    expect(late.warnings).toEqual(['import-from data.js: not imported, the trend already holds 1 segment; a history is imported only into an empty trend (to import it, publish into an empty data-dir: the trend here stays as it is)']);
    expect(late.added).toHaveLength(1);
    expect(late.manifest.imported).toBeUndefined();
  });

  it("leaves out an entry named by a commit that is not a full sha (a parent benched as \"700339fd~1\"), says so once per suite, and imports the rest", async () => {
    const parents = small(6).replace(/"id":"([0-9a-f]{8})[0-9a-f]{32}","message":"m(1|3)"/g, '"id":"$1~1","message":"m$2"');
    const gab = importGab('data.js', parents);
    expect(gab.entries.map((e) => e.commit.message)).toEqual(['m0', 'm2', 'm4', 'm5']);
    expect(gab.unkeyed).toEqual([
      `suite Bench: left out 2 entries whose commit.id is not a full commit sha (the first: entries["Bench"][1].commit.id "${commit(101).sha.slice(0, 8)}~1"); a trend keys each point by its commit, and data.js keeps them`,
    ]);
    const trend = new MemoryTrend();
    const plan = await trend.publish({ commit: commit(1), points: syntheticPoints(1), import: { from: 'data.js', read: async () => parents } });
    expect(plan.added.map((s) => s.commit.message)).toEqual(['m0', 'm2', 'm4', 'm5', commit(1).message]);
    expect(plan.warnings.filter((w) => w.includes('commit.id'))).toEqual([`data.js: ${gab.unkeyed[0]!}`]);
    // With no entry left to import, the file is refused as before, naming the first.
    const none = small(2).replace(/"id":"([0-9a-f]{8})[0-9a-f]{32}"/g, '"id":"$1~1"');
    expect(() => importGab('data.js', none)).toThrow(`data.js: entries["Bench"][0].commit.id is not a full commit sha, got "${commit(100).sha.slice(0, 8)}~1"`);
  });

  it('takes benches of one name and metric in one entry for the runs of its job (go test -count=3), and of two metrics makes a case of each', () => {
    const entry = {
      commit: { id: commit(200).sha, message: 'm', timestamp: '2023-01-01T00:00:00Z', url: 'https://x/1', author: { name: 'Bo' } },
      date: 1_600_000_000_000,
      tool: 'go',
      benches: [
        { name: 'BenchmarkFormat', value: 353707, unit: 'ns/op', extra: '3208 times' },
        { name: 'BenchmarkFormat', value: 352054, unit: 'ns/op', extra: '3342 times' },
        { name: 'BenchmarkFormat', value: 361000, unit: 'ns/op', extra: '3100 times' },
        { name: 'BenchmarkLint', value: 10, unit: 'B/op' },
        { name: 'BenchmarkLint', value: 12, unit: 'ns/op' },
      ],
    };
    // A later entry without the B/op bench: the name is still split, so the series goes on.
    const later = { ...entry, commit: { ...entry.commit, id: commit(201).sha }, date: 1_600_000_100_000, benches: [{ name: 'BenchmarkLint', value: 13, unit: 'ns/op' }] };
    const gab = importGab('data.js', `window.BENCHMARK_DATA = ${JSON.stringify({ entries: { Go: [entry, later] } })}`);
    const [format, bytes, lint] = gab.entries[0]!.points;
    expect(format).toMatchObject({ case: 'go / BenchmarkFormat', value: 353707, min: 352054, max: 361000, runs: 3, n: 3, samples: [353707, 352054, 361000] });
    expect(format!.q1).toBeCloseTo(352880.5, 6);
    expect(format!.q3).toBeCloseTo(357353.5, 6);
    expect(format && 'summaryOnly' in format).toBe(false);
    expect(bytes).toMatchObject({ case: 'go / BenchmarkLint - B/op', value: 10, unit: 'B/op', runs: 1, summaryOnly: true });
    expect(lint).toMatchObject({ case: 'go / BenchmarkLint - ns/op', value: 12, unit: 'ns/op', runs: 1, summaryOnly: true });
    expect(gab.entries[1]!.points.map((p) => [p.case, p.value])).toEqual([['go / BenchmarkLint - ns/op', 13]]);
    expect(gab.points).toBe(4);
    expect(gab.skipped).toEqual([]);
  });

  /** A data.js of one go entry at commit(n) holding these benches. */
  const oneGoEntry = (n: number, benches: { name: string; value: number; unit: string }[]) =>
    `window.BENCHMARK_DATA = ${JSON.stringify({
      entries: { Go: [{ commit: { id: commit(n).sha, message: 'm', timestamp: '2023-01-01T00:00:00Z', url: 'https://x/1', author: { name: 'Bo' } }, date: 1_600_000_000_000, tool: 'go', benches }] },
    })}`;

  it('takes the runs of the older go extraction for one metric, whose other metrics follow the unit after tabs', () => {
    // github-action-benchmark's older go extraction: B/op and allocs/op ride in the unit's text,
    // and their figures differ from run to run.
    const gab = importGab('data.js', oneGoEntry(200, [
      { name: 'BenchmarkViews', value: 204353, unit: 'ns/op\t   65942 B/op\t    2105 allocs/op' },
      { name: 'BenchmarkViews', value: 198788, unit: 'ns/op\t   65943 B/op\t    2105 allocs/op' },
      { name: 'BenchmarkViews', value: 208134, unit: 'ns/op\t   65942 B/op\t    2105 allocs/op' },
    ]));
    expect(gab.entries[0]!.points).toHaveLength(1);
    expect(gab.entries[0]!.points[0]).toMatchObject({ case: 'go / BenchmarkViews', value: 204353, runs: 3, samples: [204353, 198788, 208134], direction: 'smaller' });
    // The case's unit is the metric; the line's other figures (the last run's) ride in its extra.
    expect(gab.entries[0]!.points[0]).toMatchObject({ unit: 'ns/op', extra: '65942 B/op, 2105 allocs/op' });
    expect(gab.skipped).toEqual([]);
  });

  it('gives a case of the older go extraction one unit over its history, its other figures kept beside each point', async () => {
    // One run per job (authzed/spicedb's history): each point's unit text carried that job's own
    // B/op and allocs/op, which read as a unit change at nearly every commit, one warning each.
    const text = `window.BENCHMARK_DATA = ${JSON.stringify({
      entries: {
        Go: [0, 1, 2, 3].map((i) => ({
          commit: { id: commit(300 + i).sha, message: `m${i}`, timestamp: `2023-01-0${i + 1}T00:00:00Z`, url: `https://x/${i}`, author: { name: 'Bo' } },
          date: 1_600_000_000_000 + i,
          tool: 'go',
          // As github-action-benchmark 1.18 and later writes the line: whole, then metric by metric.
          benches: [
            { name: 'BenchmarkRead', value: 371973 + i, unit: `ns/op\t   ${15343 - i} B/op\t     221 allocs/op`, extra: '16312 times' },
            { name: 'BenchmarkRead - ns/op', value: 371973 + i, unit: 'ns/op', extra: '16312 times' },
            { name: 'BenchmarkRead - B/op', value: 15343 - i, unit: 'B/op', extra: '16312 times' },
          ],
        })),
      },
    })};\n`;
    const trend = new MemoryTrend();
    const first = await trend.publish({ commit: commit(1), points: syntheticPoints(1), import: { from: 'data.js', read: async () => text } });
    const imported = first.added.filter((s) => s.imported);
    expect(imported.map((s) => [s.points[0]!.unit, s.points[0]!.extra])).toEqual([0, 1, 2, 3].map((i) => ['ns/op', `16312 times\n${15343 - i} B/op, 221 allocs/op`]));
    expect(first.warnings.filter((w) => w.includes('unit'))).toEqual([]);
    // `BenchmarkRead - ns/op` is BenchmarkRead again: left out, said once; B/op is a case of its own.
    expect(imported.map((s) => s.points.map((p) => p.case))).toEqual([0, 1, 2, 3].map(() => ['go / BenchmarkRead', 'go / BenchmarkRead - B/op']));
    expect(first.warnings.filter((w) => w.includes('left out'))).toEqual([
      'data.js: suite Go: left out 4 benches like "BenchmarkRead - ns/op", each a copy of the first metric of a go line that github-action-benchmark 1.18 and later writes under both names; kept as case "go / BenchmarkRead", the name a go run publishes it under',
    ]);
    expect(first.manifest.cases.find((c) => c.case === 'go / BenchmarkRead')).toMatchObject({ unit: 'ns/op', direction: 'smaller' });
    // The next publish of the case, in the unit a go run reports, continues it (kept as the unit
    // text, it was refused: "stored in "ns/op\t 15340 B/op…" but this run reports "ns/op"").
    const live = { ...syntheticPoints(1, 0, 'go', 'ns/op')[0]!, case: 'go / BenchmarkRead', metric: 'BenchmarkRead', value: 372000 };
    const next = await trend.publish({ commit: commit(2), suite: 'Go', points: [live] });
    expect(next.manifest.cases.find((c) => c.suite === 'Go' && c.case === 'go / BenchmarkRead')).toMatchObject({ unit: 'ns/op' });
  });

  it('keeps a bench named like a copy of a go line\'s first metric when its value is not the line\'s', () => {
    const gab = importGab('data.js', oneGoEntry(400, [
      { name: 'BenchmarkA', value: 10, unit: 'ns/op\t 5 B/op' },
      { name: 'BenchmarkA - ns/op', value: 11, unit: 'ns/op' },
      { name: 'BenchmarkB - ns/op', value: 12, unit: 'ns/op' },
    ]));
    // BenchmarkB has no line of its own in the entry: its first metric is named as the line would be.
    expect(gab.entries[0]!.points.map((p) => [p.case, p.value])).toEqual([['go / BenchmarkA', 10], ['go / BenchmarkA - ns/op', 11], ['go / BenchmarkB', 12]]);
    expect(gab.repeats).toEqual([expect.stringMatching(/^suite Go: 1 bench like "BenchmarkB - ns\/op", the first metric of a go line .* is case "go \/ BenchmarkB"/)]);
  });

  it('names the first metric of a go line written only metric by metric as the line, every run of it', () => {
    // A newer github-action-benchmark, -benchmem and -count=2: no `BenchmarkC`, two runs of each metric.
    const gab = importGab('data.js', oneGoEntry(401, [
      { name: 'BenchmarkC - ns/op', value: 20, unit: 'ns/op' },
      { name: 'BenchmarkC - B/op', value: 64, unit: 'B/op' },
      { name: 'BenchmarkC - allocs/op', value: 2, unit: 'allocs/op' },
      { name: 'BenchmarkC - ns/op', value: 22, unit: 'ns/op' },
      { name: 'BenchmarkC - B/op', value: 64, unit: 'B/op' },
      { name: 'BenchmarkC - allocs/op', value: 2, unit: 'allocs/op' },
    ]));
    expect(gab.entries[0]!.points.map((p) => [p.case, p.unit, p.value, p.runs])).toEqual([
      ['go / BenchmarkC', 'ns/op', 21, 2],
      ['go / BenchmarkC - B/op', 'B/op', 64, 2],
      ['go / BenchmarkC - allocs/op', 'allocs/op', 2, 2],
    ]);
  });

  const oneEntry = (tool: string, benches: readonly Record<string, unknown>[]) => oneGoEntry(402, benches as never).replace('"tool":"go"', `"tool":${JSON.stringify(tool)}`);

  it("makes Google Benchmark's aggregates without their repetitions the case a googlecpp run publishes, the median with its stddev", () => {
    // --benchmark_repetitions=3 --benchmark_report_aggregates_only: github-action-benchmark kept each statistic as a bench.
    const gab = importGab('data.js', oneEntry('googlecpp', [
      { name: 'BM_Fib_mean', value: 177, unit: 'ns/iter' },
      { name: 'BM_Fib_median', value: 176, unit: 'ns/iter' },
      { name: 'BM_Fib_stddev', value: 2, unit: 'ns/iter' },
      { name: 'BM_Fib_cv', value: 0.011, unit: 'ns/iter' },
      { name: 'BM_mean', value: 5, unit: 'ns/iter' },
    ]));
    expect(gab.entries[0]!.points.map((p) => [p.case, p.value, p.stdev])).toEqual([['googlecpp / BM_Fib', 176, 2], ['googlecpp / BM_mean', 5, null]]);
    expect(gab.repeats).toEqual([
      'suite Go: 1 Google Benchmark aggregate like "BM_Fib_median" is case "googlecpp / BM_Fib", the name a googlecpp run publishes its repetitions under',
      'suite Go: left out 3 Google Benchmark aggregates like "BM_Fib_mean", statistics of the repetitions that case "googlecpp / BM_Fib" holds as its runs or its median; data.js keeps them',
    ]);
  });

  it("leaves Google Benchmark's aggregates out beside their repetitions, which are the case's runs", () => {
    const gab = importGab('data.js', oneEntry('googlecpp', [
      { name: 'BM_Fib', value: 170, unit: 'ns/iter' },
      { name: 'BM_Fib', value: 180, unit: 'ns/iter' },
      { name: 'BM_Fib', value: 175, unit: 'ns/iter' },
      { name: 'BM_Fib_mean', value: 175, unit: 'ns/iter' },
      { name: 'BM_Fib_stddev', value: 5, unit: 'ns/iter' },
    ]));
    expect(gab.entries[0]!.points.map((p) => [p.case, p.value, p.runs])).toEqual([['googlecpp / BM_Fib', 175, 3]]);
    expect(gab.repeats).toEqual([expect.stringMatching(/^suite Go: left out 2 Google Benchmark aggregates like "BM_Fib_mean"/)]);
  });

  it("prefixes a tool's own names that hold \" / \" with the tool, as a run of it does; only a custom array's are benchtrend's", () => {
    const js = importGab('data.js', oneEntry('benchmarkjs', [{ name: 'encode / decode', value: 1000, unit: 'ops/sec', range: '±0.5%' }]));
    expect(js.entries[0]!.points.map((p) => [p.case, p.shape])).toEqual([['benchmarkjs / encode / decode', 'benchmarkjs']]);
    const custom = importGab('data.js', oneEntry('customSmallerIsBetter', [{ name: 'warm / total', value: 2, unit: 's' }]));
    expect(custom.entries[0]!.points.map((p) => [p.case, p.shape])).toEqual([['warm / total', 'warm']]);
  });

  it('refuses a unit that is not text, naming its place', () => {
    expect(() => importGab('d.js', oneEntry('cargo', [{ name: 'bench_a', value: 100, unit: 5 }]))).toThrow(new InputError('d.js: entries["Go"][0].benches[0].unit is not text, got 5'));
  });

  it('leaves out values that are not numbers and names them', () => {
    const text = small(1).replace('"value":"1"', '"value":null');
    const gab = importGab('data.js', text);
    expect(gab.points).toBe(0);
    expect(gab.skipped).toEqual(['entries["Bench"][0].benches[0] (warm / total): value null is not a number']);
  });

  it('leaves out a point no trend may hold (a rate of -1 a failed run wrote), named at its place in data.js, and imports the rest', async () => {
    // Reactant.jl's TFLOP/s and otel-arrow's throughputs: the import was refused at a chunk's path.
    const text = small(5).replace('"value":"2","unit":"s"', '"value":-1,"unit":"s"').replace('"value":"4","unit":"s"', '"value":-0.0333,"unit":"s"');
    const gab = importGab('data.js', text);
    expect(gab.entries.map((e) => e.points.length)).toEqual([1, 0, 1, 0, 1]);
    expect(gab.skipped).toEqual(['entries["Bench"][1].benches[0] and 1 more (warm / total): value is -1, but a time or a rate cannot be negative']);
    const trend = new MemoryTrend();
    const plan = await trend.publish({ commit: commit(1), points: syntheticPoints(1), import: { from: 'data.js', read: async () => text } });
    expect(plan.warnings.filter((w) => w.includes('negative'))).toEqual([`data.js: left out ${gab.skipped[0]!}`]);
    expect(plan.added.filter((s) => s.imported).map((s) => s.points.map((p) => p.value))).toEqual([[1], [], [3], [], [5]]);
    // A unit that may be negative (a delta in %) keeps its points.
    expect(importGab('data.js', small(2).replace(/"unit":"s"/g, '"unit":"%"').replace('"value":"2"', '"value":-1')).skipped).toEqual([]);
  });

  it('names a case whose value is not a number in many entries once, at its first place, with the count', () => {
    // yew's history: the text "null" in 3,186 benches, one warning line each before.
    const text = small(4).replace(/"value":"[1-3]"/g, '"value":"null"');
    const gab = importGab('data.js', text);
    expect(gab.points).toBe(1);
    expect(gab.skipped).toEqual(['entries["Bench"][0].benches[0] and 2 more (warm / total): value "null" is not a number']);
  });

  it('keeps an extra that is not text as its text, as a publish of the same custom array does', () => {
    const gab = importGab('data.js', small(1).replace('"extra":"runs=3/3 wall=2s"', '"extra":{"mean":0.23,"p99":0.31}'));
    expect(gab.entries[0]!.points[0]!.extra).toBe('{"mean":0.23,"p99":0.31}');
  });

  it('reads the file with or without its semicolon, blank tails and a byte-order mark, and the bare object', () => {
    const text = small(1);
    const bare = text.replace(/^window\.BENCHMARK_DATA = /, '').replace(/;\n$/, '');
    const want = importGab('data.js', text);
    for (const v of [bare, `${bare}\n`, `${bare};`, `${bare} ;\r\n\t `, `\uFEFFwindow.BENCHMARK_DATA=${bare};;`.replace(/;;$/, ';'), `  window.BENCHMARK_DATA =\n${bare}\n;\n\n`]) {
      expect(importGab('data.js', v)).toEqual(want);
    }
    expect(() => importGab('data.js', `${bare};;`)).toThrow(/^data\.js: not a github-action-benchmark data\.js \(/);
  });

  it('refuses a file that is not a data.js, naming it', () => {
    // Where the text goes wrong, in the file's own lines and columns, never V8's message.
    expect(() => importGab('dev/bench/data.js', 'window.BENCHMARK_DATA = {')).toThrow(new InputError('dev/bench/data.js: not a github-action-benchmark data.js (line 1: the text ends before the JSON does)'));
    expect(() => importGab('d.js', 'window.BENCHMARK_DATA = {"lastUpdate": 1, "entries": {"A": []} "x": 2}')).toThrow(new InputError('d.js: not a github-action-benchmark data.js (line 1, column 64: unexpected "\\"x\\": 2}")'));
    expect(() => importGab('d.js', '\nwindow.BENCHMARK_DATA =\n{\n  "entries": {,}\n}')).toThrow(new InputError('d.js: not a github-action-benchmark data.js (line 4, column 15: unexpected ",}")'));
    expect(() => importGab('d.js', '{"entries": {"A": [{"commit": {"id": "abc"}, "benches": []}]}}')).toThrow('d.js: entries["A"][0].commit.id is not a full commit sha, got "abc"');
    expect(() => importGab('d.js', '')).toThrow('d.js: not a github-action-benchmark data.js: the file is empty');
    expect(() => importGab('d.js', 'window.BENCHMARK_DATA={lastUpdate:1784552821185,entries:{Benchmark:[]}}')).toThrow(
      'd.js: not a github-action-benchmark data.js: its object is JavaScript with unquoted keys, not the JSON the action writes (a minified copy?); give the data.js on the branch github-action-benchmark pushed to',
    );
    expect(() => importGab('d.js', 'version https://git-lfs.github.com/spec/v1\noid sha256:4d7a\nsize 12345\n')).toThrow(/^d\.js: not a github-action-benchmark data\.js: it is a Git LFS pointer;/);
  });

  it('takes the direction from the unit where it says, the tool only where it does not, and names each conflict once', () => {
    // benchmarkjs is bigger-is-better in github-action-benchmark's table, but these are seconds.
    const timed = importGab('d.js', small(3).replace(/customSmallerIsBetter/g, 'benchmarkjs'));
    expect(timed.entries.map((e) => e.points[0]!.direction)).toEqual(['smaller', 'smaller', 'smaller']);
    expect(timed.conflicts).toEqual([
      {
        suite: 'Bench',
        case: 'benchmarkjs / warm / total',
        text: `benchmarkjs / warm / total (suite Bench): its unit "s" says smaller is better, github-action-benchmark's table for benchmarkjs says bigger; the unit is used (set direction-overrides to choose)`,
      },
    ]);
    // A unit that says nothing leaves it to the tool.
    const text = small(1).replace('customSmallerIsBetter', 'benchmarkjs').replace('"unit":"s"', '"unit":"score"');
    expect(importGab('d.js', text).entries[0]!.points[0]!.direction).toBe('bigger');
    expect(importGab('d.js', text).conflicts).toEqual([]);
    const seg = importGab('d.js', small(1).replace('customSmallerIsBetter', 'go')).entries[0]!.points[0]!;
    expect(seg.direction).toBe('smaller');
    // A go bench's name is go's own, whatever it holds: the shape is the tool's, as a go run names it.
    expect((seg as Segment['points'][number]).shape).toBe('go');
  });

  it("takes a custom tool's direction from the unit too, as a publish of the same file does, and names the conflict", () => {
    // avalanchego's and firewood's ms/ggas timings under customBiggerIsBetter.
    const timed = importGab('d.js', small(2).replace(/customSmallerIsBetter/g, 'customBiggerIsBetter'));
    expect(timed.entries.map((e) => e.points[0]!.direction)).toEqual(['smaller', 'smaller']);
    expect(timed.conflicts).toEqual([
      {
        suite: 'Bench',
        case: 'warm / total',
        text: `warm / total (suite Bench): its unit "s" says smaller is better, github-action-benchmark's table for customBiggerIsBetter says bigger; the unit is used (set direction-overrides to choose)`,
      },
    ]);
    // Where the unit says nothing the name decides, and there is nothing to say.
    const scored = importGab('d.js', small(2).replace(/customSmallerIsBetter/g, 'customBiggerIsBetter').replace(/"unit":"s"/g, '"unit":"score"'));
    expect(scored.entries.map((e) => e.points[0]!.direction)).toEqual(['bigger', 'bigger']);
    expect(scored.conflicts).toEqual([]);
  });
});

it('chunk paths of an import fan out like any other', () => {
  expect(segmentPath(1831)).toBe('data/seg/0000/18/00001831.json');
  expect(chunkPath(0, 1831)).toBe('data/c/0/0018/00001831.json');
  expect(chunkPath(2, 7)).toBe('data/c/2/0000/00000007.json');
});
