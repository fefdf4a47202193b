import type { Annotation, CaseInfo, Segment, StoredAlert, StoredPoint } from '../../src/core/trend/types.js';

/**
 * What the page reads, checked entry by entry, so that one alert, case, annotation or point it
 * cannot use costs only itself ("One case the page cannot show costs that case, never the page",
 * layout.ts). Each check keeps what is sound and says in one line what it left out and why, in the
 * words of the schemas in schemas/. Names in a line are set between U+2068 and U+2069 (first
 * strong isolate, pop directional isolate): the page shows them isolated from its own words.
 */

type Rec = Record<string, unknown>;

const isRec = (x: unknown): x is Rec => typeof x === 'object' && x !== null && !Array.isArray(x);
const isText = (x: unknown): x is string => typeof x === 'string';
const isNumber = (x: unknown): x is number => typeof x === 'number' && Number.isFinite(x);
const isCount = (x: unknown): x is number => typeof x === 'number' && Number.isSafeInteger(x) && x >= 0;
const DIRECTIONS: readonly unknown[] = ['smaller', 'bigger'];
const ALERT_TEXT = ['suite', 'case', 'sha'] as const;
const CASE_TEXT = ['suite', 'case', 'shape', 'unit'] as const;
const CASE_COUNTS = ['firstSeq', 'lastSeq', 'points'] as const;
const POINT_TEXT = ['case', 'shape', 'unit'] as const;
const POINT_NUMBERS = ['value', 'q1', 'q3', 'min', 'max'] as const;
const POINT_COUNTS = ['runs', 'n'] as const;
const POINT_OPTIONAL_NUMBERS = ['wall', 'failed'] as const;
const POINT_OPTIONAL_TEXT = ['extra', 'range'] as const;
const COMMIT_TEXT = ['sha', 'message', 'author', 'timestamp'] as const;
const STATUSES: readonly unknown[] = ['suspected', 'confirmed', 'cleared'];

/** A name as a line sets it: isolated. */
export function named(name: string): string {
  return `\u2068${name}\u2069`;
}

/** A value as a line quotes it: JSON, cut short. */
function shown(x: unknown): string {
  if (x === undefined) return 'missing';
  const json = JSON.stringify(x) ?? String(x);
  return json.length > 40 ? `${json.slice(0, 39)}…` : json;
}

function not(field: string, value: unknown, what: string): string {
  return `${field} is ${shown(value)}, not ${what}`;
}

/** One line for every entry of a kind left out: the first one's problem, and how many more. */
function line(where: string, first: string, more: number, kind: string, consequence: string): string {
  return more === 0 ? `${where}: ${first}; that ${kind} is left out${consequence}.` : `${where}: ${first}; that ${kind} and ${more} more are left out${consequence}.`;
}

function alertProblem(a: unknown): string | undefined {
  if (!isRec(a)) return `is ${shown(a)}, not an alert`;
  if (a['kind'] !== 'regression' && a['kind'] !== 'change-point') return not('kind', a['kind'], '"regression" or "change-point"');
  for (const f of ALERT_TEXT) if (!isText(a[f])) return not(f, a[f], 'text');
  if (!isCount(a['seq'])) return not('seq', a['seq'], 'a publish number');
  if (!STATUSES.includes(a['status'])) return not('status', a['status'], '"suspected", "confirmed" or "cleared"');
  // null is a step from zero, as an absent change is (describeWorseChange).
  if (a['change'] !== undefined && a['change'] !== null && typeof a['change'] !== 'number') return not('change', a['change'], 'a number');
  if (a['reason'] !== undefined && !isText(a['reason'])) return not('reason', a['reason'], 'text');
  return undefined;
}

function caseProblem(c: unknown): string | undefined {
  if (!isRec(c)) return `is ${shown(c)}, not a case`;
  for (const f of CASE_TEXT) if (!isText(c[f])) return not(f, c[f], 'text');
  if (!DIRECTIONS.includes(c['direction'])) return not('direction', c['direction'], '"smaller" or "bigger"');
  for (const f of CASE_COUNTS) if (!isCount(c[f])) return not(f, c[f], 'a count');
  return undefined;
}

