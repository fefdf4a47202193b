/**
 * How regressions are decided, typed once from the action's inputs (or the CLI's flags). Every
 * refusal names the input and echoes the value; nothing is clamped silently.
 */
import { parseControlCases } from '../compare/report.js';
import { globTest } from '../direction.js';
import { wholeNumber, type InputReader } from '../inputs.js';
import { InputError } from '../model.js';
import { floorIn, parseAbsoluteFloors, type AbsoluteFloor } from './absolute-floor.js';
import { DEFAULT_CHANGE_POINT_SETTINGS, type ChangePointSettings } from './change-points.js';

export interface ChangePointScan extends ChangePointSettings {
  /** Most recent points per case the change-point scan looks at, so publish time stays flat. */
  readonly scanLimit: number;
  /** Points after a change point before it is final (confirmed) and no longer re-examined. */
  readonly stableAfter: number;
}

export interface AlertSettings {
  /**
   * `limit`: the window baseline and prediction limit (default). `ratio`: github-action-benchmark's
   * rule, the ratio to the previous point against `ratioThreshold`.
   */
  readonly method: 'limit' | 'ratio';
  /** Ratio to the previous point above which the ratio method alerts (1.5 for `150%`). */
  readonly ratioThreshold: number;
  /** Most recent points (on the current level) that form the baseline. */
  readonly window: number;
  /** Earlier points a case needs before it can alert at all. */
  readonly minHistory: number;
  /** Smallest relative change worth an alert (0.05 = 5%). */
  readonly minEffect: number;
  /**
   * One-sided confidence of the prediction limit for the suite as a whole per commit (0.999):
   * each case gets the Šidák share, 1 − confidence^(1/cases).
   */
  readonly confidence: number;
  /**
   * Consecutive points that must each lie beyond the limit before a regression is raised. One
   * point beyond it is reported as "watch": a slow host looks exactly like that.
   */
  readonly alertAfter: number;
  /** Longest run of recent points tested together. */
  readonly maxRun: number;
  readonly floors: readonly AbsoluteFloor[];
  readonly changePoints: ChangePointScan;
  /**
   * Case names or globs (input `control-cases`) that only the machine can move: when they moved
   * too, a regression of the other cases at that commit is reported as runner noise.
   */
  readonly controlCases: readonly string[];
}

/** True when the case is one of the control cases. */
export function isControlCase(settings: Pick<AlertSettings, 'controlCases'>, name: string): boolean {
  const metric = name.includes(' / ') ? name.slice(name.lastIndexOf(' / ') + 3) : name;
  return settings.controlCases.some((p) => globTest(p)(name) || p === metric);
}

/**
 * The control-cases lines that name none of `cases`, each with its warning: a typo, or several
 * names on one line, would otherwise leave every regression unchecked by them, silently.
 */
export function controlCasesMatchingNothing(settings: Pick<AlertSettings, 'controlCases'>, cases: Iterable<string>, where: string): string[] {
  const names = [...cases];
  return settings.controlCases
    .filter((p) => !names.some((n) => isControlCase({ controlCases: [p] }, n)))
    .map((p) => `control-cases: ${JSON.stringify(p)} matches no case of ${where} (one case name, glob or metric name per line)`);
}

/**
 * The absolute-floor items that apply to none of these units (a floor converts within times and
 * within sizes, else applies to its own unit alone): "1 parsec" would hold back nothing, silently.
 */
export function floorsMatchingNothing(settings: Pick<AlertSettings, 'floors'>, units: Iterable<string>, where: string): string[] {
  const all = [...new Set(units)];
  return settings.floors
    .filter((f) => !all.some((u) => floorIn([f], u) !== undefined))
    .map((f) => `absolute-floor: ${JSON.stringify(f.text)} applies to no case of ${where} (their units: ${all.join(', ')}); a time or a size converts to any unit of its kind, anything else applies to its own unit alone`);
}

export const DEFAULT_ALERT_SETTINGS: AlertSettings = {
  method: 'limit',
  ratioThreshold: 1.5,
  window: 30,
  minHistory: 8,
  minEffect: 0.05,
  confidence: 0.999,
  alertAfter: 2,
  maxRun: 3,
  floors: [],
  controlCases: [],
  changePoints: { ...DEFAULT_CHANGE_POINT_SETTINGS, scanLimit: 300, stableAfter: 20 },
};

