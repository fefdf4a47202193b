/**
 * github-action-benchmark's inputs that benchtrend names otherwise or does without. A workflow
 * switched by changing only `uses:` still passes them (the runner hands every `with:` entry to the
 * action, declared or not, with only a generic "Unexpected input(s)" warning), and unread they
 * sent the points to the default suite, folder and repository, or published where
 * `save-data-file: false` kept nothing. docs/migration.md, "Inputs, one by one", is this table.
 */
import { InputError } from './model.js';
import type { InputReader } from './inputs.js';

/** Inputs whose meaning benchtrend keeps under another name (unread, the run would go wrong), and what to write. */
const RENAMED: readonly (readonly [string, string])[] = [
  ['name', 'rename name to suite'],
  ['tool', 'rename tool to format'],
  ['output-file-path', 'rename output-file-path to records'],
  ['benchmark-data-dir-path', 'rename benchmark-data-dir-path to data-dir'],
  ['gh-repository', 'rename gh-repository to repository'],
  ['fail-on-alert', 'rename fail-on-alert to fail-on-regression'],
  ['alert-comment-cc-users', 'rename alert-comment-cc-users to cc-users'],
  ['external-data-json-path', "give external-data-json-path's file as import-from on the first run (the trend lives on the branch)"],
];

/** Inputs benchtrend has no need of: what it does instead, for a warning. */
const NOT_NEEDED: readonly (readonly [string, string])[] = [
  ['summary-always', 'the job summary is always written'],
  ['max-items-in-chart', 'history is never truncated; the page draws the newest data first and loads older data on demand'],
  ['skip-fetch-gh-pages', 'benchtrend fetches the branch in a clone of its own and never touches the workspace'],
];

/**
 * Refuses (one line, every such input named with its benchtrend name) when any input of RENAMED
 * is set, or `save-data-file: false`; returns one warning line per input benchtrend can ignore.
 */
export function checkOldInputs(read: InputReader): string[] {
  const set = (name: string) => read(name).trim() !== '';
  const renamed = RENAMED.filter(([old]) => set(old)).map(([, what]) => what);
  const saveDataFile = read('save-data-file').trim();
  // github-action-benchmark's `save-data-file: false` compared and kept nothing; here that is auto-push: false.
  if (saveDataFile.toLowerCase() === 'false') renamed.push('replace save-data-file: false with auto-push: false');
  if (renamed.length > 0) {
    throw new InputError(`github-action-benchmark's inputs, which benchtrend does not read: ${renamed.join('; ')} (docs/migration.md, "Inputs, one by one"); nothing was published`);
  }
  const warnings = NOT_NEEDED.filter(([old]) => set(old)).map(([old, instead]) => `${old}: github-action-benchmark's input, not needed by benchtrend (${instead}); remove it`);
  // github-action-benchmark's steps of one job each committed to the workspace's gh-pages, and the
  // last (auto-push: true) pushed them all; a benchtrend step with auto-push: false keeps nothing,
  // and no later step pushes its points.
  if (set('skip-fetch-gh-pages') && read('auto-push').trim().toLowerCase() === 'false') {
    warnings.push("skip-fetch-gh-pages with auto-push: false: if a later step was to push this step's points, none will; each benchtrend step publishes its own, so leave auto-push unset (false publishes nothing)");
  }
  if (saveDataFile !== '') warnings.push(`save-data-file: github-action-benchmark's input, not needed by benchtrend (the trend is always kept on the branch; auto-push: false keeps nothing); remove it`);
  return warnings;
}
