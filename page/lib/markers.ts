import type { Direction } from '../../src/core/model.js';
import { describeWorseChange } from '../../src/core/regress/words.js';
import type { Annotation, StoredAlert } from '../../src/core/trend/types.js';
import type { CommitRow } from './trend-model.js';

/**
 * Where markers go on a chart whose x is commit order: positions are indexes into the shape's
 * commit list (a date falls half-way before the first commit made on or after it).
 */

export interface VerticalMarker {
  readonly index: number;
  readonly label: string;
  /** `linked`: the commit the address names (controls.ts, followCommit). */
  readonly kind: 'annotation' | 'change-point' | 'linked';
}

export interface AlertMarker {
  readonly index: number;
  readonly alert: StoredAlert;
}

const DATE_AT = /^\d{4}-\d{2}-\d{2}/;

/** Milliseconds of an annotation date; a date without a time is the start of that day in UTC. */
function dateMillis(at: string): number {
  return Date.parse(at.length === 10 ? `${at}T00:00:00Z` : at);
}

/**
 * Annotation positions on one shape's commits. `complete` says the commits reach back to the
 * start of history: only then can a date before the first loaded commit be placed, since an older
 * commit still to be loaded might be the first one after it.
 */
export function placeAnnotations(annotations: readonly Annotation[], commits: readonly CommitRow[], complete: boolean): VerticalMarker[] {
  const out: VerticalMarker[] = [];
  for (const a of annotations) {
    if (DATE_AT.test(a.at)) {
      const t = dateMillis(a.at);
      if (Number.isNaN(t)) continue;
      const i = commits.findIndex((c) => Date.parse(c.commit.timestamp) >= t);
      if (i < 0 || (i === 0 && !complete)) continue;
      out.push({ index: i - 0.5, label: a.label, kind: 'annotation' });
    } else {
      const at = a.at.toLowerCase();
      const i = commits.findIndex((c) => c.commit.sha.toLowerCase().startsWith(at));
      if (i >= 0) out.push({ index: i, label: a.label, kind: 'annotation' });
    }
  }
  return out.sort((x, y) => x.index - y.index);
}

/** Index of every commit by sha, for placing alerts. */
export function commitIndex(commits: readonly CommitRow[]): Map<string, number> {
  const m = new Map<string, number>();
  commits.forEach((c, i) => m.set(c.commit.sha, i));
  return m;
}

/**
 * The short text a change-point marker carries: the change with its real sign and word when the
 * alert knows it ("+25% worse"; the marker's colour says it is a step), no longer than the label
 * of its size alone was, so it stays clear of the line it labels near the chart's edge.
 */
export function changePointLabel(alert: StoredAlert, direction: Direction): string {
  if (alert.change === undefined || !Number.isFinite(alert.change)) return 'change point';
  return describeWorseChange(alert.change, direction);
}

/**
 * Alerts of one case: regressions as points to colour, change points as labelled vertical lines;
 * a step found (a change point the detector raised) is both, a line and a dot at its first commit.
 */
export function placeAlerts(
  alerts: readonly StoredAlert[],
  suite: string,
  caseName: string,
  direction: Direction,
  index: ReadonlyMap<string, number>,
): { readonly regressions: AlertMarker[]; readonly changePoints: VerticalMarker[] } {
  const regressions: AlertMarker[] = [];
  const changePoints: VerticalMarker[] = [];
  for (const alert of alerts) {
    if (alert.suite !== suite || alert.case !== caseName) continue;
    const i = index.get(alert.sha);
    if (i === undefined) continue;
    if (alert.kind === 'regression' || alert.raised) regressions.push({ index: i, alert });
    if (alert.kind === 'change-point') changePoints.push({ index: i, label: changePointLabel(alert, direction), kind: 'change-point' });
  }
  return { regressions, changePoints };
}
