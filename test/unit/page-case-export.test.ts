import { describe, expect, it } from 'vitest';
import { caseCsv, caseJson, exportFileName, type CaseExport } from '../../page/lib/case-export.js';
import { firstLine, formatDate, hoverText, utcTime } from '../../page/lib/hover-text.js';
import { commitUrl, httpUrl } from '../../page/lib/links.js';
import { formatPermalink, parsePermalink } from '../../page/lib/permalink.js';
import type { CommitRow } from '../../page/lib/trend-model.js';
import type { StoredPoint } from '../../src/core/trend/types.js';

const row = (sha: string, message: string, author = 'Ada'): CommitRow => ({ commit: { sha, message, author, timestamp: '2024-03-01T12:34:56Z' }, seq: 0, imported: false });
const p: StoredPoint = { case: 'warm / total', shape: 'warm', unit: 's', direction: 'smaller', value: 2.2, q1: 2.1, q3: 2.3, min: 2, max: 2.4, stdev: 0.2, runs: 3, n: 3, samples: [2, 2.2, 2.4], extra: 'wall=2.3s' };

const data: CaseExport = {
  suite: 'main',
  case: 'warm / total',
  unit: 's',
  direction: 'smaller',
  commits: [row('a'.repeat(40), 'first\n\nbody'), row('b'.repeat(40), 'skipped'), row('c'.repeat(40), '=HYPERLINK("x"), "quoted"', '@mallory')],
  points: [p, null, { ...p, value: 2.5, stdev: null }],
};

describe('case downloads', () => {
  it('write RFC 4180 CSV with one row per point, text cells defused for spreadsheets', () => {
    const lines = caseCsv(data).split('\r\n');
    expect(lines[0]).toBe('sha,timestamp,author,message,value,q1,q3,min,max,stdev,runs,n,unit,extra,range,samples');
    expect(lines[1]).toBe(`${'a'.repeat(40)},2024-03-01T12:34:56Z,Ada,first,2.2,2.1,2.3,2,2.4,0.2,3,3,s,wall=2.3s,,2 2.2 2.4`);
    expect(lines[2]).toBe(`${'c'.repeat(40)},2024-03-01T12:34:56Z,'@mallory,"'=HYPERLINK(""x""), ""quoted""",2.5,2.1,2.3,2,2.4,,3,3,s,wall=2.3s,,2 2.2 2.4`);
    expect(lines).toHaveLength(4);
    expect(lines[3]).toBe('');
  });

  it('write JSON with each point and its whole commit', () => {
    const parsed = JSON.parse(caseJson(data)) as { case: string; points: { commit: { sha: string; message: string }; point: StoredPoint }[] };
    expect(parsed.case).toBe('warm / total');
    expect(parsed.points.map((x) => x.commit.sha[0])).toEqual(['a', 'c']);
    expect(parsed.points[0]?.commit.message).toBe('first\n\nbody');
    expect(parsed.points[0]?.point).toEqual(p);
  });

  it('name files without characters a file system refuses', () => {
    expect(exportFileName('main', 'warm / total', 'csv')).toBe('main-warm_total.csv');
    expect(exportFileName('', '../../etc/passwd', 'json')).toBe('etc_passwd.json');
    expect(exportFileName('', '///', 'json')).toBe('case.json');
    expect(exportFileName('main', '<img src=x onerror=alert(1)>', 'csv')).toBe('main-_img_src_x_onerror_alert_1.csv');
  });
});

describe('links', () => {
  it('follow only http(s) URLs from the data', () => {
    expect(httpUrl('https://github.com/o/r')).toBe('https://github.com/o/r');
    expect(httpUrl('javascript:alert(1)')).toBeUndefined();
    expect(httpUrl('data:text/html,<script>')).toBeUndefined();
    expect(httpUrl('not a url')).toBeUndefined();
  });

  it('use the commit’s own link, else the repository’s commit page', () => {
    const sha = 'f'.repeat(40);
    expect(commitUrl({ sha, message: '', author: '', timestamp: '', url: 'https://example.test/c' }, 'https://github.com/o/r')).toBe('https://example.test/c');
    expect(commitUrl({ sha, message: '', author: '', timestamp: '', url: 'javascript:alert(1)' }, 'https://github.com/o/r/')).toBe(`https://github.com/o/r/commit/${sha}`);
    expect(commitUrl({ sha: '../../x', message: '', author: '', timestamp: '' }, 'https://github.com/o/r')).toBeUndefined();
    expect(commitUrl({ sha, message: '', author: '', timestamp: '' }, undefined)).toBeUndefined();
  });
});

