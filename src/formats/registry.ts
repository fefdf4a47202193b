import { InputError, type BenchRecord } from '../core/model.js';
import { benchmarkdotnet } from './benchmarkdotnet.js';
import { benchmarkjs } from './benchmarkjs.js';
import { benchmarkluau } from './benchmarkluau.js';
import { cargo } from './cargo.js';
import { catch2 } from './catch2.js';
import { criterion } from './criterion.js';
import { customBiggerIsBetter, customSmallerIsBetter } from './custom.js';
import { dlTimingJson } from './dl-timing-json.js';
import type { Format, ParseOptions } from './format.js';
import { go } from './go.js';
import { googlecpp } from './googlecpp.js';
import { hyperfine } from './hyperfine.js';
import { peekJson } from './json-text.js';
import { jmh } from './jmh.js';
import { julia } from './julia.js';
import { orca } from './orca.js';
import { pytest } from './pytest.js';
import { qwenCode } from './qwen-code.js';
import { recordFormat } from './record-format.js';
import { looksLikeRecord } from './record.js';
import { editDistance } from '../core/text.js';

/**
 * Every input format, in the order `format: auto` tries them. The one list: docs, action.yml and
 * the CLI help are checked against it.
 *
 * The order matters where content overlaps: JSON objects first, each recognised by fields no
 * other format has (a bench record by `shape` beside `runs`, Orca's A/B file by `runs[].baseline`,
 * a qwen-code snapshot by `capturedAt`); the flat custom arrays after JMH's and Julia's arrays,
 * bigger before smaller; then text: criterion before cargo, because criterion's bencher output
 * is cargo's lines plus criterion's own messages.
 */
export const FORMATS: readonly Format[] = [
  recordFormat,
  orca,
  qwenCode,
  hyperfine,
  pytest,
  googlecpp,
  benchmarkdotnet,
  jmh,
  julia,
  customBiggerIsBetter,
  customSmallerIsBetter,
  dlTimingJson,
  catch2,
  benchmarkluau,
  benchmarkjs,
  criterion,
  cargo,
  go,
];

export const FORMAT_NAMES: readonly string[] = FORMATS.map((f) => f.name);

/** The values input `format` accepts. */
export const FORMAT_CHOICES: readonly string[] = ['auto', ...FORMAT_NAMES];

/** `name: description` per line, `auto` first: for the CLI help and action.yml's input description. */
export function describeFormats(): string {
  return [
    'auto: detect from the content, trying the formats below in order',
    ...FORMATS.map((f) => `${f.name}: ${f.description}`),
  ].join('\n');
}

/** The format `auto` picks for the text, or undefined when none matches. */
export function detectFormat(text: string, file?: string): Format | undefined {
  return FORMATS.find((f) => f.detect(text, file));
}

/** What each format's file is, as a person calls it: "bench.txt looks like go test output". */
const LABELS: Readonly<Record<string, string>> = {
  record: 'a benchtrend bench record',
  orca: 'an Orca startup benchmark result',
  'qwen-code': 'a qwen-code benchmark snapshot',
  hyperfine: 'hyperfine --export-json',
  pytest: 'pytest-benchmark --benchmark-json output',
  googlecpp: 'Google Benchmark JSON',
  benchmarkdotnet: 'BenchmarkDotNet JSON',
  jmh: 'JMH -rf json results',
  julia: 'Julia BenchmarkTools JSON',
  customBiggerIsBetter: 'a customBiggerIsBetter array',
  customSmallerIsBetter: 'a customSmallerIsBetter array',
  'dl-timing-json': 'dl-timing-json lines',
  catch2: 'Catch2 benchmark output',
  benchmarkluau: 'Luau bench output',
  benchmarkjs: 'benchmark.js output',
  criterion: 'Criterion.rs output',
  cargo: 'cargo bench output',
  go: 'go test output',
};

export function formatLabel(name: string): string {
  return LABELS[name] ?? name;
}

/** The candidate nearest to a mistyped word, when it is near enough to be what was meant. */
export function nearest(word: string, candidates: readonly string[]): string | undefined {
  const lower = word.toLowerCase();
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const c of candidates) {
    const cl = c.toLowerCase();
    // A prefix either way is what was meant: `pub` for publish, `gotest` for go.
    const distance = (cl.startsWith(lower) && lower.length >= 3) || (lower.startsWith(cl) && cl.length >= 2) ? 0.5 : editDistance(lower, cl);
    if (distance < bestDistance) {
      best = c;
      bestDistance = distance;
    }
  }
  return bestDistance <= Math.max(1, Math.min(3, Math.floor(word.length / 3))) ? best : undefined;
}

