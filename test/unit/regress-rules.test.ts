/**
 * The rules of issue 17 on constructed series, one describe each: the culprit, the overwhelming
 * step, honest warm-up, plain signs, and the ratio rule exactly as github-action-benchmark has
 * it, checked on that project's own published data and on generated data.js files.
 */
import { describe, expect, it } from 'vitest';
import { noisy, points, series, settings } from './regress-series.js';
import type { Direction } from '../../src/core/model.js';
import { assessCase, NO_MEMORY, type SeriesPoint } from '../../src/core/regress/detect.js';
import { replay } from '../../src/core/regress/replay.js';
import { memoryOf, updateAlerts } from '../../src/core/regress/alerts.js';
import type { StoredAlert } from '../../src/core/trend/types.js';
import { changeWord, describeChange, describeWorseChange, reasonBeside, signedPercent } from '../../src/core/regress/words.js';
import { readFixture } from './fixtures.js';
import { Random } from '../../src/core/regress/prng.js';
import { replaySuites } from '../../src/core/regress/replay-trend.js';
import { importedSegments } from '../../src/core/trend/plan.js';
import { renderCommitComment, rowFromAlert, rowFromVerdict } from '../../src/core/render-comment.js';


describe('the culprit', () => {
  it('names the commit where the step starts, not the one that confirmed it', () => {
    for (const seed of [1, 2, 3, 4]) {
      const values = noisy((i) => (i < 60 ? 1 : 1.2), 75, 0.02, seed);
      const r = replay(series(values), settings(), { suiteCases: 10, from: 1 });
      const first = r.raised[0];
      expect(first?.kind).toBe('regression');
      // Raised on the second point beyond the limit, but it names the first.
      expect(first?.at).toBe(61);
      expect(first?.index).toBe(60);
      expect(first?.sha).toBe(series(values).points[60]?.sha);
      // Measured at the newest point, as the verdict and its comment row are.
      expect(first?.value).toBeCloseTo(values[61] as number, 12);
      expect(r.raised).toHaveLength(1);
    }
  });
});

describe('at once when overwhelming, confirmed when marginal', () => {
  const values = [...noisy(() => 1, 40, 0.01, 11), 1.4];
  it('alerts a +40% step at 1% noise on its own commit when the rest of the suite held still', () => {
    const v = assessCase(series(values), NO_MEMORY, settings(), { suiteCases: 10, hostMoved: false }).verdict;
    expect(v.kind).toBe('regressed');
    expect(v.alert?.sha).toBe(series(values).points[40]?.sha);
    expect(v.reason).toMatch(/^\+\d\d% worse: one commit far above [\d.]+ s, so far beyond anything the last 30 commits show that it alerts at once/);
  });
  it('waits for the next point when the rest of the suite moved too, or when nothing tells', () => {
    expect(assessCase(series(values), NO_MEMORY, settings(), { suiteCases: 10, hostMoved: true }).verdict.kind).toBe('watch');
    expect(assessCase(series(values), NO_MEMORY, settings(), { suiteCases: 10 }).verdict.kind).toBe('watch');
  });
  it('waits for a marginal point even when the machine did not move', () => {
    const marginal = [...noisy(() => 1, 40, 0.01, 11), 1.08];
    expect(assessCase(series(marginal), NO_MEMORY, settings(), { suiteCases: 10, hostMoved: false }).verdict.kind).toBe('watch');
  });
  it('waits when the baseline itself shows excursions as large (this runner has slow hosts)', () => {
    const withSlowHost = noisy(() => 1, 40, 0.01, 11);
    withSlowHost[30] = 1.3;
    const v = assessCase(series([...withSlowHost, 1.4]), NO_MEMORY, settings(), { suiteCases: 10, hostMoved: false }).verdict;
    expect(v.kind).toBe('watch');
  });
});

