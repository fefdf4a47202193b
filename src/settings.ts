import { parseAnnotations } from './core/annotations.js';
import { parseMinEffect, DEFAULT_MIN_EFFECT } from './core/compare/verdict.js';
import { parseControlCases } from './core/compare/report.js';
import { parseDirectionOverrides, type DirectionOverride } from './core/direction.js';
import { COLLECT_PREFIX } from './core/collected.js';
import { booleanInput, storedName, wholeNumber, type BooleanReader, type InputReader } from './core/inputs.js';
import { InputError } from './core/model.js';
import { parseWorseRatio, readAlertSettings, type AlertSettings } from './core/regress/settings.js';
import { parseRequireStages, type StageRequirement } from './core/require-stages.js';
import type { Annotation } from './core/trend/types.js';
import { splitPatterns } from './effects/record-files.js';
import { FORMAT_CHOICES, unknownFormat } from './formats/registry.js';
import { MODES, type Mode, type ScaleOutSettings } from './jobs/scale-out.js';

/** Everything the action was asked to do, typed and checked once, before anything is written. */
export interface Settings {
  /** Paths and globs of the records to read (input `records`); empty only in mode merge. */
  readonly records: readonly string[];
  /** Format of those files, or `auto` to detect from content (input `format`). */
  readonly format: string;
  /** Shape for formats that have none (input `shape`); undefined means the format's name. */
  readonly shape: string | undefined;
  /** go: `<name> (<package>)` even from one package (input `go-force-package-suffix`). */
  readonly goPackageSuffix: boolean;
  /** Stages each shape must report in every run (input `require-stages`). */
  readonly requireStages: readonly StageRequirement[];
  /** Text appended to every case's extra, e.g. the runner's OS and version (input `note`). */
  readonly note: string | undefined;
  /** Which way is better, per case name or glob (input `direction-overrides`). */
  readonly directionOverrides: readonly DirectionOverride[];

  /**
   * The commit the records are of when the workflow benched another than the run's (input `ref`,
   * github-action-benchmark's): a sha, branch or tag the checkout resolves; undefined: GITHUB_SHA.
   */
  readonly ref: string | undefined;

  /** Where the trend lives: `repository` (empty: this one), `gh-pages-branch`, `data-dir`. */
  readonly repository: string;
  readonly branch: string;
  readonly dataDir: string;
  /** The trend's suite these points belong to (input `suite`). */
  readonly suite: string;
  /** Token for git and the REST API (input `github-token`); undefined when empty. */
  readonly token: string | undefined;
  /**
   * Whether a push, dispatch or schedule run publishes (input `auto-push`, github-action-benchmark's
   * name): false compares its points with the trend, as a pull request does, and writes nothing.
   */
  readonly autoPush: boolean;
  /** Pushes tried when publishers race (input `max-attempts`); unset: the 5-minute race budget bounds them. */
  readonly maxAttempts: number | undefined;
  /** A github-action-benchmark data.js to import once into an empty trend (input `import-from`). */
  readonly importFrom: string | undefined;
  /** Chart markers (input `annotations`). */
  readonly annotations: readonly Annotation[];

  /** How regressions are judged (inputs alert-method, alert-threshold, alert-window, min-effect, ...). */
  readonly alerts: AlertSettings;
  /** Comment on the commit when a case regressed (input `comment-on-alert`). */
  readonly commentOnAlert: boolean;
  /** Comment on every push, regressed or not (input `comment-always`). */
  readonly commentAlways: boolean;
  /** Comment on pull requests (input `comment-on-pull-request`). */
  readonly commentOnPullRequest: boolean;
  /** Mentioned in a comment that reports a regression (input `cc-users`). */
  readonly ccUsers: readonly string[];
  /** Fail the job on a regression, after the data is pushed and the comment written (input `fail-on-regression`). */
  readonly failOnRegression: boolean;
  /**
   * With fail-on-regression, the ratio to its baseline a regression must exceed to fail the job
   * (input `fail-threshold`, github-action-benchmark's: 3 for `300%`); undefined: every one fails it.
   */
  readonly failThreshold: number | undefined;

