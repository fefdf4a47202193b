/**
 * Migration from github-action-benchmark: its `data.js` (`window.BENCHMARK_DATA = {...}`) becomes
 * a list of segments. Each key of `entries` is a suite, each entry one segment, each bench one
 * point named as a benchtrend run of the same tool names it, so that the series continue.
 */
import type { Direction } from '../model.js';
import { InputError } from '../model.js';
import { syntaxProblem } from '../json-syntax.js';
import { directionOfUnit } from '../direction.js';
import { canConvert, convertUnit } from '../units.js';
import type { CommitInfo, StoredPoint } from './types.js';
import { clean, spread } from '../stats.js';
import { pointProblem } from '../cases.js';
import { extraText, normaliseText } from '../text.js';

/** One entry of data.js as a segment without its seq: the planner numbers them. */
export interface ImportedEntry {
  readonly suite: string;
  readonly commit: CommitInfo;
  readonly publishedAt: string;
  readonly points: readonly StoredPoint[];
}

/** A case whose unit says one direction and its tool the other: `text` says so, naming the override. */
export interface ImportConflict {
  readonly suite: string;
  readonly case: string;
  readonly text: string;
}

export interface GabImport {
  /** Entries of every suite, oldest publish first. */
  readonly entries: readonly ImportedEntry[];
  readonly suites: readonly string[];
  readonly points: number;
  /** Benches left out with the reason (a value that is not a number, or one no trend may hold), one line per case and value or rule. */
  readonly skipped: readonly string[];
  /** One per case whose unit and its tool disagree on direction, with the line that says so. */
  readonly conflicts: readonly ImportConflict[];
  /** One line per suite and kind of bench named or left out as a run would (go's copies and metrics, Google Benchmark's aggregates). */
  readonly repeats: readonly string[];
  /** One line per suite with entries whose commit.id is not a full sha: the entries left out. */
  readonly unkeyed: readonly string[];
}

// github-action-benchmark's own table (src/write.ts, biggerIsBetter): the tool, not the unit, decided.
const BIGGER_IS_BETTER: Readonly<Record<string, boolean>> = {
  cargo: false,
  go: false,
  benchmarkjs: true,
  benchmarkluau: false,
  pytest: true,
  googlecpp: false,
  catch2: false,
  julia: false,
  jmh: false,
  benchmarkdotnet: false,
  customBiggerIsBetter: true,
  customSmallerIsBetter: false,
};

/**
 * The unit decides where it says (times and sizes smaller; ops/s, Hz, iter/sec, MB/s bigger), the
 * tool's table only where it says nothing: the table made JMH's ops/s smaller-is-better and a
 * pytest fork's times in sec bigger-is-better, and a custom tool's name is no better a guess
 * (avalanchego's `ms/ggas` timings under customBiggerIsBetter). A publish of the same output
 * decides the same way (formats/custom.ts). Where the two disagree, `conflict` hears it.
 */
function directionOf(tool: string, unit: string, conflict: (unitSays: Direction, toolSays: Direction) => void): Direction {
  const known = BIGGER_IS_BETTER[tool];
  const toolSays: Direction | undefined = known === undefined ? undefined : known ? 'bigger' : 'smaller';
  const unitSays = directionOfUnit(unit) ?? (/(?:ops|iter|iterations|runs)\s*\/\s*s(?:ec)?$/i.test(unit) ? 'bigger' : undefined);
  if (unitSays !== undefined && toolSays !== undefined && unitSays !== toolSays) conflict(unitSays, toolSays);
  return unitSays ?? toolSays ?? 'smaller';
}

const NUMBER = String.raw`(\d[\d,]*(?:\.\d*)?|\.\d+)(?:e([+-]?\d+))?`;
const PLUS_MINUS = new RegExp(String.raw`^(?:±|\+\s*/\s*-|\+-)?\s*${NUMBER}\s*(%)?$`, 'i');
const STDDEV = new RegExp(String.raw`^stddev:\s*${NUMBER}$`, 'i');