describe('words a maintainer reads first', () => {
  it('puts the finding before what the rest of the job did, and the link to the method last', () => {
    // A lasting +20% step whose newest point came while most of the suite moved too: raised, with
    // the change and the limit first and the runner as a caveat after them.
    const values = [...noisy(() => 1, 40, 0.01, 11), 1.2, 1.21, 1.2];
    const v = assessCase(series(values), NO_MEMORY, settings(), { suiteCases: 10, hostMoved: true, hostMovedBefore: [false, false, false] }).verdict;
    expect(v.kind).toBe('regressed');
    expect(v.alert?.sha).toBe(series(values).points[40]?.sha);
    expect(v.reason).toMatch(
      /^\+20% worse: 3 commits in a row are above [\d.]+ s, the most that the last 30 commits make plausible; most of this job moved at this commit too, so it may be the runner \(name cases only the runner can move in control-cases to tell\); the step starts at [0-9a-f]{7} \(details: docs\/alerts\.md\)$/,
    );
    // The same run with the machine still: the finding alone.
    const still = assessCase(series(values), NO_MEMORY, settings(), { suiteCases: 10, hostMoved: false, hostMovedBefore: [false, false, false] }).verdict;
    // Raised at the third commit, named at the first: the words say where the step starts.
    expect(still.reason).toMatch(new RegExp(`^\\+20% worse: 3 commits in a row are above [\\d.]+ s, the most that the last 30 commits make plausible; the step starts at ${series(values).points[40]?.sha.slice(0, 7)} \\(details: docs/alerts\\.md\\)$`));
  });
});

describe('a step confirms its own regression, not one raised a few commits on', () => {
  it('clears a spike 10 commits after a confirmed step, which the earlier step does not make lasting', () => {
    for (const seed of [3, 4]) {
      // +25% at 40 (lasting), then 3 commits another 20% up at 50 and back to the new level.
      const values = noisy((i) => (i < 40 ? 1 : i >= 50 && i <= 52 ? 1.5 : 1.25), 80, 0.005, seed);
      const r = replay(series(values), settings(), { suiteCases: 10, from: 1 });
      const regressions = r.alerts.filter((a) => a.kind === 'regression').map((a) => [a.seq, a.status]);
      expect(regressions).toEqual([
        [40, 'confirmed'],
        [50, 'cleared'],
      ]);
    }
  });
  it('lets a cleared alert claim a step only once the step is final, so the suspected one beside it is confirmed', () => {
    const s = series(noisy((i) => (i < 45 ? 1 : 1.25), 56, 0.005, 3));
    const sha = (i: number) => s.points[i]?.sha as string;
    // A spike at 44 cleared before; the step at 45 raised at 47. The scan's step (not yet final) is 47's.
    const memory = { changePoints: [], regressions: [{ sha: sha(44), seq: 44, status: 'cleared' as const }, { sha: sha(47), seq: 47, status: 'suspected' as const }] };
    const { verdict } = assessCase(s, memory, settings(), { suiteCases: 10 });
    expect(verdict.transitions?.map((t) => [t.seq, t.status])).toEqual([[47, 'confirmed']]);
  });
  it('words a second lasting step with its own size, not the first step’s', () => {
    for (const gap of [6, 10]) {
      const values = noisy((i) => (i < 40 ? 1 : i < 40 + gap ? 1.25 : 1.5), 70, 0.005, 3);
      const r = replay(series(values), settings(), { suiteCases: 10, from: 1 });
      const second = r.alerts.find((a) => a.kind === 'regression' && a.seq === 40 + gap);
      expect(second?.status).toBe('confirmed');
      // 1.25 → 1.5 is +20%; the first step's +25% over the commits since 40 is another event.
      expect(second?.reason).toMatch(/; confirmed: a lasting step, \+(19|20|21)% worse over the 6 commits since \(details: docs\/alerts\.md\)$/);
    }
  });
});

describe('honest warm-up', () => {
  it('says "too little history to judge +31%" when the limit cannot catch a doubling, never "ok"', () => {
    // Eight noisy points: the limit is far above twice the baseline.
    const v = assessCase(series([1, 1.6, 0.7, 1.3, 0.8, 1.5, 0.75, 1.1, 1.31]), NO_MEMORY, settings(), { suiteCases: 10 }).verdict;
    expect(v.kind).toBe('not-enough-history');
    expect(v.reason).toMatch(/^too little history to judge \+\d+% worse: 8 points, whose spread puts the limit at [\d.]+ s, too wide to catch a doubling$/);
    expect(v.alert).toBeUndefined();
  });
  it('says the change even before the minimum history', () => {
    const v = assessCase(series([1, 1.01, 0.99, 1, 1.31]), NO_MEMORY, settings(), { suiteCases: 10 }).verdict;
    expect(v.reason).toBe('too little history to judge +31% worse: 4 earlier commits on record; 9 are needed before alerting');
  });
  it('judges once the history is steady enough', () => {
    const v = assessCase(series([...noisy(() => 1, 30, 0.01, 5), 1.01]), NO_MEMORY, settings(), { suiteCases: 10 }).verdict;
    expect(v.kind).toBe('unchanged');
    expect(v.reason).toMatch(/^\+?-?\d\.\d% (worse|better): within [\d.]+ s, the most that the last \d+ commits make plausible$/);
  });
});

