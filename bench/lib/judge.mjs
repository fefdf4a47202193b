// The pure half of bench/judge-alerts.mjs: reading `benchtrend replay --json` and `benchtrend
// history --format json`, the seeded sample, the text view of a series around an alert, the
// labels file and the judged precision. No fs, no processes: bench/judge-alerts.mjs does those.

/**
 * An alert's label key: suite, case and the commit it names (the culprit). Not the method: a
 * label says what the series did at that commit, so the default method and the ratio rule share
 * it, and a detector change that keeps an alert keeps its label.
 */
export const alertKey = (a) => `${a.suite}|${a.case}|${a.sha}`;
export const seriesKey = (suite, name) => `${suite}|${name}`;

const ALERT_FIELDS = { suite: 'string', case: 'string', kind: 'string', sha: 'string', raisedAt: 'string', status: 'string', unit: 'string', direction: 'string', baseline: 'number', value: 'number', change: 'number' };

/** `{"alerts": [...]}` from `benchtrend replay --json`; one line naming what is wrong otherwise. */
export function parseReplay(text, source = 'replay output') {
  let doc;
  try {
    doc = JSON.parse(text);
  } catch {
    throw new Error(`${source}: not JSON`);
  }
  if (!doc || !Array.isArray(doc.alerts)) throw new Error(`${source}: no "alerts" array`);
  doc.alerts.forEach((a, i) => {
    for (const [field, type] of Object.entries(ALERT_FIELDS)) {
      // A step from zero has no ratio: its change is null.
      if (typeof a?.[field] !== type && !(field === 'change' && a?.[field] === null)) throw new Error(`${source}: alerts[${i}].${field} is not a ${type}`);
    }
    if (!/^[0-9a-f]{40}$/.test(a.sha)) throw new Error(`${source}: alerts[${i}].sha is not a full commit sha`);
    if (a.direction !== 'bigger' && a.direction !== 'smaller') throw new Error(`${source}: alerts[${i}].direction is neither bigger nor smaller`);
  });
  return doc.alerts;
}

/** Every case's series from `benchtrend history --format json`, oldest first (by segment seq). */
export function seriesOf(points) {
  const out = new Map();
  for (const p of points) {
    const key = seriesKey(p.suite, p.case);
    let s = out.get(key);
    if (!s) out.set(key, (s = { suite: p.suite, case: p.case, unit: p.unit, direction: p.direction, points: [] }));
    s.points.push({ sha: p.commit, seq: p.seq, value: p.value, message: p.message ?? '' });
  }
  for (const s of out.values()) s.points.sort((a, b) => a.seq - b.seq);
  return out;
}

