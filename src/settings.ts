import { InputError } from './core/model.js';
import { parseRequireStages, type StageRequirement } from './core/require-stages.js';
import { splitPatterns } from './effects/record-files.js';
import { FORMAT_NAMES } from './formats/registry.js';

/** Reads one input by name, as `core.getInput` does: '' when unset. */
export type InputReader = (name: string) => string;

/** Everything the action was asked to do, typed and checked once. */
export interface Settings {
  /** Paths and globs of the records to read (input `records`). */
  readonly records: readonly string[];
  /** Format of those files, or `auto` to detect from content (input `format`). */
  readonly format: string;
  /** Shape for formats that have none (input `shape`); undefined means the format's name. */
  readonly shape: string | undefined;
  /** Stages each shape must report in every run (input `require-stages`). */
  readonly requireStages: readonly StageRequirement[];
  /** Text appended to every case's extra, e.g. the runner's OS and version (input `note`). */
  readonly note: string | undefined;
}

function optional(read: InputReader, name: string): string | undefined {
  const v = read(name).trim();
  return v === '' ? undefined : v;
}

/** Parses the inputs; a bad value is refused with the input's name and the value. */
export function readSettings(read: InputReader): Settings {
  const records = splitPatterns(read('records'));
  if (records.length === 0) throw new InputError('records: no path given; list the bench record files, one per line');
  const format = optional(read, 'format') ?? 'auto';
  if (format !== 'auto' && !FORMAT_NAMES.includes(format)) {
    throw new InputError(`format: unknown format ${JSON.stringify(format)}; use auto or one of ${FORMAT_NAMES.join(', ')}`);
  }
  return {
    records,
    format,
    shape: optional(read, 'shape'),
    requireStages: parseRequireStages(read('require-stages')),
    note: optional(read, 'note'),
  };
}
