import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildPoints, refuseDuplicateShapes, toFlatCases } from '../../src/core/cases.js';
import { InputError, type BenchRecord } from '../../src/core/model.js';
import { renderCasesTable } from '../../src/core/render-summary.js';
import { parseRecord } from '../../src/formats/record.js';
import { FIXTURES } from '../helpers/paths.js';

const fixture = (name: string) => parseRecord(name, readFileSync(join(FIXTURES, 'records', name), 'utf8'));

function record(shape: string, runs: Record<string, number>[], extra: Partial<BenchRecord> = {}): BenchRecord {
  const names = [...new Set(runs.flatMap((r) => Object.keys(r)))];
  return {
    file: `${shape}.json`,
    format: 'record',
    shape,
    runs: runs.length,
    metrics: names.map((name) => ({ name, unit: 's', direction: 'smaller', samples: runs.map((r) => r[name] ?? null) })),
    ...extra,
  };
}

describe('the fixtures give the expected flat cases', () => {
  it('matches cases.expected.json: names, units, values and ranges as numbers', () => {
    const expected = JSON.parse(readFileSync(join(FIXTURES, 'records/cases.expected.json'), 'utf8')) as {
      name: string; unit: string; value: number; range: string; extra: string;
    }[];
    const { points, warnings } = buildPoints([fixture('warm.json'), fixture('cold-recreate.json')]);
    expect(warnings).toEqual([]);
    const flat = toFlatCases(points, 'v0.26.1, Linux-X64');
    expect(flat.map((c) => c.name)).toEqual(expected.map((c) => c.name));
    flat.forEach((c, i) => {
      const e = expected[i]!;
      expect(c.unit).toBe(e.unit);
      expect(c.value).toBe(e.value);
      const num = (r: string) => Number(r.replace(/^±\s*/, ''));
      expect(num(c.range!)).toBe(num(e.range));
      // The extra may spell numbers the JavaScript way: wall=16s for Python's wall=16.0s.
      expect(c.extra!.replace(/(\d)\.0s/, '$1s')).toBe(e.extra.replace(/(\d)\.0s/, '$1s'));
    });
  });
});