function unrecognised(file: string, text: string, option: string): InputError {
  const what =
    // No format's output holds NUL, and a JSON text cannot: an executable, an archive, an image, or
    // a file whose blocks were allocated but never written (a writer killed mid-write).
    text.includes('\u0000')
      ? 'it is not text: it holds NUL bytes, as a binary file does'
      : peekJson(text) !== undefined
      ? 'it is JSON, but its fields match none of them'
      : /^\s*[[{]/.test(text)
        ? 'it starts like JSON but does not parse'
        : 'no line matches any of their result lines';
  return new InputError(`${file}: format not recognised (${what}); tried ${FORMAT_NAMES.join(', ')}; set ${option === 'format:' ? 'input format' : option} to name one`);
}

/** Formats whose reading takes in what another recognises: criterion reads cargo's bencher lines. */
const READS_TOO: Readonly<Record<string, readonly string[]>> = { criterion: ['cargo'] };

/**
 * Text formats after `found` in the order that also recognise the text: a file two tools wrote
 * into (cargo bench then go test) whose second tool's results `auto` does not read. Those before
 * `found` were tried and did not.
 */
function alsoRecognised(found: Format, text: string, file: string): Format[] {
  // One JSON document is one tool's; only text can hold the lines of two.
  if (peekJson(text) !== undefined) return [];
  const rest = FORMATS.slice(FORMATS.indexOf(found) + 1);
  return rest.filter((f) => !(READS_TOO[found.name] ?? []).includes(f.name) && f.detect(text, file));
}

/** Whether `format` reads the text without refusing it. */
function readsIt(format: Format, file: string, text: string, options: ParseOptions): boolean {
  try {
    format.parse(file, text, options);
    return true;
  } catch {
    return false;
  }
}

/** The refusal of a format name that names none, the same from the action's input and the CLI's option. */
export function unknownFormat(format: string, option: string): InputError {
  const near = nearest(format, FORMAT_CHOICES);
  return new InputError(`${option}: unknown format ${JSON.stringify(format)}; ${near !== undefined ? `did you mean ${near}? ` : ''}known: ${FORMAT_CHOICES.join(', ')}`);
}

/** Reads one input file in the named format, or detects it when `format` is `auto`. */
export function parseInput(file: string, text: string, format: string, options: ParseOptions = {}): BenchRecord[] {
  const option = options.formatOption ?? 'format:';
  const chosen = format === 'auto' ? undefined : FORMATS.find((f) => f.name === format);
  if (format !== 'auto' && !chosen) throw unknownFormat(format, option.replace(/:$/, ''));
  // Said before any format's reading of it: an empty file is no format's, and "not JSON" would send
  // the reader looking for a syntax error.
  if (text.trim() === '') throw new InputError(`${file}: the file is empty; the bench step may have exited 0 without writing it`);
  if (!chosen) {
    const found = detectFormat(text, file);
    // The bench record is the canonical input: a half-written or invalid one gets the record's own
    // precise refusal ("not JSON … interrupted", "no shape") rather than a shrug.
    if (!found && looksLikeRecord(text)) return recordFormat.parse(file, text, options);
    // `[]` is what a script writing the custom array writes when it gathered nothing: the file is
    // of a format, it holds no result, and "not recognised" would send the reader to the format.
    const json = found ? undefined : peekJson(text);
    if (Array.isArray(json) && json.length === 0) throw new InputError(`${file}: the file holds an empty JSON array, no benchmark result; the bench step may have run none`);
    if (!found) throw unrecognised(file, text, option);
    const records = found.parse(file, text, options);
    // The note names the option as the reader gives it: `format:` in a workflow, `--format` on the CLI.
    const notes = found.autoNote === undefined ? [] : [found.autoNote.replace('set format: ', option === 'format:' ? 'set format: ' : `give ${option} `)];
    const others = alsoRecognised(found, text, file);
    if (others.length > 0) {
      notes.push(
        `read as ${formatLabel(found.name)}; it also holds ${others.map((f) => formatLabel(f.name)).join(' and ')}, not read: a file is read in one format, give each tool its own file`,
      );
    }
    // Once, on the first record: a file read as several records (Orca's two arms) is one file.
    return notes.length === 0 ? records : records.map((r, i) => (i === 0 ? { ...r, notes: [...(r.notes ?? []), ...notes] } : r));
  }
  try {
    return chosen.parse(file, text, options);
  } catch (e) {
    // A file of another format than the one named: say which it looks like, not how it fails as
    // this one. Only when that format reads it: the two custom arrays look alike, and a fault in
    // one is a fault in the other, which its own message names.
    const other = e instanceof InputError ? detectFormat(text, file) : undefined;
    if (other && other.name !== chosen.name && readsIt(other, file, text, options)) {
      throw new InputError(`${file} looks like ${formatLabel(other.name)}, not ${formatLabel(chosen.name)}; use ${option} ${other.name} or auto`);
    }
    throw e;
  }
}