function numberOf(digits: string, exponent: string | undefined): number {
  return Number(`${digits.replace(/,/g, '')}${exponent !== undefined ? `e${exponent}` : ''}`);
}

export interface ParsedRange {
  readonly lo: number;
  readonly hi: number;
  /** Set when the text gave a standard deviation (pytest-benchmark's `stddev: x`). */
  readonly stdev?: number;
}

/**
 * The error bar a range text gives around `value`: `± 0.12`, `± 9.1e-05`, `±1.2%`, `+- 3`,
 * `+/- 2,802` (cargo's thousands separator), `stddev: 0.0002`, a bare `3`. Undefined when the text
 * says nothing readable; the text itself is kept on the point either way.
 */
export function parseRange(text: string, value: number): ParsedRange | undefined {
  const t = text.trim();
  const sd = STDDEV.exec(t);
  if (sd) {
    const s = numberOf(sd[1] as string, sd[2]);
    return Number.isFinite(s) ? { lo: value - s, hi: value + s, stdev: s } : undefined;
  }
  const pm = PLUS_MINUS.exec(t);
  if (!pm) return undefined;
  const n = numberOf(pm[1] as string, pm[2]);
  if (!Number.isFinite(n)) return undefined;
  const half = pm[3] === '%' ? Math.abs(value) * (n / 100) : n;
  return { lo: value - half, hi: value + half };
}

/**
 * The error bar a bench's range gives, read as its tool's extraction wrote it. For Catch2,
 * github-action-benchmark kept the bare number of the std dev without the unit Catch2 printed it
 * in (`3.789 us` with `± 362`, which is 362 ns; minetest's history: 1,137 bars below zero), so the
 * number gives no bar. pytest's `stddev: s` is the spread of the round time in seconds, around a
 * value in iter/sec (1/mean): the bar is the rates at the mean time plus and minus s, and no bar
 * where s reaches the mean. A pytest fork that stored the mean time itself (`sec`) reads as written.
 */
export function barOf(tool: string, unit: string, range: string, value: number): ParsedRange | undefined {
  if (tool === 'catch2') return undefined;
  const bar = parseRange(range, value);
  if (tool !== 'pytest' || bar?.stdev === undefined || directionOfUnit(unit) !== 'bigger' || !(value > 0)) return bar;
  const mean = 1 / value;
  const s = bar.stdev;
  return s < mean ? { lo: clean(1 / (mean + s)), hi: clean(1 / (mean - s)) } : undefined;
}

/** benchtrend's own flat arrays carry `runs=k/n` in extra; github-action-benchmark's benchmark.js `6 samples`. */
function runsOf(extra: string | undefined): { runs: number; n: number } {
  const kn = /(?:^|\s)runs=(\d+)\/(\d+)(?:\s|$)/.exec(extra ?? '');
  if (kn) return { runs: Number(kn[1]), n: Number(kn[2]) };
  const samples = /(?:^|\s)(\d+) samples?(?:\s|$)/.exec(extra ?? '');
  if (samples) return { runs: Number(samples[1]), n: Number(samples[1]) };
  return { runs: 1, n: 1 };
}

/**
 * Whether a bench's name is one benchtrend wrote (`warm / total`): only a custom array can hold
 * those (`benchtrend cases` writes one). A tool's own output keeps its names whatever they hold
 * (a benchmark.js suite's `encode / decode`), and a run of that tool prefixes them.
 */
function namedByBenchtrend(name: string, tool: string): boolean {
  return name.indexOf(' / ') > 0 && (tool === '' || tool === 'customSmallerIsBetter' || tool === 'customBiggerIsBetter');
}

/**
 * The shape a bench's points supersede on re-runs: the part before ` / ` for names benchtrend
 * wrote, else the tool, which is the shape benchtrend gives formats without one.
 */
function shapeOf(name: string, tool: string): string {
  return namedByBenchtrend(name, tool) ? name.slice(0, name.indexOf(' / ')) : tool || 'imported';
}