function annotationProblem(a: unknown): string | undefined {
  if (!isRec(a)) return `is ${shown(a)}, not an annotation`;
  for (const f of ['at', 'label'] as const) if (!isText(a[f])) return not(f, a[f], 'text');
  return undefined;
}

export interface ManifestEntries {
  readonly alerts: StoredAlert[];
  readonly annotations: Annotation[];
  /** The cases the page shows. */
  readonly cases: CaseInfo[];
  /** Every listed case at its index, as chunks refer to them; undefined where one was left out. */
  readonly caseAt: (CaseInfo | undefined)[];
  readonly problems: string[];
}

/** The manifest's alerts, annotations and cases the page can use, and a line per kind it left out. */
export function manifestEntries(path: string, m: Readonly<Rec>): ManifestEntries {
  const problems: string[] = [];
  const keep = <T>(list: unknown, kind: string, problem: (x: unknown) => string | undefined, consequence = ''): (T | undefined)[] => {
    const items = Array.isArray(list) ? (list as unknown[]) : [];
    let first: string | undefined;
    let more = 0;
    const out = items.map((x, i) => {
      const why = problem(x);
      if (why === undefined) return x as T;
      if (first === undefined) first = `${kind}s[${i}]: ${why}`;
      else more++;
      return undefined;
    });
    if (first !== undefined) problems.push(line(path, first, more, kind, consequence));
    return out;
  };
  const caseAt = keep<CaseInfo>(m['cases'], 'case', caseProblem, ', and its points with it');
  const alerts = keep<StoredAlert>(m['alerts'], 'alert', alertProblem);
  const annotations = keep<Annotation>(m['annotations'], 'annotation', annotationProblem);
  const sound = <T>(x: T | undefined): x is T => x !== undefined;
  return { alerts: alerts.filter(sound), annotations: annotations.filter(sound), cases: caseAt.filter(sound), caseAt, problems };
}

/** Why a stored point cannot be drawn, or undefined; after segment.schema.json's point. */
function pointProblem(p: unknown): string | undefined {
  if (!isRec(p)) return `is ${shown(p)}, not a point`;
  for (const f of POINT_TEXT) if (!isText(p[f])) return not(f, p[f], 'text');
  if (!DIRECTIONS.includes(p['direction'])) return not('direction', p['direction'], '"smaller" or "bigger"');
  for (const f of POINT_NUMBERS) if (!isNumber(p[f])) return not(f, p[f], 'a number');
  if (p['stdev'] !== null && !isNumber(p['stdev'])) return not('stdev', p['stdev'], 'a number or null');
  for (const f of POINT_COUNTS) if (!isCount(p[f])) return not(f, p[f], 'a count');
  const samples = p['samples'];
  if (!Array.isArray(samples) || !samples.every(isNumber)) return not('samples', samples, 'a list of numbers');
  for (const f of POINT_OPTIONAL_NUMBERS) if (p[f] !== undefined && !isNumber(p[f])) return not(f, p[f], 'a number');
  for (const f of POINT_OPTIONAL_TEXT) if (p[f] !== undefined && !isText(p[f])) return not(f, p[f], 'text');
  return undefined;
}

function commitProblem(c: unknown): string | undefined {
  if (!isRec(c)) return not('commit', c, 'a commit');
  for (const f of COMMIT_TEXT) if (!isText(c[f])) return not(`commit.${f}`, c[f], 'text');
  if (c['url'] !== undefined && !isText(c['url'])) return not('commit.url', c['url'], 'text');
  return undefined;
}

/**
 * The segments of a file with every point the page cannot draw left out, and a publish whose
 * commit it cannot name; a line for each kind left out. `points` false: only the commits, for a
 * chunk's segments, whose points soundChunkRows checked before they were decoded.
 */
