/**
 * Stored alerts (manifest.alerts): regressions and change points with their status, so the page
 * draws them and later runs confirm or clear them. Pure bookkeeping over what assessCase decided.
 *
 *   regression    suspected when raised → confirmed when a lasting step is found where its run
 *                 began → cleared when enough later commits show no such step
 *   change-point  suspected while recent → confirmed once `stableAfter` commits follow it (then
 *                 final) → cleared when a later scan of the same commits no longer finds it
 */
import { levels } from '../format-number.js';
import type { Direction } from '../model.js';
import type { StoredAlert } from '../trend/types.js';
import { DETAILS, withCaveat, type CaseChangePoints, type CaseMemory, type CaseVerdict, type ChangePoint } from './detect.js';
import { describeWorseChange } from './words.js';

/** Entries kept per case; the oldest cleared ones go first, so the manifest stays small. */
export const MAX_ALERTS_PER_CASE = 60;

function key(a: { kind: string; suite: string; case: string; sha: string }): string {
  return `${a.kind}\u0000${a.suite}\u0000${a.case}\u0000${a.sha}`;
}

function caseKey(suite: string, name: string): string {
  return `${suite}\u0000${name}`;
}

/** A step found in words: the change with its sign and word, the levels either side; the method behind the link. */
function changePointReason(c: ChangePoint, unit: string, direction: Direction): string {
  return `${describeWorseChange(c.change, direction)}: median ${levels(unit, c.before, c.after, ' → ')} from this commit on${DETAILS}`;
}

/** What assessCase needs to know from earlier runs about one case. */
export function memoryOf(alerts: readonly StoredAlert[], suite: string, name: string): CaseMemory {
  const mine = alerts.filter((a) => a.suite === suite && a.case === name);
  return {
    changePoints: mine
      .filter((a) => a.kind === 'change-point')
      .map(({ sha, seq, status, change }) => ({ sha, seq, status, ...(change !== undefined ? { change } : {}) })),
    regressions: mine.filter((a) => a.kind === 'regression').map(({ sha, seq, status }) => ({ sha, seq, status })),
  };
}

/**
 * The stored regressions that a run of `sha` raised for these cases, which a re-run of that commit
 * replaces: the re-run is judged as if they had never been raised, as a replay (which sees only
 * the re-run's points) judges it. An alert stored without `raisedAt` counts when it names `sha`.
 */
export function raisedByReplacedRun(alerts: readonly StoredAlert[], suite: string, sha: string, cases: ReadonlySet<string>): StoredAlert[] {
  return alerts.filter((a) => a.kind === 'regression' && a.suite === suite && cases.has(a.case) && regressionRaisedBy(a, sha));
}

/** Whether the run of `sha` raised this regression; one stored without `raisedAt` counts when it names `sha`. */
function regressionRaisedBy(a: StoredAlert, sha: string): boolean {
  return (a.raisedAt ?? a.sha) === sha;
}

/** An alert a comment announces: a regression, or a step found (a change point the detector raised). */
function announced(a: StoredAlert): boolean {
  return a.kind === 'regression' || a.raised === true;
}

/** Whether the run of `sha` announced this alert: raised the regression, or raised the step (its undo says it was not raised before). */
function announcedBy(a: StoredAlert, sha: string): boolean {
  if (a.kind === 'regression') return regressionRaisedBy(a, sha);
  return a.raised === true && a.undo?.at === sha && !(a.undo.was ?? []).some((w) => key(w) === key(a) && w.raised === true);
}

/**
 * Of the alerts in `previous` that the run a re-run of `sha` replaces had announced for these
 * cases (the regressions it raised, the steps it found), those the re-run does not announce again
 * in `after`: each marked cleared with the reason, as its comment row shows it.
 */
export function withdrawnAlerts(previous: readonly StoredAlert[], after: readonly StoredAlert[], suite: string, sha: string, cases: ReadonlySet<string>): StoredAlert[] {
  const again = new Set(after.filter(announced).map(key));
  return previous
    .filter((a) => a.suite === suite && cases.has(a.case) && announced(a) && announcedBy(a, sha) && !again.has(key(a)))
    .map((a) => ({ ...bare(a), status: 'cleared', reason: withCaveat(a.reason ?? 'regressed', `cleared: a re-run of ${sha.slice(0, 7)} replaced the run that raised it`) }));
}