  /** publish / collect / merge, and the evidence artifact (inputs mode, artifact, artifact-name, artifact-retention-days). */
  readonly scale: ScaleOutSettings;

  /** Records of a baseline arm benched in the same job (input `compare-baseline`). */
  readonly compareBaseline: readonly string[];
  /** Cases that should not move; a move is reported as drift (input `control-cases`). */
  readonly controlCases: readonly string[];
  /** Smallest change that earns a directional compare verdict (input `compare-min-effect`). */
  readonly compareMinEffect: number;
  /** Compare all pairwise differences, not run i with run i (input `compare-unpaired`, the CLI's --unpaired). */
  readonly compareUnpaired: boolean;
}

/** What `char` is, in words: never the character itself, which may be a piece of a secret. */
function kindOfChar(char: string): string {
  if (char === '\n' || char === '\r') return 'a line break';
  if (char === ' ') return 'a space';
  if (char === '\t') return 'a tab';
  return (char.codePointAt(0) ?? 0) < 0x80 ? 'a control character' : 'a character outside ASCII';
}

/**
 * A token as it travels: in an HTTP header, which cannot carry a line break, a space or a character
 * past ASCII. Such a token (a secret saved with two lines) failed every request, and the fetch's
 * error quoted the header, token and all, into a warning. Refused here, without its value.
 */
export function checkToken(token: string | undefined, source: string): string | undefined {
  if (token === undefined) return undefined;
  const bad = /[^\x21-\x7e]/u.exec(token);
  if (bad) throw new InputError(`${source} holds ${kindOfChar(bad[0])} (character ${bad.index + 1}), which no HTTP header can carry; check the secret (its value is not shown)`);
  return token;
}

function optional(read: InputReader, name: string): string | undefined {
  const v = read(name).trim();
  return v === '' ? undefined : v;
}

/** `@alice, bob` or one per line, as github-action-benchmark's alert-comment-cc-users takes them. */
export function parseUsers(text: string, source: string): string[] {
  const users = text
    .split(/[\s,]+/)
    .map((u) => u.trim())
    .filter((u) => u !== '');
  for (const u of users) {
    if (!/^@?[A-Za-z0-9](?:[A-Za-z0-9-]{0,38})(?:\/[A-Za-z0-9._-]+)?$/.test(u)) {
      throw new InputError(`${source}: ${JSON.stringify(u)} is not a GitHub user or team name`);
    }
  }
  return users.map((u) => (u.startsWith('@') ? u : `@${u}`));
}

// The artifact service refuses these in a name (NTFS limits), so refuse them with the input's name first.
const BAD_NAME_CHARS = ['"', ':', '<', '>', '|', '*', '?', '\r', '\n', '\\', '/'];

/** Parses the scale-out inputs; a bad value is refused naming the input and echoing the value. */
export function readScaleOutSettings(read: InputReader, readBoolean: BooleanReader): ScaleOutSettings {
  const modeText = read('mode').trim();
  const mode = (modeText === '' ? 'publish' : modeText) as Mode;
  if (!MODES.includes(mode)) throw new InputError(`mode: ${JSON.stringify(modeText)} is not a mode; use publish, collect or merge`);

  const artifact = booleanInput(read, readBoolean, 'artifact', true);

  const nameText = read('artifact-name').trim();
  const bad = BAD_NAME_CHARS.find((c) => nameText.includes(c));
  if (bad !== undefined) throw new InputError(`artifact-name: ${JSON.stringify(nameText)} contains ${JSON.stringify(bad)}, which the artifact service refuses in a name`);
  if (nameText.startsWith(COLLECT_PREFIX)) {
    throw new InputError(`artifact-name: ${JSON.stringify(nameText)} starts with ${COLLECT_PREFIX}, which is kept for the artifacts of mode collect`);
  }

  const daysText = read('artifact-retention-days').trim();
  let days: number | undefined;
  if (daysText !== '') {
    days = Number(daysText);
    if (!/^\d+$/.test(daysText) || !Number.isSafeInteger(days) || days < 1) {
      throw new InputError(`artifact-retention-days: ${JSON.stringify(daysText)} is not a whole number of days (1 or more); leave it empty for the repository's setting`);
    }
  }
  return { mode, artifact, artifactName: nameText === '' ? undefined : nameText, artifactRetentionDays: days };
}

