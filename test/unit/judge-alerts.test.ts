/**
 * The pure half of bench/judge-alerts.mjs (precision as judged on real histories, issue #17):
 * reading replay output, the seeded sample that keeps its alerts when others come, the view, the
 * labels and the judged figures; and the tracked labels themselves parse.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { agreement, alertKey, alertView, byStatus, deltaOf, judged, lossOf, parseLabels, parseReplay, sampleAlerts, seriesOf, wilson, type Alert, type Label } from '../../bench/lib/judge.mjs';

const sha = (i: number) => i.toString(16).padStart(40, '0');
const alert = (i: number, extra: Partial<Alert> = {}): Alert => ({
  suite: 's',
  case: `c${i % 7}`,
  kind: 'regression',
  sha: sha(i),
  raisedAt: sha(i + 1),
  status: 'suspected',
  unit: 'ns',
  direction: 'smaller',
  baseline: 1,
  value: 2,
  change: 1,
  ...extra,
});

describe('parseReplay', () => {
  it('reads the alerts of `benchtrend replay --json`', () => {
    const alerts = parseReplay(JSON.stringify({ alerts: [alert(1), alert(2)] }));
    expect(alerts.map((a) => a.sha)).toEqual([sha(1), sha(2)]);
  });
  it('refuses a broken entry with one line naming it', () => {
    const { change: _, ...partial } = alert(3);
    expect(() => parseReplay(JSON.stringify({ alerts: [alert(1), partial] }), 'x.json')).toThrow(/^x\.json: alerts\[1\]\.change is not a number$/);
    expect(() => parseReplay('{"alerts": {}}', 'x.json')).toThrow('x.json: no "alerts" array');
    expect(() => parseReplay(JSON.stringify({ alerts: [alert(1, { sha: 'abc' })] }))).toThrow(/alerts\[0\]\.sha is not a full commit sha/);
  });
});

describe('sampleAlerts', () => {
  const many = Array.from({ length: 100 }, (_, i) => alert(i));
  it('takes every alert up to `all`', () => {
    expect(sampleAlerts(many.slice(0, 40))).toHaveLength(40);
  });
  it('takes `size` of more, the same ones whatever their order', () => {
    const a = sampleAlerts(many).map(alertKey);
    const b = sampleAlerts([...many].reverse()).map(alertKey);
    expect(a).toHaveLength(35);
    expect(new Set(b)).toEqual(new Set(a));
    expect(new Set(sampleAlerts(many, { seed: 'other' }).map(alertKey))).not.toEqual(new Set(a));
  });
  it('keeps the labelled ones when the detector adds or drops alerts: only newcomers need a look', () => {
    const before = new Set(sampleAlerts(many).map(alertKey));
    const newcomers = Array.from({ length: 10 }, (_, i) => alert(1000 + i));
    const isOld = (k: string) => many.some((a) => alertKey(a) === k);
    // New alerts can only push old ones out: no old alert that was not judged comes in.
    const added = sampleAlerts([...many, ...newcomers]).map(alertKey);
    expect(added.filter(isOld).every((k) => before.has(k))).toBe(true);
    expect(added.filter(isOld).length).toBeGreaterThanOrEqual(25);
    // Dropped alerts leave every other judged one in the sample.
    const dropped = new Set(many.slice(0, 10).map(alertKey));
    const kept = new Set(sampleAlerts(many.slice(10)).map(alertKey));
    expect([...before].filter((k) => !dropped.has(k)).every((k) => kept.has(k))).toBe(true);
  });
  it('counts an alert raised at the same case and commit by two rules once', () => {
    const dup = [...many, ...many.slice(0, 5).map((a) => ({ ...a, kind: 'change-point' }))];
    const keys = sampleAlerts(dup).map(alertKey);
    expect(new Set(keys).size).toBe(35);
  });
});

describe('alertView', () => {
  it('marks the alert commit and gives the medians either side', () => {
    const points = Array.from({ length: 30 }, (_, i) => ({ commit: sha(i), suite: 's', case: 'c', unit: 'ns', direction: 'smaller' as const, value: i < 15 ? 100 : 120, seq: i }));
    const series = seriesOf(points).get('s|c')!;
    const view = alertView(alert(15, { case: 'c', raisedAt: sha(16) }), series, { width: 10 });
    expect(view).toMatch(/before 10: median 100 spread \+0\.0% \| after 10: median 120/);
    expect(view).toMatch(/step \+20% worse/);
    const marks = view.split('\n').find((l) => l.includes('^'))!;
    // Column of the alert (the 11th point shown) carries ^, the next one r (where it was raised).
    expect(marks.trim().split(/\s+/).slice(1).slice(10, 13)).toEqual(['^', 'r', '-']);
    expect(view).toMatch(/\[\+0:\+20%\]/);
  });
});

describe('labels and the judged figures', () => {
  const label = (a: Alert, verdict: 'true' | 'false', culprit: number | null, doubt = false): string => JSON.stringify({ key: alertKey(a), verdict, culprit, reason: 'r', ...(doubt ? { doubt } : {}) });
  it('refuses a label twice, a true one without its culprit, a bad verdict', () => {
    const a = alert(1);
    expect(() => parseLabels(`${label(a, 'true', 0)}\n${label(a, 'false', null)}`, 'l.jsonl')).toThrow(/^l\.jsonl:2: .* is labelled twice$/);
    expect(() => parseLabels(label(a, 'true', null), 'l.jsonl')).toThrow('l.jsonl:1: a true alert needs its "culprit" offset');
    expect(() => parseLabels('{"key":"a|b|c","verdict":"yes","culprit":null,"reason":"r"}', 'l.jsonl')).toThrow(/"verdict" is neither/);
  });
  it('gives precision with its Wilson interval, culprit exact among alerts near a step, per commit', () => {
    const alerts = [alert(1), alert(2), alert(3), alert(4), alert(4, { case: 'other' }), alert(5)];
    const labels: Map<string, Label> = parseLabels(
      ['// comment', label(alerts[0]!, 'true', 0), label(alerts[1]!, 'true', 1, true), label(alerts[2]!, 'false', 3), label(alerts[3]!, 'false', null), label(alerts[4]!, 'true', 0)].join('\n'),
    );
    const j = judged(alerts, alerts, labels);
    expect(j).toMatchObject({ alerts: 6, commits: 5, sample: 6, labelled: 5, unlabelled: 1, true: 3, exact: 2, nearCount: 4, groups: 4, groupsTrue: 3 });
    expect(j.precision).toBeCloseTo(0.6);
    expect(j.sure).toBeCloseTo(0.4);
    expect(j.near).toBeCloseTo(0.8);
    expect(j.exactOfNear).toBeCloseTo(0.5);
    expect(j.interval).toEqual(wilson(3, 5));
  });
  it('wilson: 0 of n has the upper bound z²/(n+z²), n of n the lower bound n/(n+z²)', () => {
    const z2 = 1.96 ** 2;
    expect(wilson(0, 15)[0]).toBe(0);
    expect(wilson(0, 15)[1]).toBeCloseTo(z2 / (15 + z2), 12);
    expect(wilson(15, 15)[0]).toBeCloseTo(15 / (15 + z2), 12);
    const [lo, hi] = wilson(12, 15);
    expect(lo).toBeCloseTo(0.5481, 3);
    expect(hi).toBeCloseTo(0.9295, 3);
  });
});

describe('agreement: two labellings of the same alerts', () => {
  const labels = (rows: [string, 'true' | 'false', boolean?][]): Map<string, Label> =>
    new Map(rows.map(([key, verdict, doubt]) => [key, { key, verdict, culprit: verdict === 'true' ? 0 : null, reason: 'r', ...(doubt ? { doubt } : {}) }]));
  it('counts only the alerts both labelled, with Cohen\'s kappa worked by hand', () => {
    // 10 shared: both true 4, both false 4, true then false 1, false then true 1; one key only the first has.
    const first = labels([['a', 'true'], ['b', 'true'], ['c', 'true'], ['d', 'true'], ['e', 'true', true], ['f', 'false'], ['g', 'false'], ['h', 'false'], ['i', 'false'], ['j', 'false'], ['only', 'true']]);
    const second = labels([['a', 'true'], ['b', 'true'], ['c', 'true'], ['d', 'true'], ['e', 'false'], ['f', 'true', true], ['g', 'false'], ['h', 'false'], ['i', 'false'], ['j', 'false']]);
    const a = agreement(first, second);
    expect(a).toMatchObject({ n: 10, agree: 8 });
    expect(a.share).toBeCloseTo(0.8);
    expect(a.precisionFirst).toBeCloseTo(0.5);
    expect(a.precisionSecond).toBeCloseTo(0.5);
    // Chance agreement 0.5·0.5 + 0.5·0.5 = 0.5, so kappa = (0.8 − 0.5) / 0.5.
    expect(a.kappa).toBeCloseTo(0.6);
    expect(a.flips.map((f) => [f.key, f.first, f.second])).toEqual([['e', 'true', 'false'], ['f', 'false', 'true']]);
    // Leaving out the two doubtful ones leaves 8 that all agree.
    expect(a.sure).toMatchObject({ n: 8, agree: 8 });
    expect(a.sure.kappa).toBeCloseTo(1);
  });
  it('the second opinion in the repository labels alerts the first labels already, each once', () => {
    const dir = join(import.meta.dirname, '../../bench');
    const second = parseLabels(readFileSync(join(dir, 'second-opinion/labels.jsonl'), 'utf8'), 'second-opinion/labels.jsonl');
    const first = new Map<string, Label>();
    for (const f of readdirSync(join(dir, 'judged')).filter((x) => x.endsWith('.jsonl') && !x.endsWith('-missed.jsonl'))) {
      for (const [k, l] of parseLabels(readFileSync(join(dir, 'judged', f), 'utf8'), f)) first.set(k, l);
    }
    expect(second.size).toBe(100);
    expect(agreement(first, second).n).toBe(second.size);
  });
});

it('the tracked labels parse, each once, with a reason', () => {
  const dir = join(import.meta.dirname, '../../bench/judged');
  const files = readdirSync(dir).filter((f) => f.endsWith('.jsonl'));
  expect(files.length).toBeGreaterThanOrEqual(3);
  for (const f of files) {
    const text = readFileSync(join(dir, f), 'utf8');
    if (parseLabels(text, f).size > 0) continue;
    // A history whose every candidate step has an alert leaves nothing missed to label, and one
    // that raised no alert of either method nothing at all: each says so.
    if (f.endsWith('-missed.jsonl')) expect(text).toMatch(/^\/\/ .*\S/m);
    else expect(text, f).toMatch(/^\/\/ no alert of either method .*: nothing to label\.$/m);
  }
});

describe('lossOf: why another setting no longer names an alert', () => {
  // Case c3's 20 commits, listed newest first as a history may print them: seriesOf orders them by seq.
  const series = seriesOf(
    Array.from({ length: 20 }, (_, i) => ({ commit: sha(100 + 19 - i), suite: 's', case: 'c3', unit: 'ns', direction: 'smaller' as const, value: 1, seq: 19 - i })),
  ).get('s|c3');
  const at = (i: number) => alert(3, { sha: sha(100 + i) });

  it('is "end" in the last 3 commits of the case, whatever else was raised', () => {
    expect(lossOf(at(16), [], series)).toBe('end');
    expect(lossOf(at(19), [at(10)], series)).toBe('end');
    expect(lossOf(at(15), [], series)).toBe('gone');
  });
  it('is "near" when an alert of the same case names a commit up to 3 away, "gone" further or on another case', () => {
    expect(lossOf(at(8), [at(11)], series)).toBe('near');
    expect(lossOf(at(8), [at(5)], series)).toBe('near');
    expect(lossOf(at(8), [at(12)], series)).toBe('gone');
    expect(lossOf(at(8), [{ ...at(9), case: 'c4' }], series)).toBe('gone');
  });
  it('is "gone" when the commit is not in the series', () => {
    expect(lossOf(alert(3, { sha: sha(999) }), [at(1)], series)).toBe('gone');
    expect(lossOf(at(8), [at(9)], undefined)).toBe('gone');
  });
});

describe('byStatus: the labelled alerts by kind and status at the end of the replay', () => {
  const label = (a: Alert, verdict: 'true' | 'false'): [string, Label] => [alertKey(a), { key: alertKey(a), verdict, culprit: verdict === 'true' ? 0 : null, reason: 'r' }];
  it('counts true, false and unlabelled per kind and status, one alert per case and commit', () => {
    const cleared = alert(1, { status: 'cleared' });
    const confirmed = alert(2, { status: 'confirmed' });
    const step = alert(3, { kind: 'change-point', status: 'confirmed' });
    // The same case and commit raised by a change point too: counted once, as listed first.
    const twice = { ...confirmed, kind: 'change-point' };
    const labels = new Map([label(cleared, 'false'), label(confirmed, 'true'), label(step, 'false')]);
    expect(byStatus([cleared, confirmed, twice, step, alert(4, { status: 'cleared' })], labels)).toEqual([
      { kind: 'change-point', status: 'confirmed', true: 0, false: 1, unlabelled: 0 },
      { kind: 'regression', status: 'cleared', true: 0, false: 1, unlabelled: 1 },
      { kind: 'regression', status: 'confirmed', true: 1, false: 0, unlabelled: 0 },
    ]);
  });
  it("adds to another history's counts, leaving them as they were", () => {
    const previous = [{ kind: 'regression', status: 'cleared', true: 2, false: 3, unlabelled: 0 }];
    const cleared = alert(1, { status: 'cleared' });
    expect(byStatus([cleared, alert(2, { status: 'suspected' })], new Map([label(cleared, 'true')]), previous)).toEqual([
      { kind: 'regression', status: 'cleared', true: 3, false: 3, unlabelled: 0 },
      { kind: 'regression', status: 'suspected', true: 0, false: 0, unlabelled: 1 },
    ]);
    expect(previous).toEqual([{ kind: 'regression', status: 'cleared', true: 2, false: 3, unlabelled: 0 }]);
  });
});

describe('deltaOf: what a change of the detector did to one history\'s labelled alerts', () => {
  // Cases c1 and c2 of 30 commits each; an alert names commit i of its case.
  const series = seriesOf(
    ['c1', 'c2'].flatMap((c) => Array.from({ length: 30 }, (_, i) => ({ commit: sha(200 + i), suite: 's', case: c, unit: 'ns', direction: 'smaller' as const, value: 1, seq: i }))),
  );
  const at = (c: string, i: number): Alert => ({ ...alert(0), case: c, sha: sha(200 + i) });
  const label = (a: Alert, verdict: 'true' | 'false', culprit: number | null): [string, Label] => [alertKey(a), { key: alertKey(a), verdict, culprit, reason: 'r' }];

  it('counts each build, and names what one raises and the other does not, with its label', () => {
    const kept = at('c1', 5);
    const lost = at('c1', 20);
    const gone = at('c2', 3);
    const added = at('c2', 25);
    const labels = new Map([label(kept, 'true', 0), label(lost, 'true', 1), label(gone, 'false', null)]);
    const d = deltaOf([kept, lost, gone], [kept, added, { ...kept, kind: 'change-point' }], labels, series);
    expect(d.before).toEqual({ alerts: 3, true: 2, false: 1, unlabelled: 0, exact: 1 });
    // The same case and commit raised twice counts once.
    expect(d.after).toEqual({ alerts: 2, true: 1, false: 0, unlabelled: 1, exact: 1 });
    expect(d.changes).toEqual([
      { change: 'gone', key: alertKey(lost), verdict: 'true' },
      { change: 'gone', key: alertKey(gone), verdict: 'false' },
      { change: 'added', key: alertKey(added), verdict: 'unlabelled' },
    ]);
  });
  it('reads an alert named a few commits away on the same case as moved, with the culprit offsets of both names', () => {
    const before = at('c1', 10);
    const labels = new Map([label(before, 'true', 1)]);
    // One commit earlier: onto the step the label places (offset 1 → 0); the nearest of two wins.
    expect(deltaOf([before], [at('c1', 13), at('c1', 9)], labels, series).changes).toEqual([
      { change: 'moved', key: alertKey(before), to: alertKey(at('c1', 9)), verdict: 'true', verdictNow: 'unlabelled', from: 1, offset: 0 },
      { change: 'added', key: alertKey(at('c1', 13)), verdict: 'unlabelled' },
    ]);
    // A new name with a label of its own is read by that label; 5 commits away is no move.
    const labelled = new Map([label(before, 'true', 1), label(at('c1', 12), 'false', 3)]);
    expect(deltaOf([before], [at('c1', 12)], labelled, series).changes).toEqual([{ change: 'moved', key: alertKey(before), to: alertKey(at('c1', 12)), verdict: 'true', verdictNow: 'false', from: 1, offset: 3 }]);
    expect(deltaOf([before], [at('c1', 15), at('c2', 10)], labels, series).changes.map((c) => c.change)).toEqual(['gone', 'added', 'added']);
  });
});