describe('plain signs', () => {
  it('shows the real sign and a word', () => {
    expect(describeChange(22000, 24300, 'bigger')).toBe('-9.5% worse');
    expect(describeChange(1.12, 1, 'bigger')).toBe('+12% better');
    expect(describeChange(1.12, 1, 'smaller')).toBe('+12% worse');
    expect(describeChange(0.9, 1, 'smaller')).toBe('-10% better');
    expect(describeChange(1, 1, 'smaller')).toBe('unchanged');
    expect(signedPercent(-0.0004)).toBe('0%');
    // Only a fall to zero reads -100%; a fall to 0.2% of the base reads as such.
    expect(describeChange(409.9, 198700, 'smaller')).toBe('-99.8% better');
    expect(signedPercent(-0.99999)).toBe('-99.9%');
    expect(signedPercent(-0.996)).toBe('-99.6%');
    expect(signedPercent(-0.994)).toBe('-99%');
    expect(signedPercent(-1)).toBe('-100%');
    expect(signedPercent(1)).toBe('+100%');
    // Beside a Change column the reason goes on from the change rather than saying it twice.
    expect(reasonBeside('+60% worse: 3 commits in a row are above 48.64 s', '+60% worse')).toBe('3 commits in a row are above 48.64 s');
    expect(reasonBeside('+60% worse: 3 commits in a row', '+61% worse')).toBe('+60% worse: 3 commits in a row');
    expect(reasonBeside('still beyond the limit since bf1c589: +65% worse: 3 commits', '+65% worse')).toBe('still beyond the limit since bf1c589: +65% worse: 3 commits');
    expect(reasonBeside('+65% worse: 3 commits in a row are above 2 s; still beyond the limit since bf1c589', '+65% worse')).toBe('3 commits in a row are above 2 s; still beyond the limit since bf1c589');
    expect(reasonBeside('+60% worse: ', '+60% worse')).toBe('+60% worse: ');
    expect(changeWord(-0.1, 'bigger')).toBe('worse');
    // A stored "positive when worse" fraction of a throughput reads as a fall.
    expect(describeWorseChange(0.095, 'bigger')).toBe('-9.5% worse');
    // Too small to show a digit: unchanged, not `0% worse`.
    expect(describeWorseChange(0.0004, 'smaller')).toBe('unchanged');
    expect(describeChange(1.0004, 1, 'bigger')).toBe('unchanged');
    expect(describeWorseChange(0.2, 'smaller')).toBe('+20% worse');
    // A step from zero has no ratio: its alert stores no change, and it reads in words.
    expect(describeChange(4096, 0, 'smaller')).toBe('from 0, worse');
    expect(describeChange(0, 0, 'smaller')).toBe('unchanged');
    expect(describeWorseChange(undefined, 'smaller')).toBe('worse, from 0');
    expect(describeWorseChange(null, 'smaller')).toBe('worse, from 0');
  });
  it('raises a step from zero with the ratio rule, with no change to store', () => {
    const points: SeriesPoint[] = [0, 0, 0, 0, 4096].map((value, i) => ({ sha: `${i}`.padStart(40, 'd'), seq: i, value, q1: value, q3: value, runs: 1, n: 1 }));
    const v = assessCase({ suite: 's', case: 'disk', unit: 'bytes', direction: 'smaller', points }, NO_MEMORY, settings({ method: 'ratio', ratioThreshold: 1.5 }), { suiteCases: 2 }).verdict;
    expect(v.kind).toBe('regressed');
    expect(v.alert).toMatchObject({ kind: 'regression', sha: points[4]?.sha, baseline: 0, value: 4096 });
    expect(v.alert && 'change' in v.alert).toBe(false);
    expect(v.change).toBeUndefined();
    expect(v.reason).toBe('from 0 to 4 KiB since the previous commit ddddddd, no ratio to a zero, above the alert threshold of 150%');
    // Its commit comment row reads in words, from this run's verdict and from the stored alert.
    const row = rowFromVerdict(v);
    expect(row && 'change' in row).toBe(false);
    const body = renderCommitComment({ suite: 's', sha: points[4]?.sha as string, rows: row ? [row] : [], cases: 2 });
    expect(body).toMatch(/\| 0 bytes \(0–0\) \| 4 KiB \| worse, from 0 \|/);
    expect(body).not.toMatch(/Infinity|NaN/);
    const stored = rowFromAlert({ kind: 'regression', suite: 's', case: 'disk', sha: points[4]?.sha as string, seq: 4, status: 'cleared', baseline: 0, value: 4096, reason: 'r' }, 'bytes', 'smaller');
    expect(renderCommitComment({ suite: 's', sha: points[4]?.sha as string, rows: [stored], cases: 2 })).toMatch(/\| worse, from 0 \|/);
  });
  it('puts it in the reason of a throughput that fell', () => {
    const base = noisy(() => 24300, 40, 0.01, 4);
    const v = assessCase(series([...base, 18000, 18100], 'bigger', 'Hz'), NO_MEMORY, settings(), { suiteCases: 10 }).verdict;
    expect(v.kind).toBe('regressed');
    expect(v.reason).toMatch(/^-2\d% worse: 2 commits in a row are below [\d.]+ Hz, the least that the last 30 commits make plausible/);
    // Within its limit, a throughput's limit is the least plausible too.
    const ok = assessCase(series([...base, 24000], 'bigger', 'Hz'), NO_MEMORY, settings(), { suiteCases: 10 }).verdict;
    expect(ok.reason).toMatch(/within [\d.]+ Hz, the least that the last \d+ commits make plausible/);
  });
  it('never calls an alert still regressed in the run that clears it: the run is raised afresh', () => {
    // A slow drift in 1% noise: a suspicion raised early is cleared ten commits on, at a commit where the case is beyond its limit again.
    const s = series(noisy((i) => (i < 20 ? 1 : 1 + 0.006 * Math.min(i - 20, 25)), 70, 0.01, 1));
    let alerts: StoredAlert[] = [];
    const contradictions: number[] = [];
    let clearedWhileRegressed = 0;
    for (let t = 1; t < s.points.length; t++) {
      const { verdict, changePoints } = assessCase({ ...s, points: s.points.slice(0, t + 1) }, memoryOf(alerts, s.suite, s.case), settings(), { suiteCases: 1 });
      alerts = updateAlerts(alerts, [verdict], [changePoints]);
      if (verdict.kind === 'regressed' && verdict.ongoing?.status === 'cleared') contradictions.push(t);
      if (verdict.kind === 'regressed' && verdict.transitions.some((tr) => tr.status === 'cleared')) clearedWhileRegressed++;
    }
    expect(contradictions).toEqual([]);
    // The case is one where a run clears an alert while the case is beyond its limit.
    expect(clearedWhileRegressed).toBeGreaterThan(0);
  });
  it('words a run still regressed finding first, the earlier alert after it, the link last', () => {
    const s = series([...noisy(() => 1, 40, 0.01, 3), ...noisy(() => 1.2, 6, 0.01, 4)]);
    let alerts: StoredAlert[] = [];
    const still: string[] = [];
    for (let t = 1; t < s.points.length; t++) {
      const { verdict, changePoints } = assessCase({ ...s, points: s.points.slice(0, t + 1) }, memoryOf(alerts, s.suite, s.case), settings(), { suiteCases: 1 });
      alerts = updateAlerts(alerts, [verdict], [changePoints]);
      if (verdict.ongoing) still.push(verdict.reason);
    }
    expect(still.length).toBeGreaterThan(0);
    for (const r of still) expect(r).toMatch(/^\+\d+% worse: .*; still beyond the limit since [0-9a-f]{7} \(details: docs\/alerts\.md\)$/);
  });
  it('confirms a throughput’s fall in words with its real sign, naming no commit but the alert’s own', () => {
    const values = [...noisy(() => 24300, 40, 0.01, 4), ...noisy(() => 18000, 30, 0.01, 5)];
    const r = replay(series(values, 'bigger', 'Hz'), settings(), { suiteCases: 10, from: 1 });
    const confirmed = r.alerts.find((a) => a.kind === 'regression' && a.status === 'confirmed');
    // The link to the method stays last, after what later commits said.
    expect(confirmed?.reason).toMatch(/; confirmed: a lasting step, -2\d% worse over the \d+ commits since \(details: docs\/alerts\.md\)$/);
  });
  it('puts it in the ratio rule’s words of a throughput that fell: the previous commit was so much of this', () => {
    const v = assessCase(series([0.34, 0.2], 'bigger', 'ops/sec'), NO_MEMORY, settings({ method: 'ratio', ratioThreshold: 1.5 }), { suiteCases: 1 }).verdict;
    expect(v.kind).toBe('regressed');
    expect(v.reason).toMatch(/^-41% worse: the previous commit [0-9a-f]{7} was 170% of this, above the alert threshold of 150%$/);
  });
});