/** An entry as its run left it, without the undo (StoredAlert.undo) it may carry. */
function bare(a: StoredAlert): StoredAlert {
  if (a.undo === undefined) return a;
  const { undo: _undo, ...rest } = a;
  return rest;
}

/** Whether two entries of one key say the same (field by field: a manifest read back may order its keys otherwise). */
function sameEntry(a: StoredAlert, b: StoredAlert): boolean {
  return (
    a.seq === b.seq &&
    a.status === b.status &&
    a.baseline === b.baseline &&
    a.value === b.value &&
    a.change === b.change &&
    a.reason === b.reason &&
    a.raised === b.raised &&
    a.raisedAt === b.raisedAt
  );
}

/**
 * manifest.alerts as they were before the run of `sha` that last judged these cases: each entry
 * that run made or changed gives way to the entries it replaced (StoredAlert.undo), so a re-run
 * of the commit is judged as if the run it repeats had never been, as a replay judges it. A case
 * whose last run was of another commit (a re-run of an older one) holds no undo of `sha`.
 */
export function undoRun(alerts: readonly StoredAlert[], suite: string, sha: string, cases: ReadonlySet<string>): readonly StoredAlert[] {
  const undone = (a: StoredAlert) => a.undo?.at === sha && a.suite === suite && cases.has(a.case);
  if (!alerts.some(undone)) return alerts;
  const byKey = new Map<string, StoredAlert>();
  const back: StoredAlert[] = [];
  for (const a of alerts) {
    if (undone(a)) back.push(...(a.undo?.was ?? []));
    else byKey.set(key(a), a);
  }
  for (const a of back) byKey.set(key(a), a);
  return [...byKey.values()].sort((a, b) => a.seq - b.seq);
}

/**
 * `after` with this run's undo on each entry of the judged cases that it made or changed from
 * `before`, and none on their other entries: a case keeps the undo of its newest run only. The
 * entries the run took out (a step found placed better, the oldest cleared ones pruned) go back
 * with the first entry of their case that it made or changed.
 */
export function withUndo(before: readonly StoredAlert[], after: readonly StoredAlert[], suite: string, sha: string, cases: ReadonlySet<string>): StoredAlert[] {
  const judged = (a: StoredAlert) => a.suite === suite && cases.has(a.case);
  const was = new Map<string, StoredAlert>();
  for (const a of before) if (judged(a)) was.set(key(a), bare(a));
  const kept = new Set<string>();
  const out = after.map((a): StoredAlert => {
    if (!judged(a)) return a;
    const k = key(a);
    kept.add(k);
    const now = bare(a);
    const prior = was.get(k);
    if (prior && sameEntry(prior, now)) return now;
    return { ...now, undo: { at: sha, ...(prior ? { was: [prior] } : {}) } };
  });
  const gone = new Map<string, StoredAlert[]>();
  for (const [k, a] of was) {
    if (kept.has(k)) continue;
    const c = caseKey(a.suite, a.case);
    gone.set(c, [...(gone.get(c) ?? []), a]);
  }
  if (gone.size === 0) return out;
  return out.map((a) => {
    const c = caseKey(a.suite, a.case);
    const lost = gone.get(c);
    if (!lost || a.undo?.at !== sha) return a;
    gone.delete(c);
    return { ...a, undo: { at: sha, was: [...(a.undo.was ?? []), ...lost] } };
  });
}

/**
 * The new manifest.alerts: previous entries with this run's transitions applied, new regressions
 * and change points added (a re-run of the same commit replaces its own entries), change points
 * that a re-examination no longer finds cleared. Ordered by seq.
 */