describe('permalinks', () => {
  it('round-trip any case name', () => {
    for (const name of ['warm / total', '<img src=x onerror=alert(1)>', 'a&b=c#d', 'spaces  and+plus']) {
      const link = formatPermalink({ case: name, suite: 'main & co' });
      expect(parsePermalink(link)).toEqual({ case: name, suite: 'main & co' });
    }
    expect(formatPermalink({ case: 'warm / total' })).toBe('#case=warm%20%2F%20total');
    expect(parsePermalink('')).toEqual({});
  });
});

describe('hover text', () => {
  it('names the commit by short sha and first line, and the point by median, bars, runs and extra', () => {
    const t = hoverText(row('0123456789abcdef', 'Port to Rust\n\nlong story'), p, 'quartiles', []);
    expect(t.title).toBe('0123456 Port to Rust');
    expect(t.rows).toEqual([
      { label: 'author', text: 'Ada' },
      { label: 'date', text: '2024-03-01 12:34 UTC' },
      { label: 'median', text: '2.2 s (smaller is better)' },
      { label: 'q1–q3', text: '2.1 s – 2.3 s' },
      { label: 'min–max', text: '2 s – 2.4 s' },
      { label: 'runs', text: '3/3' },
      { label: 'extra', text: 'wall=2.3s' },
    ]);
  });

  it('writes the spread to as many digits as the median, so a median never reads outside it', () => {
    // One run of an imported googlecpp history: its quartiles are its median.
    const one = { ...p, value: 145.7, q1: 145.7, q3: 145.7, min: 145.7, max: 145.7, unit: 'ns/iter', runs: 1, n: 1 };
    const rows = hoverText(row('0123456789', 'x'), one, 'quartiles', []).rows;
    expect(rows.find((r) => r.label === 'median')?.text).toBe('145.7 ns/iter (smaller is better)');
    expect(rows.find((r) => r.label === 'q1–q3')?.text).toBe('145.7 ns/iter – 145.7 ns/iter');
    expect(rows.find((r) => r.label === 'min–max')?.text).toBe('145.7 ns/iter – 145.7 ns/iter');
  });

  it('puts the shown bar first and says what an imported summary is', () => {
    const imported = { ...row('0123456789', 'x'), imported: true };
    const t = hoverText(imported, { ...p, summaryOnly: true, range: '± 0.2', samples: [], failed: 1 }, 'extremes', [
      { kind: 'regression', suite: 'main', case: 'warm / total', sha: '0123456789', seq: 0, status: 'suspected', reason: '12% over the baseline' },
    ]);
    expect(t.rows.map((r) => r.label)).toEqual(['author', 'date', 'median', 'min–max', 'q1–q3', 'range', 'runs', 'extra', 'spread', 'source', 'alert']);
    expect(t.rows.find((r) => r.label === 'runs')?.text).toBe('3/3, 1 failed');
    // A stage only some runs reported: k of the record's n.
    expect(hoverText(row('0123456789', 'x'), { ...p, runs: 2 }, 'quartiles', []).rows.find((r) => r.label === 'runs')?.text).toBe('2/3');
    expect(t.rows.at(-1)?.text).toBe('regression (suspected): 12% over the baseline');
    const step = { kind: 'change-point' as const, suite: 'main', case: 'warm / total', sha: '0123456789', seq: 0, status: 'confirmed' as const, reason: 'step of +20%' };
    const steps = hoverText(row('0123456789', 'x'), p, 'quartiles', [step, { ...step, raised: true as const }]).rows.filter((r) => r.label === 'alert');
    expect(steps.map((r) => r.text)).toEqual(['change point (confirmed): step of +20%', 'step found (confirmed): step of +20%']);
    // The link to the method's docs, which comments make of a reason's end, leads nowhere on a page.
    const linked = hoverText(row('0123456789', 'x'), p, 'quartiles', [{ ...step, reason: 'step of +20% (details: docs/alerts.md)' }]).rows.filter((r) => r.label === 'alert');
    expect(linked.map((r) => r.text)).toEqual(['change point (confirmed): step of +20%']);
  });

  it('keeps the first line only and dates in UTC', () => {
    expect(firstLine('a\r\nb')).toBe('a');
    expect(formatDate('2024-03-01T23:59:00-02:00')).toBe('2024-03-02 01:59 UTC');
    expect(formatDate('yesterday')).toBe('yesterday');
    // The axis and the card's dates cut this one: the UTC day, not the author's.
    expect(utcTime('2024-03-01T20:30:00-08:00')).toBe('2024-03-02T04:30');
    expect(utcTime('yesterday')).toBe('yesterday');
  });
});
