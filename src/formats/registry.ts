import { InputError, type BenchRecord } from '../core/model.js';
import type { Format, ParseOptions } from './format.js';
import { looksLikeRecord, parseRecord } from './record.js';

const record: Format = {
  name: 'record',
  description: 'benchtrend bench records: one JSON object per invocation with runs and stages in seconds',
  detect: looksLikeRecord,
  parse: (file, text) => [parseRecord(file, text)],
};

/** Every input format, in the order `format: auto` tries them. The one list: docs and action.yml are checked against it. */
export const FORMATS: readonly Format[] = [record];

export const FORMAT_NAMES: readonly string[] = FORMATS.map((f) => f.name);

/** Reads one input file in the named format, or detects it when `format` is `auto`. */
export function parseInput(file: string, text: string, format: string, options: ParseOptions = {}): BenchRecord[] {
  if (format === 'auto') {
    const found = FORMATS.find((f) => f.detect(text));
    if (!found) {
      throw new InputError(`${file}: format not recognised; tried ${FORMAT_NAMES.join(', ')} (set input format to name one)`);
    }
    return found.parse(file, text, options);
  }
  const chosen = FORMATS.find((f) => f.name === format);
  if (!chosen) throw new InputError(`format: unknown format ${JSON.stringify(format)}; known: auto, ${FORMAT_NAMES.join(', ')}`);
  return chosen.parse(file, text, options);
}