export function updateAlerts(
  previous: readonly StoredAlert[],
  verdicts: readonly CaseVerdict[],
  changePoints: readonly CaseChangePoints[],
): StoredAlert[] {
  const byKey = new Map<string, StoredAlert>();
  for (const a of previous) byKey.set(key(a), a);
  const touched = new Set<string>();

  for (const v of verdicts) {
    touched.add(caseKey(v.suite, v.case));
    for (const t of v.transitions) {
      const k = key({ kind: t.kind, suite: v.suite, case: v.case, sha: t.sha });
      const was = byKey.get(k);
      if (!was || was.status === t.status) continue;
      byKey.set(k, { ...was, status: t.status, reason: was.reason ? withCaveat(was.reason, t.reason) : t.reason });
    }
    if (v.alert?.kind === 'regression') {
      const a = v.alert;
      byKey.set(key({ kind: 'regression', suite: v.suite, case: v.case, sha: a.sha }), {
        kind: 'regression',
        suite: v.suite,
        case: v.case,
        sha: a.sha,
        seq: a.seq,
        status: 'suspected',
        baseline: a.baseline,
        value: a.value,
        ...(a.change !== undefined ? { change: a.change } : {}),
        reason: a.reason,
        raisedAt: v.sha,
      });
    }
  }

  for (const cps of changePoints) {
    touched.add(caseKey(cps.suite, cps.case));
    const found = new Set(cps.found.map((c) => c.sha));
    for (const [k, a] of byKey) {
      if (a.kind !== 'change-point' || a.suite !== cps.suite || a.case !== cps.case) continue;
      if (a.status !== 'suspected' || a.seq < cps.fromSeq || a.seq > cps.toSeq || found.has(a.sha)) continue;
      byKey.set(k, { ...a, status: 'cleared', reason: withCaveat(a.reason ?? 'step', 'cleared: no longer found with more commits') });
    }
    for (const c of cps.found) {
      if (c.movedFrom !== undefined) byKey.delete(key({ kind: 'change-point', suite: cps.suite, case: cps.case, sha: c.movedFrom }));
      const k = key({ kind: 'change-point', suite: cps.suite, case: cps.case, sha: c.sha });
      const was = byKey.get(k);
      byKey.set(k, {
        kind: 'change-point',
        suite: cps.suite,
        case: cps.case,
        sha: c.sha,
        seq: c.seq,
        status: c.status,
        baseline: c.before,
        value: c.after,
        change: c.change,
        // Worded afresh with each estimate, as its change is, so the two never disagree; a step
        // raised keeps the words it was raised with.
        reason: was?.raised && was.reason !== undefined ? was.reason : changePointReason(c, cps.unit, cps.direction),
        ...(was?.raised ? { raised: true as const } : {}),
      });
    }
  }

  // A step found is a change point the detector also raised: marked so, it is listed as an alert,
  // in the words it was raised with (those the comment and replay show).
  for (const v of verdicts) {
    if (v.alert?.kind !== 'change-point') continue;
    const k = key({ kind: 'change-point', suite: v.suite, case: v.case, sha: v.alert.sha });
    const was = byKey.get(k);
    if (was) byKey.set(k, { ...was, raised: true, reason: was.raised && was.reason !== undefined ? was.reason : v.alert.reason });
  }

  const all = [...byKey.values()].sort((a, b) => a.seq - b.seq);
  return pruned(all, touched);
}

/** Keeps at most MAX_ALERTS_PER_CASE per case, dropping the oldest cleared entries first. */
function pruned(all: StoredAlert[], touched: ReadonlySet<string>): StoredAlert[] {
  const perCase = new Map<string, StoredAlert[]>();
  for (const a of all) {
    const k = caseKey(a.suite, a.case);
    const list = perCase.get(k) ?? [];
    list.push(a);
    perCase.set(k, list);
  }
  const drop = new Set<StoredAlert>();
  for (const [k, list] of perCase) {
    if (!touched.has(k) || list.length <= MAX_ALERTS_PER_CASE) continue;
    let excess = list.length - MAX_ALERTS_PER_CASE;
    for (const a of list) {
      if (excess === 0) break;
      if (a.status === 'cleared') {
        drop.add(a);
        excess--;
      }
    }
    for (const a of list) {
      if (excess === 0) break;
      if (!drop.has(a)) {
        drop.add(a);
        excess--;
      }
    }
  }
  return drop.size ? all.filter((a) => !drop.has(a)) : all;
}

/** Entries that are new or whose status differs from before: the commits whose comment needs a refresh. */
export function changedAlerts(before: readonly StoredAlert[], after: readonly StoredAlert[]): StoredAlert[] {
  const was = new Map(before.map((a) => [key(a), a.status]));
  return after.filter((a) => was.get(key(a)) !== a.status);
}
