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

function unrecognised(file: string, text: string): InputError {
  const what =
    text.trim() === ''
      ? 'the file is empty'
      : peekJson(text) !== undefined
        ? 'it is JSON, but its fields match none of them'
        : /^\s*[[{]/.test(text)
          ? 'it starts like JSON but does not parse'
          : 'no line matches any of their result lines';
  return new InputError(`${file}: format not recognised (${what}); tried ${FORMAT_NAMES.join(', ')}; set input format to name one`);
}

/** Reads one input file in the named format, or detects it when `format` is `auto`. */
export function parseInput(file: string, text: string, format: string, options: ParseOptions = {}): BenchRecord[] {
  if (format === 'auto') {
    const found = detectFormat(text, file);
    // The bench record is the canonical input: an empty, half-written or invalid one gets the
    // record's own precise refusal ("not JSON … interrupted", "no shape") rather than a shrug.
    if (!found && looksLikeRecord(text)) return recordFormat.parse(file, text, options);
    if (!found) throw unrecognised(file, text);
    const records = found.parse(file, text, options);
    const note = found.autoNote;
    return note === undefined ? records : records.map((r) => ({ ...r, notes: [...(r.notes ?? []), note] }));
  }
  const chosen = FORMATS.find((f) => f.name === format);
  if (!chosen) throw new InputError(`format: unknown format ${JSON.stringify(format)}; known: ${FORMAT_CHOICES.join(', ')}`);
  return chosen.parse(file, text, options);
}
