/** Types of judge.mjs for the tests that import it. */
export interface Alert {
  suite: string;
  case: string;
  kind: string;
  sha: string;
  raisedAt: string;
  status: string;
  unit?: string;
  direction?: 'bigger' | 'smaller';
  baseline?: number;
  value?: number;
  change: number;
}
export interface Label { key: string; verdict: 'true' | 'false'; culprit: number | null; pattern?: string; reason: string; doubt?: boolean }
export interface Series { suite: string; case: string; unit: string; direction: 'bigger' | 'smaller'; points: { sha: string; seq: number; value: number; message: string }[] }
export interface Judged {
  alerts: number;
  commits: number;
  sample: number;
  labelled: number;
  unlabelled: number;
  true: number;
  precision: number;
  interval: [number, number];
  culpritExact: number;
  exact: number;
  sure: number;
  near: number;
  exactOfNear: number;
  nearCount: number;
  groups: number;
  groupsTrue: number;
  groupPrecision: number;
  groupInterval: [number, number];
}
export function alertKey(a: { suite: string; case: string; sha: string }): string;
export function seriesKey(suite: string, name: string): string;
export function parseReplay(text: string, source?: string): Alert[];
export function seriesOf(points: { commit: string; suite: string; case: string; unit: string; direction: 'bigger' | 'smaller'; value: number; seq: number; message?: string }[]): Map<string, Series>;
export function sampleAlerts<T extends { suite: string; case: string; sha: string }>(alerts: T[], options?: { all?: number; size?: number; seed?: string }): T[];
export function median(xs: number[]): number;
export function spread(xs: number[]): number;
export function worse(from: number, to: number, direction: 'bigger' | 'smaller'): number;
export function around(values: number[], at: number, width?: number): { before: number[]; after: number[]; beforeMedian: number; afterMedian: number; beforeSpread: number; afterSpread: number };
export function alertView(alert: Alert, series: Series, options?: { width?: number; rows?: number; others?: { sha: string }[] }): string;
export function parseLabels(text: string, source?: string): Map<string, Label>;
export function wilson(k: number, n: number, z?: number): [number, number];
export function judged(alerts: Alert[], sample: Alert[], labels: Map<string, Label>): Judged;
export function lossOf(alert: { suite: string; case: string; sha: string }, kept: { suite: string; case: string; sha: string }[], series: Series | undefined): 'end' | 'near' | 'gone';
export interface StatusRow { kind: string; status: string; true: number; false: number; unlabelled: number }
export function byStatus(alerts: Alert[], labels: Map<string, Label>, previous?: StatusRow[]): StatusRow[];
export interface AgreementFigures { n: number; agree: number; share: number; kappa: number; precisionFirst: number; precisionSecond: number }
export function agreement(
  first: Map<string, Label>,
  second: Map<string, Label>,
): AgreementFigures & { sure: AgreementFigures; flips: { key: string; first: string; second: string; firstReason: string; secondReason: string }[] };
export interface DeltaTally { alerts: number; true: number; false: number; unlabelled: number; exact: number }
export type DeltaChange =
  | { change: 'gone' | 'added'; key: string; verdict: 'true' | 'false' | 'unlabelled' }
  | { change: 'moved'; key: string; to: string; verdict: 'true' | 'false' | 'unlabelled'; verdictNow: 'true' | 'false' | 'unlabelled'; from: number | null; offset: number | null };
export function deltaOf(before: Alert[], after: Alert[], labels: Map<string, Label>, series: Map<string, Series>, reach?: number): { before: DeltaTally; after: DeltaTally; changes: DeltaChange[] };