/**
 * Input `fail-threshold`. As in github-action-benchmark, below alert-threshold it is refused: every
 * alert would pass it, which reads as a bar that is not there.
 */
function readFailThreshold(read: InputReader, alerts: AlertSettings): number | undefined {
  const text = read('fail-threshold').trim();
  if (text === '') return undefined;
  const ratio = parseWorseRatio('fail-threshold', text, 'the baseline', '300% fails the job on a regression 3 times its baseline');
  if (alerts.method === 'ratio' && ratio < alerts.ratioThreshold) {
    throw new InputError(`fail-threshold: ${JSON.stringify(text)} is below alert-threshold ${JSON.stringify(read('alert-threshold').trim())}; give it at least that, or leave it empty to fail on every regression`);
  }
  return ratio;
}

/**
 * Parses every input; a bad value is refused with the input's name and the value. `readBoolean`
 * reads a boolean input that is set (main.ts passes core.getBooleanInput).
 */
export function readSettings(read: InputReader, readBoolean: BooleanReader): Settings {
  const scale = readScaleOutSettings(read, readBoolean);
  const records = splitPatterns(read('records'));
  if (records.length === 0 && scale.mode !== 'merge') {
    throw new InputError('records: no path given; list the bench record files, one per line');
  }
  const format = optional(read, 'format') ?? 'auto';
  if (!FORMAT_CHOICES.includes(format)) throw unknownFormat(format, 'format');
  const alerts = readAlertSettings(read);
  return {
    records,
    format,
    shape: ((v) => (v === undefined ? v : storedName(v, 'shape', 'shape')))(optional(read, 'shape')),
    goPackageSuffix: booleanInput(read, readBoolean, 'go-force-package-suffix', false),
    requireStages: parseRequireStages(read('require-stages')),
    note: optional(read, 'note'),
    directionOverrides: parseDirectionOverrides(read('direction-overrides'), 'direction-overrides'),

    ref: ((v) => {
      // Handed to git rev-parse as one argument: a leading dash would read as an option.
      if (v !== undefined && (v.startsWith('-') || /\s/.test(v))) throw new InputError(`ref: ${JSON.stringify(v)} is not a commit, branch or tag name`);
      return v;
    })(optional(read, 'ref')),
    repository: read('repository').trim(),
    branch: optional(read, 'gh-pages-branch') ?? 'gh-pages',
    dataDir: optional(read, 'data-dir') ?? 'dev/bench',
    suite: storedName(optional(read, 'suite') ?? 'default', 'suite'),
    token: checkToken(optional(read, 'github-token'), 'github-token:'),
    autoPush: booleanInput(read, readBoolean, 'auto-push', true),
    maxAttempts: read('max-attempts').trim() === '' ? undefined : wholeNumber(read, 'max-attempts', 1, 1, 1000),
    importFrom: optional(read, 'import-from'),
    annotations: parseAnnotations(read('annotations'), 'annotations'),

    alerts,
    commentOnAlert: booleanInput(read, readBoolean, 'comment-on-alert', true),
    commentAlways: booleanInput(read, readBoolean, 'comment-always', false),
    commentOnPullRequest: booleanInput(read, readBoolean, 'comment-on-pull-request', true),
    ccUsers: parseUsers(read('cc-users'), 'cc-users'),
    failOnRegression: booleanInput(read, readBoolean, 'fail-on-regression', false),
    failThreshold: readFailThreshold(read, alerts),

    scale,

    compareBaseline: splitPatterns(read('compare-baseline')),
    controlCases: parseControlCases(read('control-cases')),
    compareMinEffect: optional(read, 'compare-min-effect') ? parseMinEffect(read('compare-min-effect'), 'compare-min-effect') : DEFAULT_MIN_EFFECT,
    compareUnpaired: booleanInput(read, readBoolean, 'compare-unpaired', false),
  };
}
