import { describe, expect, it } from 'vitest';
import { compareArms } from '../../src/core/compare/compare.js';
import { displayScale, formatFixed, formatPercent, formatValue, levelScale } from '../../src/core/compare/display.js';
import type { BenchRecord } from '../../src/core/model.js';
import { compareJson, renderCompareMarkdown } from '../../src/core/render-compare.js';

const record = (file: string, metric: string, samples: number[]): BenchRecord => ({
  file,
  format: 'test',
  shape: 'warm',
  runs: samples.length,
  metrics: [{ name: metric, unit: 'ms', direction: 'smaller', samples }],
});

describe('compare markdown', () => {
  it('shows a case named like markup as its characters, and a pipe does not split the row', () => {
    const name = '<img src=x onerror=alert(1)>|x';
    const md = renderCompareMarkdown(
      compareArms({ baseline: [record('a.json', name, [10, 11, 12, 13, 14, 15])], candidate: [record('b.json', name, [10, 11, 12, 13, 14, 15])] }),
    );
    expect(md).not.toMatch(/(?<!\\)<img/);
    expect(md).toContain('\\<img src\\=x onerror\\=alert\\(1\\)\\>\\|x');
    const row = md.split('\n').find((l) => l.includes('onerror'))!;
    expect(row.split(/(?<!\\)\|/).length - 2).toBe(7);
  });

  it('mentions nobody and links no issue through a case name, since the report goes into the pull-request comment', () => {
    const name = '@octocat and @org/team fix #12';
    const md = renderCompareMarkdown(
      compareArms({ baseline: [record('a.json', name, [10, 11, 12, 13, 14, 15])], candidate: [record('b.json', name, [10, 11, 12, 13, 14, 15])] }),
    );
    // GitHub links mentions and issue numbers in the rendered text, where a backslash escape is already gone.
    expect(md).not.toMatch(/@(?!\u200b)/);
    expect(md).not.toMatch(/#(?!\u200b)\d/);
    expect(md).toContain('@\u200boctocat and @\u200borg/team fix \\#\u200b12');
  });

  it('counts verdicts, names the files and the minimum effect, and explains each undecided case', () => {
    const md = renderCompareMarkdown(
      compareArms(
        { baseline: [record('base.json', 'load', [10, 11, 12, 13, 14, 15])], candidate: [record('cand.json', 'load', [10, 12, 11, 13, 15, 14])] },
        { minEffect: 0.05 },
      ),
      { heading: '##' },
    );
    expect(md.startsWith('## Compare: candidate against baseline\n')).toBe(true);
    expect(md).toContain('0 improved, 0 regressed, 1 inconclusive · 6 paired rounds · exact 95% intervals · minimum effect 5%');
    expect(md).toContain('Baseline: base\\.json · candidate: cand\\.json');
    expect(md).toContain('- warm / load: inconclusive, the 95% interval includes 0');
  });

  it('calls a control that held still what its row calls it, not an inconclusive case the counts leave out', () => {
    const base = [record('base.json', 'load', [10, 11, 12, 13, 14, 15]), { ...record('base.json', 'noop', [5, 5.1, 5.2, 5.1, 5, 5.2]), shape: 'idle' }];
    const cand = [record('cand.json', 'load', [12, 13, 14, 15, 16, 17]), { ...record('cand.json', 'noop', [5, 5.1, 5.2, 5.1, 5, 5.2]), shape: 'idle' }];
    const md = renderCompareMarkdown(compareArms({ baseline: base, candidate: cand }, { controls: ['idle / noop'] }));
    expect(md).toContain('0 inconclusive');
    expect(md).toMatch(/\| idle \/ noop \|.*\| control, steady \|$/m);
    expect(md).toContain('- idle / noop: control, steady, the 95% interval includes 0');
    expect(md).not.toMatch(/idle \/ noop: inconclusive/);
  });

  it('leaves the round tables out rather than pass the comment size limit, and says so', () => {
    const big = (file: string, metric: string) => record(file, metric, Array.from({ length: 30 }, (_, i) => 100 + i));
    const names = Array.from({ length: 60 }, (_, i) => `case-${i}`);
    const cmp = compareArms({
      baseline: [{ ...big('a', 'x'), metrics: names.map((n) => ({ ...big('a', n).metrics[0]!, name: n })) }],
      candidate: [{ ...big('b', 'x'), metrics: names.map((n) => ({ ...big('b', n).metrics[0]!, name: n })) }],
    });
    const full = renderCompareMarkdown(cmp, { limit: Number.POSITIVE_INFINITY });
    expect(full).toContain('<details><summary>Round by round</summary>');
    expect(full.length).toBeGreaterThan(20_000);
    const cut = renderCompareMarkdown(cmp, { limit: 20_000 });
    expect(cut.length).toBeLessThanOrEqual(20_000);
    expect(cut).not.toContain('Round by round');
    expect(cut).toContain('The round-by-round tables are left out to keep this report under 20000 characters');
  });

  it('JSON carries the required keys with values in the data unit', () => {
    const [c] = compareJson(compareArms({ baseline: [record('a', 'x', [1, 2, 3])], candidate: [record('b', 'x', [2, 3, 4])] }));
    expect(Object.keys(c!)).toEqual(
      expect.arrayContaining(['case', 'unit', 'baseline', 'candidate', 'shift', 'interval', 'change', 'verdict', 'confidence', 'rounds']),
    );
    expect(c).toMatchObject({ case: 'warm / x', unit: 'ms', shift: 1, interval: [1, 1], change: 0.5, verdict: 'inconclusive', pairs: 3 });
    expect(c!.confidence).toBe(0.75);
  });
});

describe('display units and numbers', () => {
  it('keeps the data unit, stepping down a time unit below 1; levels under 10 s read in ms', () => {
    expect(displayScale('s', 1.21)).toEqual({ unit: 's', factor: 1 });
    expect(displayScale('s', 0.35)).toEqual({ unit: 'ms', factor: 1000 });
    expect(displayScale('ms', 0.0004)).toEqual({ unit: 'ns', factor: 1e6 });
    expect(displayScale('ops/s', 0.2)).toEqual({ unit: 'ops/s', factor: 1 });
    expect(levelScale('s', 1.0961)).toEqual({ unit: 'ms', factor: 1000 });
    expect(levelScale('s', 12.5)).toEqual({ unit: 's', factor: 1 });
    expect(levelScale('ms', 1)).toEqual({ unit: 'ms', factor: 1 });
  });

  it('formats values, fixed decimals and percents with a real minus sign', () => {
    const ms = { unit: 'ms', factor: 1000 };
    expect(formatValue(1.0961, ms)).toBe('1096.1');
    expect(formatValue(-0.314625, ms, { plus: true })).toBe('-314.63');
    expect(formatValue(0, ms, { plus: true })).toBe('0');
    expect(formatFixed(0.08, { unit: 's', factor: 1 }, 2)).toBe('+0.08');
    expect(formatFixed(-0.001, { unit: 's', factor: 1 }, 2)).toBe('0.00');
    expect(formatPercent(-0.294818)).toBe('-29.48%');
    expect(formatPercent(0.5, 0, false)).toBe('50%');
  });
});

describe('the interval method in the report', () => {
  it('says when the normal approximation stood in for the exact table', () => {
    const many = (file: string, f: number) => record(file, 'x', Array.from({ length: 60 }, (_, i) => (100 + (i % 7)) * f));
    const md = renderCompareMarkdown(compareArms({ baseline: [many('a', 1)], candidate: [many('b', 1.1)] }));
    expect(md).toContain('· 60 paired rounds · 95% intervals (normal approximation of the rank test for 1 case with 50+ runs) ·');
  });
});
