import { InputError } from './model.js';
import type { Annotation } from './trend/types.js';

/**
 * The `annotations` input: one marker per line, `<commit or date>: <label>`, for instance
 * `3f2a9c1: port from Python to Rust` or `2024-03-05: new runners`. Blank lines and lines starting
 * with `#` are skipped so a maintainer can keep notes beside the list.
 */

const COMMIT = /^[0-9a-f]{7,40}$/i;
// A date, optionally with a time and offset; the time's own colons are why the label separator is
// found by matching the date first instead of splitting at the first colon.
const DATE = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/;
const LINE = /^(\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?|[^\s:]+)\s*:(.*)$/;

/** Labels are drawn on a chart: a paragraph is a mistake, not a marker. */
export const MAX_LABEL_LENGTH = 200;

function realDate(at: string): boolean {
  const m = DATE.exec(at);
  if (!m) return false;
  const [, y, mo, d, h, mi, s] = m.map((x) => (x === undefined ? undefined : Number(x)));
  const day = new Date(Date.UTC(y as number, (mo as number) - 1, d as number));
  if (day.getUTCFullYear() !== y || day.getUTCMonth() !== (mo as number) - 1 || day.getUTCDate() !== d) return false;
  return (h ?? 0) < 24 && (mi ?? 0) < 60 && (s ?? 0) < 60;
}

/** `at` in the form readers compare: shas lower case, dates as written (they sort as text). */
function normaliseAt(at: string): string | undefined {
  if (COMMIT.test(at)) return at.toLowerCase();
  if (realDate(at)) return at.replace(' ', 'T');
  return undefined;
}

/**
 * Parses the annotation lines. `source` names where they came from (`input annotations`, a file
 * path) for the refusal, which names the line and what is wrong with it.
 */
export function parseAnnotations(text: string, source: string): Annotation[] {
  const out: Annotation[] = [];
  // A commit or date has one marker (mergeAnnotations): a second line for it would replace the first unsaid.
  const lineOf = new Map<string, number>();
  const lines = text.split(/\r?\n/);
  lines.forEach((raw, i) => {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) return;
    const where = `${source}: line ${i + 1}`;
    const m = LINE.exec(line);
    if (!m) {
      throw new InputError(`${where}: ${JSON.stringify(line)} is not "<commit or date>: <label>"`);
    }
    const rawAt = m[1] ?? '';
    const label = (m[2] ?? '').trim();
    const at = normaliseAt(rawAt);
    if (at === undefined) {
      throw new InputError(
        `${where}: ${JSON.stringify(rawAt)} is neither a commit (7 to 40 hex digits) nor a date (YYYY-MM-DD, optionally with a time)`,
      );
    }
    if (label === '') throw new InputError(`${where}: the label after ${JSON.stringify(rawAt)} is empty`);
    if (label.length > MAX_LABEL_LENGTH) {
      throw new InputError(`${where}: the label is ${label.length} characters; at most ${MAX_LABEL_LENGTH} fit on a chart`);
    }
    const earlier = lineOf.get(at);
    if (earlier !== undefined) {
      throw new InputError(`${where}: ${JSON.stringify(rawAt)} already has a marker, on line ${earlier}; a commit or date takes one label: join them on one line`);
    }
    lineOf.set(at, i + 1);
    out.push({ at, label });
  });
  return out;
}

/**
 * The manifest's annotations after a publish: the input is given again on every run, so an `at`
 * already present takes the input's label (a maintainer's correction) instead of gaining a second
 * marker; annotations no longer in the input stay, because published history is never dropped.
 */
export function mergeAnnotations(existing: readonly Annotation[], added: readonly Annotation[]): Annotation[] {
  const byAt = new Map<string, Annotation>();
  for (const a of existing) byAt.set(a.at, a);
  for (const a of added) byAt.set(a.at, a);
  return [...byAt.values()];
}