export function soundSegments(path: string, segments: readonly Segment[], points = true): { segments: Segment[]; problems: string[] } {
  const problems: string[] = [];
  const out: Segment[] = [];
  let firstSegment: string | undefined;
  let moreSegments = 0;
  let firstPoint: string | undefined;
  let morePoints = 0;
  for (const s of segments) {
    const why = isRec(s) ? commitProblem(s.commit) : `is ${shown(s)}, not a publish`;
    if (why !== undefined || !Array.isArray(s.points)) {
      if (firstSegment === undefined) firstSegment = `publish ${String(s?.seq)}: ${why ?? not('points', s.points, 'a list')}`;
      else moreSegments++;
      continue;
    }
    let kept: StoredPoint[] | undefined;
    for (let i = 0; points && i < s.points.length; i++) {
      const p = s.points[i] as StoredPoint;
      const bad = pointProblem(p);
      if (bad === undefined) {
        kept?.push(p);
        continue;
      }
      kept ??= s.points.slice(0, i);
      const name = isRec(p) && isText(p['case']) ? `${named(p['case'])} at ` : '';
      if (firstPoint === undefined) firstPoint = `point ${i} (${name}${s.commit.sha.slice(0, 7)}): ${bad}`;
      else morePoints++;
    }
    out.push(kept ? { ...s, points: kept } : s);
  }
  if (firstSegment !== undefined) problems.push(line(path, firstSegment, moreSegments, 'publish', ''));
  if (firstPoint !== undefined) problems.push(line(path, firstPoint, morePoints, 'point', ''));
  return { segments: out, problems };
}

/** A column as stored: one value per row, or one for every row. */
function cells(col: unknown, rows: number, perRowOnly: string | undefined): { values: unknown[] } | { problem: string } {
  if (Array.isArray(col)) return col.length === rows ? { values: col } : { problem: `has ${col.length} rows, not ${rows}` };
  if (perRowOnly !== undefined) return { problem: `is ${shown(col)}, not a list of ${rows} ${perRowOnly}` };
  return { values: new Array<unknown>(rows).fill(col) };
}

/**
 * A chunk (or data/newest.json) with every point row the page cannot draw taken out before it is
 * decoded, since the decoder refuses a whole file for one row: a row whose numbers are not numbers,
 * whose strings are not in `strings`, or whose case the manifest does not describe (silently for a
 * case manifestEntries already left out). A column of the points that is no column at all costs
 * the file's points, or only itself when the points can do without it (samples, extra, ...).
 * Damage to the segments' own columns is left to the decoder, which refuses the file.
 */
