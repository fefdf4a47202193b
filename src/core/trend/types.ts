/**
 * The published trend's on-disk shapes (in `data-dir` of the gh-pages branch). Described for
 * readers in docs/trend-format.md and by JSON Schemas in schemas/; pure types here.
 *
 * Layout (data-dir = dev/bench):
 *   manifest.json                    small, rewritten on every publish: bounded by the number of cases
 *   data/seg/<a>/<b>/<seq>.json      one immutable segment per (publish, suite, commit); seq is a
 *                                    zero-padded 8-digit counter, a = seq/10000, b = (seq/100)%100,
 *                                    so no tree object git rewrites holds more than 100 entries
 *   data/roll/1/<a>/<k>.json         immutable rollup of segments [16k, 16k+16), written once by the
 *                                    publish that completes the group; a = k/100, k zero-padded to 6
 *   data/roll/2/<a>/<k>.json         immutable rollup of segments [256k, 256k+256)
 *   index.html, page.js, ...         the chart page, rewritten when PAGE_VERSION changes
 *
 * A publish writes bytes in proportion to its new points: one segment and the manifest, plus a
 * rollup on every 16th and 256th segment. Old files never change. The page reads the manifest,
 * then the newest segments (at most 15 not yet rolled up) and the newest rollups, and walks back
 * on demand.
 *
 * Re-runs: a later segment for the same suite, commit and shape supersedes the earlier one's
 * points of that shape (last writer by seq wins); readers resolve it, files are never edited.
 */
import type { Direction, Point } from '../model.js';

/**
 * The trend format this code writes: 2 stores columnar chunks (chunk.ts); format 1's segments and
 * rollups are read as they are and carried to format 2 on the next publish.
 */
export const TREND_SCHEMA_VERSION = 2;
/** Segment objects in memory keep format 1's shape, whichever format they were read from. */
export const SEGMENT_VERSION = 1;
/** Segments per level-1 rollup, and level-1 rollups per level-2 rollup. */
export const ROLLUP_FANOUT = 16;

export interface CommitInfo {
  /** Full 40-hex sha. */
  readonly sha: string;
  /** Whole commit message; the page shows its first line. */
  readonly message: string;
  readonly author: string;
  /** ISO 8601 commit timestamp. */
  readonly timestamp: string;
  /** Link to the commit on the forge, when known. */
  readonly url?: string;
}

/**
 * Whether `text` names a commit as a chart link does (`&commit=`): its sha, or a prefix of 7 hex
 * digits or more; fewer name too many commits to be a link to one. Lower case, as shas are stored.
 */
export function isCommitPrefix(text: string): boolean {
  return /^[0-9a-f]{7,64}$/.test(text);
}

/** A point as stored: the foundation's Point without the metric name, which the case already holds. */
export type StoredPoint = Omit<Point, 'metric'>;

/** One publish of one suite at one commit. Immutable once written. */
export interface Segment {
  readonly schema: 'benchtrend/segment';
  readonly version: number;
  readonly seq: number;
  readonly suite: string;
  readonly commit: CommitInfo;
  /** The workflow run that produced it, when published from Actions. */
  readonly runUrl?: string;
  /** ISO time of the publish (passed in, never read from a clock in core). */
  readonly publishedAt: string;
  /** Shapes whose earlier points at this commit and suite this segment supersedes. */
  readonly shapes: readonly string[];
  readonly points: readonly StoredPoint[];
  /** Set on segments imported from github-action-benchmark's data.js. */
  readonly imported?: 'github-action-benchmark';
}

/** Segments [index * 16^level, (index + 1) * 16^level), complete, in seq order. Immutable. */
export interface Rollup {
  readonly schema: 'benchtrend/rollup';
  readonly version: number;
  readonly level: 1 | 2;
  readonly index: number;
  readonly segments: readonly Segment[];
}

export interface CaseInfo {
  readonly suite: string;
  readonly case: string;
  readonly shape: string;
  readonly unit: string;
  readonly direction: Direction;
  /** Seq of the first and latest segment holding this case. */
  readonly firstSeq: number;
  readonly lastSeq: number;
  readonly points: number;
}

/** A vertical marker a maintainer asked for: a commit or a date, with a label. */
export interface Annotation {
  /** A commit sha (full or a prefix of at least 7) or an ISO date. */
  readonly at: string;
  readonly label: string;
}

export type AlertStatus = 'suspected' | 'confirmed' | 'cleared';

/** A regression or change point the alert capability stored; the page draws them. */
export interface StoredAlert {
  readonly kind: 'regression' | 'change-point';
  readonly suite: string;
  readonly case: string;
  readonly sha: string;
  readonly seq: number;
  readonly status: AlertStatus;
  /** Baseline median before and value after, and the change as a fraction (+0.12 = 12% worse). */
  readonly baseline?: number;
  readonly value?: number;
  readonly change?: number;
  /** Why it is believed, in words. */
  readonly reason?: string;
  /**
   * On a change point: the detector raised it as a *step found* (a lasting worse step no
   * regression explained), commented on its commit, so the page lists and dots it as an alert.
   * Absent on the change points it only drew.
   */
  readonly raised?: true;
  /**
   * On a regression: the commit whose run raised it (its `sha` is where the step starts, often the
   * commit before). A re-run of that commit replaces the run, and with it what the run raised.
   * Absent on alerts stored before it was kept.
   */
  readonly raisedAt?: string;
  /**
   * On an entry the newest run of its case made, changed or took others' place with: that run's
   * commit and the entries it replaced, as they were (none when it only added this one). A re-run
   * of that commit puts them back before it is judged, as if the run it repeats had never been.
   */
  readonly undo?: AlertUndo;
}

/** StoredAlert.undo. */
export interface AlertUndo {
  readonly at: string;
  readonly was?: readonly StoredAlert[];
}

export interface Manifest {
  readonly schema: 'benchtrend/manifest';
  readonly version: number;
  /** Version of the page files last written beside the data. */
  readonly pageVersion: string;
  /** ISO time of the last publish. */
  readonly updated: string;
  /** Link to the repository the trend describes. */
  readonly repository?: string;
  /** Number of segments written so far: segments are 0..segments-1. */
  readonly segments: number;
  readonly fanout: number;
  readonly suites: readonly string[];
  readonly cases: readonly CaseInfo[];
  /**
   * Fingerprint of `suites` and the cases' names in order (case-digest.ts), which the data refers to
   * by position: a list edited by hand is refused rather than read as other cases' points. Absent
   * in a manifest written before it existed; the next publish adds it.
   */
  readonly casesDigest?: string;
  /**
   * Fingerprint of the cases' units and directions in order (case-digest.ts): a unit or direction
   * edited by hand is refused rather than converting later runs into it or judging the history
   * backwards. Absent in a manifest written before it existed; the next publish adds it.
   */
  readonly unitsDigest?: string;
  readonly annotations: readonly Annotation[];
  readonly alerts: readonly StoredAlert[];
  /** Set once a github-action-benchmark history was imported, so it is never imported twice. */
  readonly imported?: { readonly from: string; readonly entries: number; readonly at: string };
}
