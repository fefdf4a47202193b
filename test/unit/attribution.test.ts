import { describe, expect, it } from 'vitest';
import { attributeChange, attributionLine } from '../../src/core/attribution.js';
import { compareArms } from '../../src/core/compare/compare.js';
import type { BenchRecord } from '../../src/core/model.js';

const map = (o: Record<string, number>) => new Map(Object.entries(o));

/**
 * A cold-recreate record of 8 runs whose stages sum to the total in every run. Each stage grows
 * with the run index, so every stage's median comes from the same two middle runs and the
 * medians add up to the total's median too.
 */
function coldRecreate(file: string, stages: Record<string, number>): BenchRecord {
  const runs = 8;
  const names = Object.keys(stages);
  const perRun = (name: string) => Array.from({ length: runs }, (_, i) => Number((stages[name]! + i * 0.001).toFixed(6)));
  const columns = names.map(perRun);
  const total = Array.from({ length: runs }, (_, i) => Number(columns.reduce((t, col) => t + col[i]!, 0).toFixed(6)));
  return {
    file,
    format: 'record',
    shape: 'cold-recreate',
    runs,
    metrics: [
      ...names.map((name, k) => ({ name, unit: 's', direction: 'smaller' as const, samples: columns[k]! })),
      { name: 'total', unit: 's', direction: 'smaller' as const, samples: total },
    ],
  };
}

describe('stage attribution', () => {
  it('splits a total change among the stages, as the issue writes it', () => {
    const a = attributeChange({
      case: 'cold-recreate / total',
      unit: 's',
      total: { before: 4.0, after: 5.21 },
      before: map({ 'host-prep': 0.02, 'devpod-up': 2.0, tools: 0.5, attach: 1.48 }),
      after: map({ 'host-prep': 0.02, 'devpod-up': 3.1, tools: 0.58, attach: 1.51 }),
    })!;
    expect(a.delta).toBe(1.21);
    expect(a.owners.map((o) => o.stage)).toEqual(['devpod-up', 'tools', 'attach']);
    expect(a.owners[0]!.share).toBeCloseTo(1.1 / 1.21, 12);
    expect(a.against).toEqual([]);
    expect(a.unaccounted).toBe(0);
    expect(attributionLine(a)).toBe('cold-recreate / total +1.21 s: devpod-up +1.10 s (91%), tools +0.08 s (7%), 1 other +0.03 s (2%)');
  });

  it('names a stage that moved against the total, and the shares add up to the whole', () => {
    const a = attributeChange({
      case: 'warm / total',
      unit: 's',
      total: { before: 2.0, after: 2.5 },
      before: map({ 'devpod-up': 0.5, attach: 1.5 }),
      after: map({ 'devpod-up': 1.1, attach: 1.4 }),
    })!;
    expect(a.against.map((s) => [s.stage, s.delta])).toEqual([['attach', -0.1]]);
    const shares = [...a.owners, ...a.against].reduce((t, s) => t + s.share, 0) + a.unaccounted / a.delta;
    expect(shares).toBeCloseTo(1, 12);
    expect(attributionLine(a)).toBe('warm / total +500 ms: devpod-up +600 ms (120%); against: attach -100 ms (-20%)');
  });

  it('leaves out stages too small to name that sum to nothing at the line’s precision', () => {
    // The demo's warm launch: host-prep 0.3 ms faster under a total 314 ms slower.
    const a = attributeChange({
      case: 'warm / total',
      unit: 's',
      total: { before: 2.092, after: 2.406 },
      before: map({ 'host-prep': 0.0302, attach: 1.604 }),
      after: map({ 'host-prep': 0.0299, attach: 1.957 }),
    })!;
    expect(a.against.map((s) => s.stage)).toEqual(['host-prep']);
    expect(attributionLine(a)).toBe('warm / total +314 ms: attach +353 ms (112%), outside the stages -39 ms (-12%)');
    // Summed to something it still reads, with its sign.
    const b = attributeChange({ case: 'warm / total', unit: 's', total: { before: 2, after: 2.58 }, before: map({ a: 0.5, b: 0.1, c: 0.1 }), after: map({ a: 1.1, b: 0.09, c: 0.09 }) })!;
    expect(attributionLine(b)).toBe('warm / total +580 ms: a +600 ms (103%); against: 2 others -20 ms (-3%)');
  });

  it('says how much of the change lies outside the stages, and which stages came or went', () => {
    const a = attributeChange({
      case: 'warm / total',
      unit: 'ms',
      total: { before: 1000, after: 1400 },
      before: map({ a: 300, gone: 50 }),
      after: map({ a: 500, fresh: 80 }),
    })!;
    expect(a.unaccounted).toBe(200);
    expect(a.appeared).toEqual(['fresh']);
    expect(a.vanished).toEqual(['gone']);
    expect(attributionLine(a)).toBe('warm / total +400 ms: a +200 ms (50%), outside the stages +200 ms (50%); new: fresh; gone: gone');
  });

  it('has nothing to attribute when the total did not move', () => {
    expect(attributeChange({ case: 'w / total', unit: 's', total: { before: 1, after: 1 }, before: map({ a: 1 }), after: map({ a: 2 }) })).toBeNull();
  });

  it('compare attributes a shape whose total regressed, from constructed records whose stages sum to the total', () => {
    const before = coldRecreate('base.json', { 'host-prep': 0.02, 'devpod-up': 2.0, tools: 0.5, attach: 1.48 });
    const after = coldRecreate('cand.json', { 'host-prep': 0.02, 'devpod-up': 3.1, tools: 0.58, attach: 1.51 });
    const r = compareArms({ baseline: [before], candidate: [after] });
    const total = r.cases.find((c) => c.case === 'cold-recreate / total')!;
    expect(total.verdict).toBe('regressed');
    const a = total.attribution!;
    expect(a.delta).toBeCloseTo(1.21, 9);
    expect(a.unaccounted).toBeCloseTo(0, 9);
    expect(a.owners.map((o) => [o.stage, Number(o.delta.toFixed(6))])).toEqual([
      ['devpod-up', 1.1],
      ['tools', 0.08],
      ['attach', 0.03],
    ]);
    expect(attributionLine(a)).toBe('cold-recreate / total +1.21 s: devpod-up +1.10 s (91%), tools +0.08 s (7%), 1 other +0.03 s (2%)');
    // Only a directional total is attributed: a stage's verdict carries none.
    expect(r.cases.filter((c) => c.attribution).map((c) => c.case)).toEqual(['cold-recreate / total']);
  });

  it('is deterministic, stages of equal size in name order', () => {
    const input = { case: 'w / total', unit: 's', total: { before: 1, after: 1.2 }, before: map({ b: 0.5, a: 0.5 }), after: map({ b: 0.6, a: 0.6 }) };
    expect(attributeChange(input)!.owners.map((o) => o.stage)).toEqual(['a', 'b']);
    expect(attributeChange(input)).toEqual(attributeChange(input));
  });
});