export function soundChunkRows(path: string, file: Readonly<Rec>, suites: readonly string[], caseAt: readonly (CaseInfo | undefined)[]): { file: Rec; problems: string[] } {
  const S = file['segments'];
  const P = file['points'];
  const strings = file['strings'];
  const asIs = { file: { ...file }, problems: [] };
  if (!isRec(S) || !isRec(P) || !Array.isArray(strings) || !Array.isArray(S['sha'])) return asIs;
  const shas = S['sha'] as unknown[];
  const size = shas.length;
  const perSegment = cells(S['points'], size, undefined);
  if ('problem' in perSegment || !perSegment.values.every(isCount)) return asIs;
  const suitesOf = cells(S['suite'], size, undefined);
  const counts = perSegment.values as number[];
  const rows = counts.reduce((a, b) => a + b, 0);
  // Each row's segment: its suite and commit, for the case check and the line.
  const segmentOf: number[] = [];
  counts.forEach((n, i) => {
    for (let k = 0; k < n; k++) segmentOf.push(i);
  });

  const bad = new Array<string | undefined>(rows);
  const silent = new Array<boolean>(rows).fill(false);
  const problems: string[] = [];
  let columnProblem: string | undefined;
  const dropped = new Set<string>();
  const str = (i: unknown): unknown => (typeof i === 'number' ? strings[i] : undefined);
  type Check = (v: unknown, row: number) => string | undefined;
  // Every point of an import is checked (48,000 rows in a chunk of 3,000 cases): plain loops, and
  // a column of one value for every row checked once.
  const column = (name: string, options: { perRowOnly?: string; optional?: boolean; perRow?: boolean }, check: Check): void => {
    const raw = P[name];
    if (options.optional && raw === undefined) return;
    if (!Array.isArray(raw) && options.perRowOnly === undefined && !options.perRow) {
      const why = rows > 0 ? check(raw, 0) : undefined;
      if (why !== undefined) for (let row = 0; row < rows; row++) bad[row] ??= why;
      return;
    }
    const col = cells(raw, rows, options.perRowOnly);
    if ('problem' in col) {
      if (options.optional) {
        dropped.add(name);
        problems.push(`${path}: points.${name} ${col.problem}; the points are drawn without it.`);
      } else columnProblem ??= `points.${name} ${col.problem}`;
      return;
    }
    const values = col.values;
    for (let row = 0; row < rows; row++) if (bad[row] === undefined) bad[row] = check(values[row], row);
  };
  const field = (name: string, what: string, ok: (v: unknown) => boolean): Check => (v) => (ok(v) ? undefined : not(name, v, what));
  const text = (v: unknown): boolean => isText(str(v));

  column('case', { perRow: true }, (v, row) => {
    const suiteAt = 'values' in suitesOf ? suitesOf.values[segmentOf[row] as number] : undefined;
    const suite = typeof suiteAt === 'number' ? suites[suiteAt] : undefined;
    const info = typeof v === 'number' ? caseAt[v] : undefined;
    if (info !== undefined && info.suite === suite) return undefined;
    // A case the manifest lists but could not describe was said already.
    if (isCount(v) && v < caseAt.length && info === undefined) {
      silent[row] = true;
      return 'left out';
    }
    return not('case', v, `a case of suite ${named(suite ?? '?')} in the manifest`);
  });
  for (const name of ['value', 'q1', 'q3'] as const) column(name, { perRowOnly: 'numbers' }, field(name, 'a number', isNumber));
  if (P['min'] !== 'q1') column('min', { perRowOnly: 'numbers' }, field('min', 'a number', isNumber));
  if (P['max'] !== 'q3') column('max', { perRowOnly: 'numbers' }, field('max', 'a number', isNumber));
  for (const name of ['shape', 'unit'] as const) column(name, {}, field(name, 'a string of "strings"', text));
  column('direction', {}, field('direction', 'the string of "smaller" or "bigger"', (v) => DIRECTIONS.includes(str(v))));
  column('stdev', {}, field('stdev', 'a number or null', (v) => v === null || isNumber(v)));
  for (const name of ['runs', 'n'] as const) column(name, {}, field(name, 'a count', isCount));
  column('samples', { perRowOnly: 'lists', optional: true }, field('samples', 'a list of numbers', (v) => Array.isArray(v) && v.every(isNumber)));
  for (const name of ['wall', 'failed'] as const) column(name, { optional: true }, field(name, 'a number or null', (v) => v === null || isNumber(v)));
  for (const name of ['extra', 'range'] as const) column(name, { optional: true }, field(name, 'a string of "strings" or null', (v) => v === null || text(v)));
  column('summaryOnly', { optional: true }, field('summaryOnly', 'true, false or null', (v) => v === null || typeof v === 'boolean'));

  if (columnProblem !== undefined) {
    problems.push(`${path}: ${columnProblem}; ${rows === 1 ? 'its point is' : `its ${rows} points are`} left out.`);
  } else {
    const said = bad.flatMap((why, row) => (why !== undefined && !silent[row] ? [row] : []));
    const first = said[0];
    if (first !== undefined) {
      const caseCol = cells(P['case'], rows, undefined);
      const info = 'values' in caseCol ? caseAt[caseCol.values[first] as number] : undefined;
      const sha = shas[segmentOf[first] as number];
      const where = `${info ? `${named(info.case)} at ` : ''}${isText(sha) ? sha.slice(0, 7) : '?'}`;
      problems.push(line(path, `point ${first} (${where}): ${bad[first] as string}`, said.length - 1, 'point', ''));
    }
  }
  const keep = (row: number): boolean => columnProblem === undefined && bad[row] === undefined;
  if (dropped.size === 0 && bad.every((why) => why === undefined) && columnProblem === undefined) return asIs;

  // The rows kept, in every per-row column, and each segment's count of them.
  const kept = new Array<number>(size).fill(0);
  for (let row = 0; row < rows; row++) {
    const at = segmentOf[row] as number;
    if (keep(row)) kept[at] = (kept[at] as number) + 1;
  }
  const points: Rec = {};
  for (const [name, col] of Object.entries(P)) {
    if (dropped.has(name)) continue;
    if (Array.isArray(col) && col.length === rows) points[name] = col.filter((_, row) => keep(row));
    // No row is left: the columns the decoder measures hold none.
    else if (columnProblem !== undefined && ['value', 'q1', 'q3'].includes(name)) points[name] = [];
    else points[name] = col;
  }
  return { file: { ...file, segments: { ...S, points: kept }, points }, problems };
}