/**
 * The case an imported bench continues: benchtrend names a tool's benchmark `<shape> / <name>`
 * with the tool's format name as the shape (github-action-benchmark's `tool` values are those
 * names), so `bench_fib_10` of a cargo entry becomes `cargo / bench_fib_10`, the case a cargo
 * run publishes next. Names benchtrend wrote itself (`warm / total`) are kept as they are.
 */
export function importedCaseName(name: string, tool: string): string {
  return namedByBenchtrend(name, tool) ? name : `${shapeOf(name, tool)} / ${name}`;
}

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const text = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

/** A "line L, column C" of the object read as one of the file, whose first `head` characters were cut off. */
function inFile(problem: string, head: string): string {
  const lines = head.split('\n');
  const lead = lines.length - 1;
  const width = (lines[lines.length - 1] as string).length;
  return problem.replace(/^line (\d+)(?:, column (\d+))?/, (_, line: string, column?: string) => {
    const l = Number(line);
    const at = `line ${l + lead}`;
    return column === undefined ? at : `${at}, column ${l === 1 ? Number(column) + width : Number(column)}`;
  });
}

/** `window.BENCHMARK_DATA = {...}` (or the bare object) as JSON. */
function parseDataJs(file: string, source: string): Json {
  // Else JSON.parse's "Unexpected end of JSON input" (three held-out extractions that wrote nothing)
  // or "Unexpected token 'v'" (a branch that keeps large files in Git LFS) would be all it says.
  if (source.trim() === '') throw new InputError(`${file}: not a github-action-benchmark data.js: the file is empty`);
  if (source.startsWith('version https://git-lfs')) {
    throw new InputError(`${file}: not a github-action-benchmark data.js: it is a Git LFS pointer; check the branch out with its LFS objects (git lfs pull) and give that file`);
  }
  // The tail is trimmed by hand: /;?\s*$/ tries every whitespace run of a pretty-printed file, 2.4 s
  // of a 224 MB one.
  const unmarked = source.replace(/^\uFEFF/, '');
  const head = /^\s*window\.BENCHMARK_DATA\s*=\s*/.exec(unmarked)?.[0] ?? '';
  const trimmed = unmarked.slice(head.length).trimEnd();
  const body = trimmed.endsWith(';') ? trimmed.slice(0, -1) : trimmed;
  let data: unknown;
  try {
    data = JSON.parse(body) as unknown;
  } catch {
    // A site build that minifies the branch's scripts rewrites the JSON as a JavaScript object
    // (shwaka/kohomology's gh-pages: `{lastUpdate:1784552821185,...`); the action's own copy reads.
    if (/^\{\s*[A-Za-z_$][\w$]*\s*:/.test(body)) {
      throw new InputError(`${file}: not a github-action-benchmark data.js: its object is JavaScript with unquoted keys, not the JSON the action writes (a minified copy?); give the data.js on the branch github-action-benchmark pushed to`);
    }
    // Where it goes wrong in the file, in words (V8's own message quotes the text and varies by version).
    throw new InputError(`${file}: not a github-action-benchmark data.js (${inFile(syntaxProblem(body), head)})`);
  }
  if (!isObject(data) || !isObject(data['entries'])) {
    throw new InputError(`${file}: not a github-action-benchmark data.js: no "entries" object`);
  }
  return data;
}

/** Whether an entry's commit (an object) is named by a full sha. */
function hasFullSha(raw: Json): boolean {
  return /^[0-9a-f]{40}([0-9a-f]{24})?$/.test(text(raw['id'])?.toLowerCase() ?? '');
}

/** An entry's commit, named by a full sha (hasFullSha). */
function commitOf(raw: Json): CommitInfo {
  const sha = (text(raw['id']) ?? '').toLowerCase();
  const person = isObject(raw['author']) ? raw['author'] : isObject(raw['committer']) ? raw['committer'] : {};
  const url = text(raw['url']);
  return {
    sha,
    // Free text, stored as a publish stores a commit's: normalised (docs/troubleshooting.md).
    message: normaliseText(text(raw['message']) ?? ''),
    author: normaliseText(text(person['name']) ?? text(person['username']) ?? ''),
    timestamp: text(raw['timestamp']) ?? '',
    ...(url !== undefined ? { url } : {}),
  };
}

/**
 * The metric a bench's unit names: github-action-benchmark's older go extraction wrote the other
 * metrics of the line after tabs (`ns/op\t   65942 B/op\t    2105 allocs/op`), whose figures differ
 * from run to run, so only the text before the first tab tells two runs of one metric apart from
 * two metrics.
 */
function metricOf(unit: string): string {
  return unit.split('\t')[0]?.trim() ?? '';
}

/** The figures after the first tab of such a unit, as one line: `65942 B/op, 2105 allocs/op`. */
function otherMetrics(unit: string): string {
  return unit
    .split('\t')
    .slice(1)
    .map((x) => x.trim().replace(/\s+/g, ' '))
    .filter((x) => x !== '')
    .join(', ');
}

/**
 * Per suite, the names benched in two metrics or more within one entry (charon writes
 * instructions, wall-clock, max-rss and output-size under one crate's name): each metric becomes a
 * case of its own, named `<name> - <metric>` in every entry of the suite, as github-action-
 * benchmark's newer go extraction names a benchmark's B/op and allocs/op.
 */
function namesInSeveralMetrics(data: Json, suites: readonly string[]): Set<string> {
  const several = new Set<string>();
  for (const suite of suites) {
    const list = (data['entries'] as Json)[suite];
    if (!Array.isArray(list)) continue;
    for (const raw of list) {
      if (!isObject(raw) || !Array.isArray(raw['benches'])) continue;
      const seen = new Map<string, string>();
      for (const b of raw['benches'] as unknown[]) {
        if (!isObject(b) || typeof b['name'] !== 'string') continue;
        const metric = metricOf(text(b['unit']) ?? '');
        const before = seen.get(b['name']);
        if (before !== undefined && before !== metric) several.add(`${suite}\u0000${b['name']}`);
        seen.set(b['name'], metric);
      }
    }
  }
  return several;
}

/**
 * The benches of one entry that repeat a go line's first metric: github-action-benchmark 1.18 and
 * later writes a line of several metrics as `<name>` with the whole line as its unit (`ns/op\t
 * 15343 B/op\t 221 allocs/op`, as before 1.18, so the series goes on) and again as `<name> -
 * <unit>` for each metric, the first one included. `<name> - ns/op` is then `<name>` twice over,
 * and benchtrend's go parser names that metric `<name>`: the copy is left out, so an imported
 * suite has the cases a live publish continues, and a step is not raised twice.
 */
function repeatsOfFirstMetric(benches: readonly unknown[]): Set<number> {
  const firstMetric = new Map<string, { metric: string; values: number[] }>();
  for (const b of benches) {
    if (!isObject(b) || typeof b['name'] !== 'string') continue;
    const unit = text(b['unit']) ?? '';
    if (!unit.includes('\t')) continue;
    const seen = firstMetric.get(b['name']) ?? { metric: metricOf(unit), values: [] };
    seen.values.push(Number(b['value']));
    firstMetric.set(b['name'], seen);
  }
  const out = new Set<number>();
  if (firstMetric.size === 0) return out;
  benches.forEach((b, j) => {
    if (!isObject(b) || typeof b['name'] !== 'string') return;
    const unit = text(b['unit']) ?? '';
    const cut = b['name'].lastIndexOf(' - ');
    if (cut < 0 || b['name'].slice(cut + 3) !== unit) return;
    const of = firstMetric.get(b['name'].slice(0, cut));
    // Only a true copy: the same metric and a value the line itself holds.
    if (of && of.metric === unit && of.values.includes(Number(b['value']))) out.add(j);
  });
  return out;
}

/**
 * The benches of one go entry written metric by metric with no bench of their own name: a newer
 * github-action-benchmark writes a line as `<name> - ns/op`, `<name> - B/op`, … and no longer as
 * `<name>`. The first metric of each name is the one the line form before it, and benchtrend's go
 * parser, call `<name>`: those benches are named so (by their index in the entry), so the series
 * goes on across the change of writer and into the trend's own publishes.
 */
function firstMetricsByName(benches: readonly unknown[], tool: string): Map<number, string> {
  const out = new Map<number, string>();
  if (tool !== 'go') return out;
  const names = new Set<string>();
  for (const b of benches) if (isObject(b) && typeof b['name'] === 'string') names.add(b['name']);
  const first = new Map<string, string>();
  benches.forEach((b, j) => {
    if (!isObject(b) || typeof b['name'] !== 'string') return;
    const unit = text(b['unit']) ?? '';
    const cut = b['name'].lastIndexOf(' - ');
    if (cut < 0 || unit === '' || b['name'].slice(cut + 3) !== unit) return;
    const base = b['name'].slice(0, cut);
    if (names.has(base)) return;
    const metric = first.get(base) ?? unit;
    first.set(base, metric);
    if (unit === metric) out.set(j, base);
  });
  return out;
}

/** How one of Google Benchmark's aggregate benches of an entry is imported (aggregatesOf). */
interface Aggregate {
  /** The name a googlecpp run publishes the benchmark under, `BM_x` for `BM_x_median`. */
  readonly base: string;
  /** Whether this bench is the point of `base` (the median, else the mean) or left out. */
  readonly kept: boolean;
  /** The `_stddev` bench's value, the kept point's standard deviation. */
  readonly stdev?: number;
}

const AGGREGATE = /^(.+)_(mean|median|stddev|cv)$/;

/**
 * Google Benchmark's aggregates in a googlecpp entry, by index: with `--benchmark_repetitions`
 * github-action-benchmark stored `BM_x_mean`, `BM_x_median`, `BM_x_stddev` (and `BM_x_cv`) beside
 * the repetitions `BM_x`, or alone with `--benchmark_report_aggregates_only`, while a googlecpp run
 * publishes `BM_x`, its repetitions as runs. Where the repetitions are there the aggregates add
 * nothing and are left out; where they are not, the median (else the mean) is the point of
 * `BM_x`, with `_stddev` as its deviation. A set is known by its `_stddev` beside a `_mean` or
 * `_median`, so a benchmark merely named `BM_mean` stays itself.
 */
function aggregatesOf(benches: readonly unknown[], tool: string): Map<number, Aggregate> {
  const out = new Map<number, Aggregate>();
  if (tool !== 'googlecpp') return out;
  const byName = new Map<string, unknown>();
  for (const b of benches) if (isObject(b) && typeof b['name'] === 'string' && !byName.has(b['name'])) byName.set(b['name'], b['value']);
  benches.forEach((b, j) => {
    if (!isObject(b) || typeof b['name'] !== 'string') return;
    const m = AGGREGATE.exec(b['name']);
    if (!m) return;
    const base = m[1] as string;
    if (!byName.has(`${base}_stddev`) || !(byName.has(`${base}_mean`) || byName.has(`${base}_median`))) return;
    const centre = byName.has(`${base}_median`) ? 'median' : 'mean';
    const kept = !byName.has(base) && m[2] === centre;
    const sd = byName.get(`${base}_stddev`);
    out.set(j, { base, kept, ...(kept && typeof sd === 'number' && Number.isFinite(sd) && sd >= 0 ? { stdev: sd } : {}) });
  });
  return out;
}

/** Benches left out for one reason, said once at the first place, with how many more there were. */
interface LeftOut {
  readonly at: string;
  readonly name: string;
  readonly why: string;
  count: number;
}

/** Counts a bench left out under `key`, keeping the first place and reason. */
function leaveOut(into: Map<string, LeftOut>, key: string, at: string, name: string, why: string): void {
  const seen = into.get(key);
  if (seen) seen.count++;
  else into.set(key, { at, name, why, count: 1 });
}

/**
 * Reads a data.js into entries ordered by publish time (`date`), so that seq order is time order.
 * A bench whose value is not a number (a NaN written as null) is left out and listed in `skipped`,
 * once per case and value, with how many more there were; so is one whose point no trend may hold
 * (pointProblem: a negative time or rate, a failed run's -1), once per case and rule.
 * Benches of one name and metric in one entry are that job's runs (`go test -count=3` writes each
 * run as a bench) and become one point of those runs; a name benched in several metrics becomes
 * a case per metric (namesInSeveralMetrics), so nothing is left out. An entry whose commit.id is
 * not a full sha is left out and listed in `unkeyed`, once per suite; a file with no other entry is
 * refused. Anything else malformed refuses the import, naming the file and the place.
 */
export function importGab(file: string, source: string): GabImport {
  const data = parseDataJs(file, source);
  const entries: { entry: ImportedEntry; date: number; order: number }[] = [];
  const notNumbers = new Map<string, LeftOut>();
  const unstorable = new Map<string, LeftOut>();
  const conflicts = new Map<string, ImportConflict>();
  const repeated = new Map<string, { count: number; example: string; tool: string }>();
  const renamed = new Map<string, { count: number; example: string; tool: string }>();
  // Google Benchmark aggregates taken as a case's point, and left out, per suite: how many and the first.
  const aggregated = { kept: new Map<string, { count: number; example: string; base: string }>(), left: new Map<string, { count: number; example: string; base: string }>() };
  const unkeyed = new Map<string, { count: number; where: string; id: string | undefined }>();
  const suites = Object.keys(data['entries'] as Json);
  const several = namesInSeveralMetrics(data, suites);
  let points = 0;
  for (const suite of suites) {
    const list = (data['entries'] as Json)[suite];
    if (!Array.isArray(list)) throw new InputError(`${file}: entries[${JSON.stringify(suite)}] is not an array`);
    list.forEach((raw: unknown, i) => {
      const where = `entries[${JSON.stringify(suite)}][${i}]`;
      if (!isObject(raw)) throw new InputError(`${file}: ${where} is not an object`);
      // A writer that benched a commit's parent named it "700339fd~1" (metro's before/after
      // pairs): github-action-benchmark charted it by its place, but a trend keys every point by
      // its commit. Such entries are left out and named; data.js itself keeps them.
      const rawCommit = raw['commit'];
      if (!isObject(rawCommit)) throw new InputError(`${file}: ${where}.commit is not an object`);
      if (!hasFullSha(rawCommit)) {
        const u = unkeyed.get(suite);
        if (u) u.count++;
        else unkeyed.set(suite, { count: 1, where, id: JSON.stringify(rawCommit['id']) });
        return;
      }
      const commit = commitOf(rawCommit);
      const tool = text(raw['tool']) ?? '';
      const benches = raw['benches'];
      if (!Array.isArray(benches)) throw new InputError(`${file}: ${where}.benches is not an array`);
      const date = typeof raw['date'] === 'number' ? raw['date'] : Date.parse(commit.timestamp);
      const stored = new Map<string, StoredPoint>();
      // Benches of one name in one entry with one unit are runs of one job (`go test -count=3`).
      const runs = new Map<string, number[]>();
      const firstAt = new Map<string, string>();
      const copies = repeatsOfFirstMetric(benches);
      const firstNamed = firstMetricsByName(benches, tool);
      const aggregates = aggregatesOf(benches, tool);
      benches.forEach((b: unknown, j) => {
        const at = `${where}.benches[${j}]`;
        if (copies.has(j)) {
          const r = repeated.get(suite) ?? { count: 0, example: (b as Json)['name'] as string, tool };
          repeated.set(suite, { ...r, count: r.count + 1 });
          return;
        }
        const aggregate = aggregates.get(j);
        if (aggregate) {
          const tally = aggregated[aggregate.kept ? 'kept' : 'left'];
          const t = tally.get(suite) ?? { count: 0, example: (b as Json)['name'] as string, base: aggregate.base };
          tally.set(suite, { ...t, count: t.count + 1 });
          if (!aggregate.kept) return;
        }
        if (!isObject(b) || typeof b['name'] !== 'string' || b['name'] === '') {
          throw new InputError(`${file}: ${at} has no name`);
        }
        if (b['unit'] !== undefined && typeof b['unit'] !== 'string') {
          throw new InputError(`${file}: ${at}.unit is not text, got ${JSON.stringify(b['unit'])}`);
        }
        // The older go extraction's unit text carries the line's other figures after tabs: the
        // case's unit is the metric alone (else every point reads as a unit of its own), and the
        // other figures go with the point's extra text, so nothing is lost.
        const unitText = text(b['unit']) ?? '';
        const writtenUnit = unitText.includes('\t') ? metricOf(unitText) : unitText;
        const others = unitText.includes('\t') ? otherMetrics(unitText) : '';
        const given = aggregate?.base ?? firstNamed.get(j) ?? b['name'];
        if (firstNamed.has(j)) {
          const r = renamed.get(suite) ?? { count: 0, example: b['name'], tool };
          renamed.set(suite, { ...r, count: r.count + 1 });
        }
        const name = several.has(`${suite}\u0000${given}`) ? `${given} - ${metricOf(writtenUnit)}` : given;
        // Some writers stored values as strings ("31"); null is how JSON.stringify spells NaN.
        const written = typeof b['value'] === 'number' ? b['value'] : typeof b['value'] === 'string' && b['value'].trim() !== '' ? Number(b['value']) : NaN;
        if (!Number.isFinite(written)) {
          // Said once per case and value, at its first place: yew's history holds 3,186 benches
          // whose value is the text "null", one line each before.
          leaveOut(notNumbers, `${suite}\u0000${name}\u0000${JSON.stringify(b['value'])}`, at, name, `value ${JSON.stringify(b['value'])} is not a number`);
          return;
        }
        // A Catch2 run is published in ns (formats/catch2.ts), while github-action-benchmark kept
        // each number in the unit Catch2 printed it in, which moves with its size: minetest's
        // cases switched between ns, us and ms, and every later run warned of converting 51 cases.
        const asRun = tool === 'catch2' && writtenUnit !== 'ns' && canConvert(writtenUnit, 'ns');
        const value = asRun ? convertUnit(written, writtenUnit, 'ns') : written;
        const unit = asRun ? 'ns' : writtenUnit;
        const range = text(b['range']) ?? (typeof b['range'] === 'number' ? String(b['range']) : undefined);
        const extra = [extraText(b['extra']), others].filter((x) => x !== undefined && x !== '').join('\n') || undefined;
        const bar = range !== undefined ? barOf(tool, unit, range, value) : aggregate?.stdev !== undefined ? { lo: value, hi: value, stdev: aggregate.stdev } : undefined;
        const lo = bar?.lo ?? value;
        const hi = bar?.hi ?? value;
        // One name and metric: the runs of one job (a name in two metrics was split above).
        if (stored.has(name)) runs.get(name)?.push(value);
        else {
          runs.set(name, [value]);
          firstAt.set(name, at);
        }
        stored.set(name, {
          case: importedCaseName(name, tool),
          shape: shapeOf(name, tool),
          unit,
          direction: directionOf(tool, unit, (unitSays, toolSays) => {
            const named = importedCaseName(name, tool);
            const key = `${suite}\u0000${named}`;
            if (!conflicts.has(key)) {
              conflicts.set(key, {
                suite,
                case: named,
                text: `${named} (suite ${suite}): its unit ${JSON.stringify(unit)} says ${unitSays} is better, github-action-benchmark's table for ${tool} says ${toolSays}; the unit is used (set direction-overrides to choose)`,
              });
            }
          }),
          value,
          q1: lo,
          q3: hi,
          min: lo,
          max: hi,
          stdev: bar?.stdev ?? null,
          ...runsOf(extra),
          samples: [],
          summaryOnly: true,
          ...(range !== undefined ? { range } : {}),
          ...(extra !== undefined ? { extra } : {}),
        });
      });
      for (const [name, values] of runs) {
        const last = stored.get(name);
        if (values.length < 2 || !last) continue;
        // The job's runs, as a benchtrend record collapses them: the median, the quartiles as the
        // error bar, and the runs kept. Each run's own range (if any) says nothing of the others.
        const { range: _range, summaryOnly: _summary, ...rest } = last;
        const sp = spread(values);
        stored.set(name, {
          ...rest,
          value: clean(sp.median),
          q1: clean(sp.q1),
          q3: clean(sp.q3),
          min: clean(sp.min),
          max: clean(sp.max),
          stdev: sp.stdev === null ? null : clean(sp.stdev),
          runs: values.length,
          n: values.length,
          samples: values,
        });
      }
      // What no trend may hold (a rate of -1 a failed run wrote) is left out here, named at its
      // place in data.js, rather than refused later at a chunk the reader would not know.
      for (const [name, point] of stored) {
        const why = pointProblem(point);
        if (why === undefined) continue;
        stored.delete(name);
        // Once per case and rule: the value the reason quotes ("value is -1, but …") is left out of the key.
        leaveOut(unstorable, `${suite}\u0000${name}\u0000${why.replace(/ is [^,]*,/, ' is #,')}`, firstAt.get(name) ?? where, name, why);
      }
      points += stored.size;
      const publishedAt = Number.isFinite(date) ? new Date(date).toISOString() : commit.timestamp;
      entries.push({ entry: { suite, commit, publishedAt, points: [...stored.values()] }, date: Number.isFinite(date) ? date : 0, order: entries.length });
    });
  }
  const firstUnkeyed = [...unkeyed.values()][0];
  if (entries.length === 0 && firstUnkeyed) throw new InputError(`${file}: ${firstUnkeyed.where}.commit.id is not a full commit sha, got ${firstUnkeyed.id}`);
  entries.sort((a, b) => a.date - b.date || a.order - b.order);
  const repeats = [...repeated].map(([suite, r]) => {
    const name = r.example.slice(0, r.example.lastIndexOf(' - '));
    return `suite ${suite}: left out ${r.count} bench${r.count === 1 ? '' : 'es'} like ${JSON.stringify(r.example)}, each a copy of the first metric of a go line that github-action-benchmark 1.18 and later writes under both names; kept as case ${JSON.stringify(importedCaseName(name, r.tool))}, the name a go run publishes it under`;
  });
  for (const [suite, r] of renamed) {
    const name = r.example.slice(0, r.example.lastIndexOf(' - '));
    repeats.push(
      `suite ${suite}: ${r.count} bench${r.count === 1 ? '' : 'es'} like ${JSON.stringify(r.example)}, the first metric of a go line that a newer github-action-benchmark writes only metric by metric, ${r.count === 1 ? 'is' : 'are'} case ${JSON.stringify(importedCaseName(name, r.tool))}, the name the line's older entries and a go run give it`,
    );
  }
  for (const [suite, a] of aggregated.kept) {
    repeats.push(
      `suite ${suite}: ${a.count} Google Benchmark aggregate${a.count === 1 ? '' : 's'} like ${JSON.stringify(a.example)} ${a.count === 1 ? 'is' : 'are'} case ${JSON.stringify(importedCaseName(a.base, 'googlecpp'))}, the name a googlecpp run publishes its repetitions under`,
    );
  }
  for (const [suite, a] of aggregated.left) {
    repeats.push(
      `suite ${suite}: left out ${a.count} Google Benchmark aggregate${a.count === 1 ? '' : 's'} like ${JSON.stringify(a.example)}, statistics of the repetitions that case ${JSON.stringify(importedCaseName(a.base, 'googlecpp'))} holds as its runs or its median; data.js keeps them`,
    );
  }
  const unkeyedLines = [...unkeyed].map(
    ([suite, u]) =>
      `suite ${suite}: left out ${u.count} entr${u.count === 1 ? 'y' : 'ies'} whose commit.id is not a full commit sha (the first: ${u.where}.commit.id ${u.id}); a trend keys each point by its commit, and data.js keeps them`,
  );
  const skipped = [...notNumbers.values(), ...unstorable.values()].map((n) => `${n.at}${n.count > 1 ? ` and ${n.count - 1} more` : ''} (${n.name}): ${n.why}`);
  return { entries: entries.map((e) => e.entry), suites, points, skipped, conflicts: [...conflicts.values()], repeats, unkeyed: unkeyedLines };
}
