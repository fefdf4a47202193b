import { clean } from './stats.js';
import { decimalsFor, displayScale, formatFixed, formatPercent } from './compare/display.js';
import { isolate } from './text.js';

/**
 * What attribution needs: the total of one shape before and after a change, and the same stages'
 * values (medians) on either side. Publish passes the baseline window's medians and the new point;
 * compare passes the two arms' medians.
 */
export interface AttributionInput {
  /** The total's case, e.g. `cold-recreate / total`: the line starts with it. */
  readonly case: string;
  readonly unit: string;
  readonly total: { readonly before: number; readonly after: number };
  readonly before: ReadonlyMap<string, number>;
  readonly after: ReadonlyMap<string, number>;
  /**
   * Stages measured now whose before is unknown (publish: a stage whose verdict has no baseline
   * yet). They take no share, and the line names them rather than inventing a before.
   */
  readonly withoutBaseline?: readonly string[];
}

export interface StageShare {
  readonly stage: string;
  readonly before: number;
  readonly after: number;
  readonly delta: number;
  /** delta / total delta: positive for a stage that moved with the total, negative against it. */
  readonly share: number;
}

export interface Attribution {
  readonly case: string;
  readonly unit: string;
  readonly before: number;
  readonly after: number;
  readonly delta: number;
  /** Stages that moved with the total, largest share first. */
  readonly owners: readonly StageShare[];
  /** Stages that moved against the total, largest first: a change the total hides. */
  readonly against: readonly StageShare[];
  /**
   * Total delta minus the stages' deltas: time outside every stage, or stages that overlap.
   * Said out loud so that shares that do not add up to 100% are not a puzzle.
   */
  readonly unaccounted: number;
  /** Stages reported on one side only: absent is not zero, so they take no share. */
  readonly appeared: readonly string[];
  readonly vanished: readonly string[];
  /** Stages with no before to compare with, when the input named any. */
  readonly withoutBaseline?: readonly string[];
}

/**
 * Splits a change of a total among the stages that own it. Null when the total did not move, since
 * no stage can own a share of nothing.
 */
export function attributeChange(input: AttributionInput): Attribution | null {
  const delta = clean(input.total.after - input.total.before);
  if (delta === 0 || !Number.isFinite(delta)) return null;
  const shares: StageShare[] = [];
  const appeared: string[] = [];
  const vanished: string[] = [];
  for (const [stage, before] of input.before) {
    const after = input.after.get(stage);
    if (after === undefined) {
      vanished.push(stage);
      continue;
    }
    const d = clean(after - before);
    if (d !== 0) shares.push({ stage, before, after, delta: d, share: d / delta });
  }
  for (const stage of input.after.keys()) if (!input.before.has(stage)) appeared.push(stage);
  const bySize = (a: StageShare, b: StageShare) => Math.abs(b.delta) - Math.abs(a.delta) || a.stage.localeCompare(b.stage);
  const explained = clean(shares.reduce((t, s) => t + s.delta, 0));
  return {
    case: input.case,
    unit: input.unit,
    before: input.total.before,
    after: input.total.after,
    delta,
    owners: shares.filter((s) => s.share > 0).sort(bySize),
    against: shares.filter((s) => s.share < 0).sort(bySize),
    unaccounted: clean(delta - explained),
    appeared,
    vanished,
    ...(input.withoutBaseline?.length ? { withoutBaseline: [...input.withoutBaseline] } : {}),
  };
}

export interface AttributionLineOptions {
  /** Stages below this share (absolute) are summed into "N others" rather than named; default 5%. */
  readonly minShare?: number;
}

/**
 * One line a maintainer reads in ten seconds:
 * `cold-recreate / total +1.21 s: devpod-up +1.10 s (91%), tools +0.08 s (7%); against: attach −0.03 s (−2%)`.
 * Plain text: the renderer escapes it for markdown.
 */
export function attributionLine(a: Attribution, options: AttributionLineOptions = {}): string {
  const minShare = options.minShare ?? 0.05;
  const scale = displayScale(a.unit, a.delta);
  const decimals = decimalsFor(a.delta * scale.factor);
  const amount = (x: number) => `${formatFixed(x, scale, decimals)} ${scale.unit}`;
  const pct = (x: number) => formatPercent(x, 0, false);
  const list = (shares: readonly StageShare[]): string[] => {
    const named = shares.filter((s) => Math.abs(s.share) >= minShare);
    const rest = shares.filter((s) => Math.abs(s.share) < minShare);
    const parts = named.map((s) => `${isolate(s.stage)} ${amount(s.delta)} (${pct(s.share)})`);
    const sum = rest.reduce((t, s) => t + s.delta, 0);
    // Stages too small to name that also sum to nothing at the line's precision ("1 other 0 ms
    // (0%)", a stage 0.3 ms faster under a +314 ms total) tell the reader nothing.
    if (rest.length > 0 && !(/^[+−-]?0(\.0*)?$/.test(formatFixed(sum, scale, decimals)) && pct(sum / a.delta).replace(/[+−-]/, '') === '0%')) {
      parts.push(`${rest.length} other${rest.length === 1 ? '' : 's'} ${amount(sum)} (${pct(sum / a.delta)})`);
    }
    return parts;
  };
  const owners = list(a.owners);
  const unknown = a.withoutBaseline ?? [];
  const moved = a.owners.length + a.against.length > 0;
  let line = `${isolate(a.case)} ${amount(a.delta)}: ${owners.length ? owners.join(', ') : unknown.length ? 'no stage with a baseline moved with it' : 'no stage moved with it'}`;
  // With stages left unjudged the remainder may lie in them, so it is not called "outside the
  // stages"; and when nothing judged moved, the remainder is the whole change and says nothing new.
  if (Math.abs(a.unaccounted / a.delta) >= minShare && (unknown.length === 0 || moved)) {
    line += `, ${unknown.length ? 'outside the stages compared' : 'outside the stages'} ${amount(a.unaccounted)} (${pct(a.unaccounted / a.delta)})`;
  }
  const against = list(a.against);
  if (against.length > 0) line += `; against: ${against.join(', ')}`;
  if (a.appeared.length > 0) line += `; new: ${a.appeared.map(isolate).join(', ')}`;
  if (a.vanished.length > 0) line += `; gone: ${a.vanished.map(isolate).join(', ')}`;
  if (unknown.length > 0) line += `; no baseline yet: ${unknown.map(isolate).join(', ')}`;
  return line;
}