describe('alert-method: ratio is github-action-benchmark’s rule exactly', () => {
  const ratio = settings({ method: 'ratio', ratioThreshold: 1.5 });
  it('skips a bench the previous entry lacked, as findAlerts does', () => {
    const pts = points([1, 1, 1.6]).map((p, i) => ({ ...p, seq: i * 2, previousSeq: i * 2 - 1 }));
    const v = assessCase({ ...series([]), points: pts }, NO_MEMORY, ratio, { suiteCases: 1 }).verdict;
    expect(v.kind).toBe('not-enough-history');
    expect(v.reason).toMatch(/not benched at the previous commit/);
  });
  it('raises nothing but the ratio: no lasting step is announced in this mode', () => {
    // A drift no single ratio crosses: the limit method announces it, the ratio method must not.
    const values = noisy((i) => (i < 60 ? 1 : 1.25), 140, 0.02, 31);
    const r = replay(series(values), ratio, { suiteCases: 1, from: 1 });
    expect(r.raised).toEqual([]);
    expect(replay(series(values), settings(), { suiteCases: 1, from: 1 }).raised.length).toBeGreaterThan(0);
  });
  it('compares zeros as the anchor does: a time from 0 to 1 alerts, both zero is a ratio of 1', () => {
    expect(assessCase(series([0, 1]), NO_MEMORY, ratio, { suiteCases: 1 }).verdict.kind).toBe('regressed');
    expect(assessCase(series([0, 0]), NO_MEMORY, ratio, { suiteCases: 1 }).verdict.kind).not.toBe('regressed');
    expect(assessCase(series([5, 0], 'bigger', 'ops/s'), NO_MEMORY, ratio, { suiteCases: 1 }).verdict.kind).toBe('regressed');
  });

  it('raises the same alerts as the anchor on github-action-benchmark’s own published data', () => {
    interface Bench { name: string; value: number; unit: string }
    interface Entry { commit: { id: string }; tool: string; benches: Bench[] }
    const text = readFixture('trend-data/github-action-benchmark-data.js');
    const data = JSON.parse(text.slice(text.indexOf('{'))) as { entries: Record<string, Entry[]> };
    // The anchor's biggerIsBetter(tool) table, src/write.ts.
    const bigger = new Set(['benchmarkjs', 'pytest', 'customBiggerIsBetter']);
    let compared = 0;
    let alerted = 0;
    for (const [suite, entries] of Object.entries(data.entries)) {
      // The anchor, written out: each entry against the last earlier one with another commit id.
      const expected = new Set<string>();
      entries.forEach((cur, i) => {
        const prev = entries.slice(0, i).reverse().find((e) => e.commit.id !== cur.commit.id);
        if (!prev) return;
        for (const b of cur.benches) {
          const p = prev.benches.find((x) => x.name === b.name);
          if (!p) continue;
          compared++;
          const r = p.value === 0 && b.value === 0 ? 1 : bigger.has(cur.tool) ? p.value / b.value : b.value / p.value;
          if (r > 1.5) expected.add(`${i}\u0000${b.name}`);
        }
      });
      // The same entries as per-case series, each point knowing its suite's previous entry.
      const prevIndex = entries.map((cur, i) => {
        for (let j = i - 1; j >= 0; j--) if ((entries[j] as Entry).commit.id !== cur.commit.id) return j;
        return undefined;
      });
      const names = [...new Set(entries.flatMap((e) => e.benches.map((b) => b.name)))];
      const got = new Set<string>();
      for (const name of names) {
        const pts: SeriesPoint[] = [];
        let direction: Direction = 'smaller';
        entries.forEach((e, i) => {
          const b = e.benches.find((x) => x.name === name);
          if (!b) return;
          direction = bigger.has(e.tool) ? 'bigger' : 'smaller';
          const previousSeq = prevIndex[i];
          pts.push({ sha: e.commit.id, seq: i, value: b.value, q1: b.value, q3: b.value, runs: 1, n: 1, ...(previousSeq !== undefined ? { previousSeq } : {}) });
        });
        // The anchor compares with the last entry of another commit; a re-run of one commit keeps its latest point.
        const r = replay({ suite, case: name, unit: '', direction, points: pts }, ratio, { suiteCases: names.length, from: 1 });
        for (const a of r.raised) got.add(`${(pts[a.at] as SeriesPoint).seq}\u0000${name}`);
      }
      expect([...got].sort(), suite).toEqual([...expected].sort());
      alerted += expected.size;
    }
    expect(compared).toBeGreaterThan(1000);
    expect(alerted).toBeGreaterThan(5);
  });

  it('raises the same alerts as the anchor on generated data.js: two jobs a commit, re-runs, zeros, missing benches', () => {
    interface Bench { name: string; value: number; unit: string }
    interface Entry { commit: { id: string; message: string; timestamp: string; url: string; author: { name: string } }; date: number; tool: string; benches: Bench[] }
    let alerted = 0;
    for (let seed = 1; seed <= 40; seed++) {
      const rng = new Random(seed);
      const bigger = rng.below(2) === 0;
      const names = ['a', 'b', 'c', 'd', 'e', 'f'];
      const level = new Map(names.map((n) => [n, 1 + rng.below(100)]));
      const jobs = rng.below(2) === 0 ? [names.slice(0, 3), names.slice(3)] : [names];
      const entries: Entry[] = [];
      for (let c = 1, n = 20 + rng.below(40); c <= n; c++) {
        const id = c.toString(16).padStart(40, '0');
        for (const name of names) if (rng.next() < 0.08) level.set(name, (level.get(name) as number) * (rng.next() < 0.5 ? 1.8 : 0.5));
        const value = (name: string) => (rng.next() < 0.03 ? 0 : (level.get(name) as number) * Math.exp(0.15 * rng.normal()) * (rng.next() < 0.05 ? 2.5 : 1));
        for (let run = 0, runs = rng.next() < 0.15 ? 2 : 1; run < runs; run++) {
          for (const job of jobs) {
            const benches = job.filter(() => rng.next() > 0.1).map((name) => ({ name, value: value(name), unit: bigger ? 'ops/s' : 'ms' }));
            const commit = { id, message: 'm', timestamp: '2024-01-01T00:00:00Z', url: `https://github.com/o/r/commit/${id}`, author: { name: 'a' } };
            if (benches.length) entries.push({ commit, date: 1_700_000_000_000 + entries.length * 1000, tool: bigger ? 'customBiggerIsBetter' : 'customSmallerIsBetter', benches });
          }
        }
      }
      // The anchor, written out, judged at each commit's latest entry holding the bench: a commit
      // benched twice is one point here, its latest (docs/alerts.md, Compatibility).
      const verdict = new Map<string, boolean>();
      entries.forEach((cur, i) => {
        const prev = entries.slice(0, i).reverse().find((e) => e.commit.id !== cur.commit.id);
        for (const b of cur.benches) {
          const p = prev?.benches.find((x) => x.name === b.name);
          const r = !p ? 0 : p.value === 0 && b.value === 0 ? 1 : bigger ? p.value / b.value : b.value / p.value;
          verdict.set(`${cur.commit.id} ${b.name}`, r > 1.5);
        }
      });
      const expected = [...verdict].filter(([, alert]) => alert).map(([k]) => k);
      const text = `window.BENCHMARK_DATA = ${JSON.stringify({ entries: { S: entries } })}`;
      const { alerts } = replaySuites(importedSegments('data.js', text, []).segments, settings({ method: 'ratio', ratioThreshold: 1.5 }));
      const got = alerts.filter((a) => a.kind === 'regression').map((a) => `${a.sha} ${a.case.split(' / ').pop() as string}`);
      expect(got.sort(), `seed ${seed}`).toEqual(expected.sort());
      alerted += expected.length;
    }
    expect(alerted).toBeGreaterThan(300);
  });
});