// FNV-1a, 32 bits: a stable hash so the sample does not depend on the order of the alerts.
function hash(text) {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

/**
 * The alerts to judge: all of them when there are at most `all`, else the `size` whose keys hash
 * lowest with the seed (a bottom-k sample). A key keeps its rank when other alerts come or go,
 * so after a detector change the sample mostly keeps the alerts already labelled. Input order kept.
 */
export function sampleAlerts(alerts, { all = 40, size = 35, seed = 'benchtrend-17' } = {}) {
  const keys = [...new Set(alerts.map(alertKey))];
  if (keys.length <= all) return alerts;
  const chosen = new Set(keys.map((k) => [hash(`${seed}|${k}`), k]).sort((a, b) => a[0] - b[0] || (a[1] < b[1] ? -1 : 1)).slice(0, size).map(([, k]) => k));
  return alerts.filter((a) => chosen.has(alertKey(a)));
}

export function median(xs) {
  if (xs.length === 0) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

/** Interquartile range over the median: the spread, as a share of the level. */
export function spread(xs) {
  if (xs.length < 2) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  const q = (f) => {
    const i = (s.length - 1) * f;
    const lo = Math.floor(i);
    return s[lo] + (s[Math.min(lo + 1, s.length - 1)] - s[lo]) * (i - lo);
  };
  const m = median(s);
  return m === 0 ? NaN : (q(0.75) - q(0.25)) / Math.abs(m);
}

/** Relative change from `from` to `to`, positive when worse for the direction. */
export function worse(from, to, direction) {
  if (from === 0) return to === 0 ? 0 : Infinity;
  return direction === 'bigger' ? (from - to) / from : (to - from) / from;
}

const pct = (x) => (Number.isFinite(x) ? `${x >= 0 ? '+' : ''}${(x * 100).toFixed(Math.abs(x) < 0.1 ? 1 : 0)}%` : 'n/a');
const num = (x) => (Math.abs(x) >= 1000 || Math.abs(x) < 0.01 ? x.toPrecision(4) : String(Number(x.toPrecision(4))));

/** Before/after medians and spreads around index `at` (the alert's commit opens the after side). */
export function around(values, at, width = 20) {
  const before = values.slice(Math.max(0, at - width), at);
  const after = values.slice(at, at + width);
  return { before, after, beforeMedian: median(before), afterMedian: median(after), beforeSpread: spread(before), afterSpread: spread(after) };
}

/**
 * A compact text view of a case's series around an alert: a header, the before/after figures, a
 * plot of `width` points either side (one column of two characters per commit, `^` under the
 * alert's commit, `r` under the commit that raised it, `o` under the commit of another alert of
 * the case), and each point's change against the before median for the 6 commits either side.
 */
export function alertView(alert, series, { width = 20, rows = 12, others = [] } = {}) {
  const at = series.points.findIndex((p) => p.sha === alert.sha);
  const lines = [`${alert.suite} | ${alert.case} | ${series.unit} (${series.direction} is better)`];
  if (at < 0) return [...lines, `  ${alert.sha.slice(0, 7)} is not in the series`].join('\n');
  const raised = series.points.findIndex((p) => p.sha === alert.raisedAt);
  lines.push(`  ${alert.kind} ${alert.sha.slice(0, 7)} (#${at} of ${series.points.length}) raised at ${alert.raisedAt.slice(0, 7)} (${raised >= 0 ? `+${raised - at}` : '?'}), ${alert.status}, change ${pct(alert.change)} worse`);
  const values = series.points.map((p) => p.value);
  const a = around(values, at, width);
  const step = worse(a.beforeMedian, a.afterMedian, series.direction);
  const late = median(values.slice(at + 5, at + width));
  const recent = median(values.slice(Math.max(0, at - 8), at));
  lines.push(`  before ${a.before.length}: median ${num(a.beforeMedian)} spread ${pct(a.beforeSpread)} | after ${a.after.length}: median ${num(a.afterMedian)} spread ${pct(a.afterSpread)} | step ${pct(step)} worse (${pct(worse(recent, a.afterMedian, series.direction))} from the last 8); after +0..4 ${pct(worse(a.beforeMedian, median(values.slice(at, at + 5)), series.direction))}, +5..${width - 1} ${pct(worse(a.beforeMedian, late, series.direction))}`);
  const from = Math.max(0, at - width);
  const shown = values.slice(from, at + width + 1);
  const lo = Math.min(...shown);
  const hi = Math.max(...shown);
  const level = (v) => (hi === lo ? 0 : Math.round(((v - lo) / (hi - lo)) * (rows - 1)));
  for (let r = rows - 1; r >= 0; r--) {
    const label = r === rows - 1 ? num(hi) : r === 0 ? num(lo) : '';
    lines.push(`  ${label.padStart(9)} |${shown.map((v, i) => (level(v) === r ? (from + i === at ? '#' : '*') : ' ').padStart(2)).join('')}`);
  }
  const mark = shown.map((_, i) => {
    const j = from + i;
    if (j === at) return '^';
    if (j === raised) return 'r';
    return others.some((o) => o.sha === series.points[j].sha) ? 'o' : '-';
  });
  lines.push(`  ${''.padStart(9)} +${mark.map((m) => m.padStart(2)).join('')}`);
  const near = [];
  for (let j = Math.max(0, at - 6); j <= Math.min(values.length - 1, at + 6); j++) near.push(`${j === at ? '[' : ''}${j - at >= 0 ? '+' : ''}${j - at}:${pct(worse(a.beforeMedian, values[j], series.direction))}${j === at ? ']' : ''}`);
  lines.push(`  vs before median (worse +): ${near.join(' ')}`);
  return lines.join('\n');
}

/**
 * A labels file (JSON Lines, one label per line): `{"key", "verdict": "true"|"false", "culprit":
 * offset of the alert's commit from the commit where the step starts (0 exact, 1 one late), also
 * on a false label when a step is near, else null; "pattern"; "reason"; "doubt": true when the
 * call could go either way}`. Blank lines and lines starting with `//` are skipped.
 */
export function parseLabels(text, source = 'labels') {
  const out = new Map();
  text.split('\n').forEach((line, i) => {
    const t = line.trim();
    if (!t || t.startsWith('//')) return;
    let l;
    try {
      l = JSON.parse(t);
    } catch {
      throw new Error(`${source}:${i + 1}: not JSON`);
    }
    if (typeof l.key !== 'string' || l.key.split('|').length < 3) throw new Error(`${source}:${i + 1}: "key" is not suite|case|sha`);
    if (l.verdict !== 'true' && l.verdict !== 'false') throw new Error(`${source}:${i + 1}: "verdict" is neither "true" nor "false"`);
    if (l.culprit !== null && !Number.isInteger(l.culprit)) throw new Error(`${source}:${i + 1}: "culprit" is neither a whole number nor null`);
    if (l.verdict === 'true' && l.culprit === null) throw new Error(`${source}:${i + 1}: a true alert needs its "culprit" offset`);
    if (typeof l.reason !== 'string' || !l.reason) throw new Error(`${source}:${i + 1}: "reason" is empty`);
    if (out.has(l.key)) throw new Error(`${source}:${i + 1}: ${l.key} is labelled twice`);
    out.set(l.key, l);
  });
  return out;
}

/** Wilson score interval for k successes of n (95% by default). */
export function wilson(k, n, z = 1.96) {
  if (n === 0) return [NaN, NaN];
  const p = k / n;
  const d = 1 + (z * z) / n;
  const c = (p + (z * z) / (2 * n)) / d;
  const h = (z * Math.sqrt((p * (1 - p)) / n + (z * z) / (4 * n * n))) / d;
  return [Math.max(0, c - h), Math.min(1, c + h)];
}

/**
 * Judged figures of one history and method: alerts (and commits with one), the sample, how many
 * of it are labelled, precision as judged with its Wilson interval, and the share of true alerts
 * whose commit is exactly where the step starts.
 */
export function judged(alerts, sample, labels) {
  const labelled = sample.map((a) => labels.get(alertKey(a))).filter((l) => l !== undefined);
  const truths = labelled.filter((l) => l.verdict === 'true');
  const exact = truths.filter((l) => l.culprit === 0).length;
  const sure = truths.filter((l) => !l.doubt).length;
  // A lasting step up to 3 commits from the alert's commit: found, though the commit named is wrong.
  const near = labelled.filter((l) => l.verdict === 'true' || (l.culprit !== null && Math.abs(l.culprit) <= 3)).length;
  const [lo, hi] = wilson(truths.length, labelled.length);
  // Per commit (an alert group: one comment section, one line on the page): true when any of
  // its labelled alerts is.
  const groups = new Map();
  for (const a of sample) {
    const l = labels.get(alertKey(a));
    if (!l) continue;
    const g = `${a.suite}|${a.sha}`;
    groups.set(g, (groups.get(g) ?? false) || l.verdict === 'true');
  }
  const groupsTrue = [...groups.values()].filter(Boolean).length;
  return {
    alerts: alerts.length,
    commits: new Set(alerts.map((a) => a.sha)).size,
    sample: sample.length,
    labelled: labelled.length,
    unlabelled: sample.length - labelled.length,
    true: truths.length,
    precision: labelled.length ? truths.length / labelled.length : NaN,
    interval: [lo, hi],
    culpritExact: truths.length ? exact / truths.length : NaN,
    exact,
    /** Precision when the doubtful true labels count as false. */
    sure: labelled.length ? sure / labelled.length : NaN,
    /** Precision when a step up to 3 commits away counts as found. */
    near: labelled.length ? near / labelled.length : NaN,
    /** Of the alerts with a lasting step up to 3 commits away, the share naming its first commit. */
    exactOfNear: near ? exact / near : NaN,
    nearCount: near,
    groups: groups.size,
    groupsTrue,
    groupPrecision: groups.size ? groupsTrue / groups.size : NaN,
    groupInterval: wilson(groupsTrue, groups.size),
  };
}

/**
 * Why `alert` (an alert another setting raised) is missing from `kept`, the alerts of this
 * setting, given its case's series (seriesOf): 'end' when it names one of the last 3 commits
 * (the next push would raise it), 'near' when an alert of the same case in `kept` names a commit
 * up to 3 away, 'gone' otherwise.
 */
export function lossOf(alert, kept, series) {
  const shas = series?.points.map((p) => p.sha) ?? [];
  const at = shas.indexOf(alert.sha);
  if (at < 0) return 'gone';
  if (shas.length - 1 - at <= 3) return 'end';
  const near = kept.some((o) => o.suite === alert.suite && o.case === alert.case && shas.includes(o.sha) && Math.abs(shas.indexOf(o.sha) - at) <= 3);
  return near ? 'near' : 'gone';
}

/**
 * The labelled alerts by kind and status at the end of the replay (a regression suspected, then
 * confirmed or cleared; a change point is raised once final): `[{kind, status, true, false,
 * unlabelled}]`, sorted by kind then status, added to the counts of `previous` (another
 * history's). One alert per suite|case|sha, the first listed.
 */
export function byStatus(alerts, labels, previous = []) {
  const rows = new Map(previous.map((r) => [`${r.kind}\u0000${r.status}`, { ...r }]));
  const seen = new Set();
  for (const a of alerts) {
    const key = alertKey(a);
    if (seen.has(key)) continue;
    seen.add(key);
    const id = `${a.kind}\u0000${a.status}`;
    let row = rows.get(id);
    if (!row) rows.set(id, (row = { kind: a.kind, status: a.status, true: 0, false: 0, unlabelled: 0 }));
    const verdict = labels.get(key)?.verdict;
    row[verdict ?? 'unlabelled']++;
  }
  return [...rows.values()].sort((x, y) => x.kind.localeCompare(y.kind) || x.status.localeCompare(y.status));
}

/**
 * How far two labellings of the same alerts agree: `first` and `second` map keys to labels; only
 * keys both hold count. Returns the count, the share with the same verdict and Cohen's kappa
 * (that share beyond what two labellers calling "true" at their own rates would reach by chance),
 * the precision each labelling gives the shared alerts, and the same agreement over the alerts
 * neither marked doubtful.
 */
export function agreement(first, second) {
  const both = [...first.keys()].filter((k) => second.has(k)).map((k) => [first.get(k), second.get(k)]);
  const figures = (pairs) => {
    const n = pairs.length;
    const agree = pairs.filter(([a, b]) => a.verdict === b.verdict).length;
    const p1 = pairs.filter(([a]) => a.verdict === 'true').length / (n || 1);
    const p2 = pairs.filter(([, b]) => b.verdict === 'true').length / (n || 1);
    const chance = p1 * p2 + (1 - p1) * (1 - p2);
    return { n, agree, share: n ? agree / n : NaN, kappa: n && chance < 1 ? (agree / n - chance) / (1 - chance) : NaN, precisionFirst: p1, precisionSecond: p2 };
  };
  const sure = both.filter(([a, b]) => !a.doubt && !b.doubt);
  return { ...figures(both), sure: figures(sure), flips: both.filter(([a, b]) => a.verdict !== b.verdict).map(([a, b]) => ({ key: a.key, first: a.verdict, second: b.verdict, firstReason: a.reason, secondReason: b.reason })) };
}

/**
 * What a change of the detector did to one history's labelled alerts: `before` and `after` are
 * two builds' replays of it, `labels` its labels, `series` its cases (seriesOf). Returns the
 * counts of each build (`true`, `false`, `unlabelled`, and `exact`: true alerts whose label puts
 * the step at the commit named) and each alert of one build that the other does not name, as
 * `gone` or `added` with its label's verdict, or as `moved` when the other build names a commit of
 * the same case up to `reach` commits away that it does not name itself: the culprit offsets of
 * both names from the step a label places (`from`, `to`; `to` from the label of the new key when
 * it has one, else the old label's offset moved by as many commits), so a move onto the step
 * reads `from 1 → to 0`.
 */
export function deltaOf(before, after, labels, series, reach = 4) {
  const tally = (alerts) => {
    const t = { alerts: 0, true: 0, false: 0, unlabelled: 0, exact: 0 };
    for (const key of new Set(alerts.map(alertKey))) {
      t.alerts++;
      const l = labels.get(key);
      if (!l) t.unlabelled++;
      else if (l.verdict === 'true') {
        t.true++;
        if (l.culprit === 0) t.exact++;
      } else t.false++;
    }
    return t;
  };
  const positions = new Map([...series].map(([key, s]) => [key, new Map(s.points.map((p, i) => [p.sha, i]))]));
  const index = (a) => positions.get(seriesKey(a.suite, a.case))?.get(a.sha) ?? -1;
  const keysB = new Set(before.map(alertKey));
  const keysA = new Set(after.map(alertKey));
  const onlyB = [...new Map(before.filter((a) => !keysA.has(alertKey(a))).map((a) => [alertKey(a), a])).values()];
  const onlyA = [...new Map(after.filter((a) => !keysB.has(alertKey(a))).map((a) => [alertKey(a), a])).values()];
  const verdict = (key) => labels.get(key)?.verdict ?? 'unlabelled';
  const changes = [];
  const matched = new Set();
  for (const b of onlyB) {
    const at = index(b);
    const near = at < 0 ? undefined : onlyA.filter((a) => !matched.has(a) && a.suite === b.suite && a.case === b.case && index(a) >= 0 && Math.abs(index(a) - at) <= reach).sort((x, y) => Math.abs(index(x) - at) - Math.abs(index(y) - at))[0];
    if (!near) {
      changes.push({ change: 'gone', key: alertKey(b), verdict: verdict(alertKey(b)) });
      continue;
    }
    matched.add(near);
    const was = labels.get(alertKey(b));
    const now = labels.get(alertKey(near));
    const from = was?.culprit ?? null;
    const to = now?.culprit ?? (from === null ? null : from + index(near) - at);
    changes.push({ change: 'moved', key: alertKey(b), to: alertKey(near), verdict: verdict(alertKey(b)), verdictNow: verdict(alertKey(near)), from, offset: to });
  }
  for (const a of onlyA) if (!matched.has(a)) changes.push({ change: 'added', key: alertKey(a), verdict: verdict(alertKey(a)) });
  return { before: tally(before), after: tally(after), changes };
}