describe('points', () => {
  it('recomputes the median from the runs and keeps the spread', () => {
    const { points } = buildPoints([record('w', [{ a: 4 }, { a: 1 }, { a: 2 }, { a: 3 }])]);
    expect(points).toHaveLength(1);
    const p = points[0]!;
    expect(p.case).toBe('w / a');
    expect(p.value).toBe(2.5);
    expect([p.min, p.q1, p.q3, p.max]).toEqual([1, 1.75, 3.25, 4]);
    expect(p.stdev).toBeCloseTo(1.290994449, 8);
    expect(p.samples).toEqual([4, 1, 2, 3]);
    expect([p.runs, p.n]).toEqual([4, 4]);
  });

  it('computes a partial stage over the runs that reported it, with k of n', () => {
    const { points } = buildPoints([record('cold', [{ a: 1, b: 10 }, { a: 2 }, { a: 3, b: 30 }])]);
    const b = points.find((p) => p.metric === 'b')!;
    expect(b.value).toBe(20);
    expect([b.runs, b.n]).toEqual([2, 3]);
    expect(toFlatCases([b])[0]!.extra).toBe('runs=2/3');
  });

  it('gives no point at all for a stage no run reported: absent, never 0', () => {
    const r: BenchRecord = {
      ...record('w', [{ a: 1 }, { a: 2 }]),
      metrics: [
        { name: 'a', unit: 's', direction: 'smaller', samples: [1, 2] },
        { name: 'ghost', unit: 's', direction: 'smaller', samples: [null, null] },
      ],
    };
    const { points } = buildPoints([r]);
    expect(points.map((p) => p.metric)).toEqual(['a']);
  });

  it('leaves the range out with a single sample', () => {
    const flat = toFlatCases(buildPoints([record('one', [{ a: 0.5 }])]).points);
    expect(flat[0]).toEqual({ name: 'one / a', unit: 's', value: 0.5, extra: 'runs=1/1' });
  });

  it('puts the median wall only on the total case', () => {
    const r = fixture('warm.json');
    const flat = toFlatCases(buildPoints([r]).points);
    expect(flat.filter((c) => c.extra?.includes('wall=')).map((c) => c.name)).toEqual(['warm / total']);
    expect(flat.find((c) => c.name === 'warm / total')?.extra).toBe('runs=3/3 wall=2.2s');
  });

  it('warns when the record’s own median disagrees beyond rounding, and uses the runs', () => {
    const r = record('w', [{ a: 1 }, { a: 2 }, { a: 3 }], { claimedMedians: { a: 2.5 } });
    const { points, warnings } = buildPoints([r]);
    expect(points[0]!.value).toBe(2);
    expect(warnings).toEqual(["w.json: the record's own median of a is 2.5 but its runs give 2; using 2"]);
  });

  it('names a case every run of which was left out, which gets no point, unless a failing run already said so', () => {
    const metric = { name: 'listen', unit: 'ms', direction: 'smaller' as const, samples: [null, null] };
    const r: BenchRecord = { file: 'q.json', format: 'qwen-code', shape: 'qwen-code', runs: 2, metrics: [metric, { ...metric, name: 'ready', samples: [3, 4] }] };
    const { points, warnings } = buildPoints([r]);
    expect(points.map((p) => p.case)).toEqual(['qwen-code / ready']);
    expect(warnings).toEqual(['q.json: case "qwen-code / listen" has no run to take a point from; it gets no point at this commit']);
    expect(buildPoints([{ ...r, metrics: [{ ...metric, failed: 2 }] }]).warnings).toEqual([]);
  });

  it('refuses a unit holding a line break or another control character, as a name is', () => {
    const r: BenchRecord = { file: 'c.json', format: 'customSmallerIsBetter', shape: 'c', runs: 1, metrics: [{ name: 'a', unit: 'ms\n', direction: 'smaller', samples: [1] }] };
    expect(() => buildPoints([r])).toThrow(new InputError('c.json: the unit "ms\\n" of "a" holds a line break (U+000A); fix the unit in the bench'));
    expect(buildPoints([{ ...r, metrics: [{ ...r.metrics[0]!, unit: '' }] }]).points).toHaveLength(1);
  });

  it('does not warn about a median rounded to the bench’s precision', () => {
    const r = record('w', [{ a: 1.234 }, { a: 1.2345 }, { a: 1.236 }], { claimedMedians: { a: 1.23 } });
    expect(buildPoints([r]).warnings).toEqual([]);
  });

  it('builds a summary-only point from a tool summary and says so', () => {
    const r: BenchRecord = {
      file: 'x.json', format: 'customSmallerIsBetter', shape: 'custom', runs: 1,
      metrics: [{ name: 'parse', unit: 'ms', direction: 'smaller', samples: [], summary: { value: 12, stdev: 0.5, range: '± 0.5' } }],
    };
    const [p] = buildPoints([r]).points;
    expect(p).toMatchObject({ value: 12, q1: 11.5, q3: 12.5, summaryOnly: true, samples: [] });
    expect(toFlatCases([p!])[0]).toEqual({ name: 'custom / parse', unit: 'ms', value: 12, range: '± 0.5', extra: 'runs=1/1 summary only' });
  });
});

describe('duplicate shapes', () => {
  it('refuses two records of one shape, naming both files', () => {
    const a = record('warm', [{ a: 1 }]);
    const b = { ...record('warm', [{ a: 2 }]), file: 'again/warm.json' };
    expect(() => refuseDuplicateShapes([a, b])).toThrow(InputError);
    expect(() => refuseDuplicateShapes([a, b])).toThrow('again/warm.json: shape "warm" was already benched by warm.json; two records of one shape are refused');
    expect(() => refuseDuplicateShapes([a, record('cold', [{ a: 1 }])])).not.toThrow();
  });
});

describe('the job summary table', () => {
  it('has case, median, error bar and runs, with names escaped', () => {
    const { points } = buildPoints([record('a|b', [{ '<img src=x>': 1 }, { '<img src=x>': 3 }])]);
    const md = renderCasesTable(points);
    expect(md).toContain('| Case | Median | Error bar (Q1–Q3) | Runs |');
    expect(md).toContain('| a\\|b / \\<img src\\=x\\> | 2 s | 1\\.5–2\\.5 s | 2/2 |');
  });
});