function percentOrFraction(input: string, raw: string, allowAboveOne: boolean): number {
  const text = raw.trim();
  const m = /^(\d+(?:\.\d+)?)\s*(%?)$/.exec(text);
  if (!m) throw new InputError(`${input}: ${JSON.stringify(raw)} is not a number or a percentage`);
  const n = Number(m[1]);
  // 99.99 / 100 is 0.9998999999999999 in binary; 12 digits is all anyone writes.
  const value = m[2] === '%' ? Number((n / 100).toPrecision(12)) : n;
  if (!allowAboveOne && value >= 1) {
    throw new InputError(`${input}: ${JSON.stringify(raw)} must be below 100%`);
  }
  return value;
}

/**
 * A github-action-benchmark threshold (`150%`, or a ratio such as 1.5): how many times worse than
 * `than` a value must be. Refused at or below 100%, which every value would pass.
 */
export function parseWorseRatio(input: string, text: string, than: string, example: string): number {
  const ratio = percentOrFraction(input, text, true);
  // "150" is github-action-benchmark's "150%" with the sign forgotten far more often than a
  // wish to alert only at 150 times the previous value.
  if (!text.includes('%') && ratio >= 10) {
    throw new InputError(`${input}: ${JSON.stringify(text)} reads as ${ratio} times ${than}; write ${text}% for a percentage, or a ratio such as 1.5`);
  }
  if (ratio <= 1) throw new InputError(`${input}: ${JSON.stringify(text)} must be above 100% (${example})`);
  return ratio;
}

/**
 * The alert settings from the action's inputs: alert-method, alert-threshold, alert-window,
 * min-effect, alert-confidence, alert-after, absolute-floor. Unset inputs keep the defaults;
 * `alert-threshold` alone selects the ratio method, as in github-action-benchmark. Which way is
 * better comes with each point (its unit or format, then the `direction-overrides` input).
 */
export function readAlertSettings(read: InputReader): AlertSettings {
  const get = (name: string) => read(name).trim();
  const threshold = get('alert-threshold');
  const methodText = get('alert-method') || 'auto';
  if (!['auto', 'limit', 'ratio'].includes(methodText)) {
    throw new InputError(`alert-method: ${JSON.stringify(methodText)} is not one of auto, limit, ratio`);
  }
  const method = methodText === 'auto' ? (threshold ? 'ratio' : 'limit') : (methodText as 'limit' | 'ratio');
  let ratioThreshold = DEFAULT_ALERT_SETTINGS.ratioThreshold;
  if (threshold) {
    ratioThreshold = parseWorseRatio('alert-threshold', threshold, 'the previous value', '150% alerts when a value is 1.5 times the previous');
  } else if (method === 'ratio') {
    throw new InputError('alert-method: ratio needs alert-threshold, e.g. 150%');
  }
  const window = wholeNumber(read, 'alert-window', DEFAULT_ALERT_SETTINGS.window, 5, 1000);
  const minEffect = get('min-effect') ? percentOrFraction('min-effect', get('min-effect'), false) : DEFAULT_ALERT_SETTINGS.minEffect;
  let confidence = DEFAULT_ALERT_SETTINGS.confidence;
  if (get('alert-confidence')) {
    confidence = percentOrFraction('alert-confidence', get('alert-confidence'), false);
    if (confidence < 0.5) throw new InputError(`alert-confidence: ${JSON.stringify(get('alert-confidence'))} must be at least 50%, e.g. 99.9%`);
  }
  const alertAfter = wholeNumber(read, 'alert-after', DEFAULT_ALERT_SETTINGS.alertAfter, 1, DEFAULT_ALERT_SETTINGS.maxRun);
  return {
    ...DEFAULT_ALERT_SETTINGS,
    method,
    ratioThreshold,
    window,
    minHistory: Math.min(DEFAULT_ALERT_SETTINGS.minHistory, window),
    minEffect,
    confidence,
    alertAfter,
    floors: parseAbsoluteFloors(read('absolute-floor')),
    controlCases: parseControlCases(read('control-cases')),
  };
}
