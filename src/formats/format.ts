import type { BenchRecord } from '../core/model.js';

export interface ParseOptions {
  /** The shape for tools that have none (input `shape`); defaults to the format's name. */
  readonly shape?: string;
  /**
   * How the reader names the format setting in a refusal: `format:` (the action's input, the
   * default) or `--format` (the CLI's flag).
   */
  readonly formatOption?: string;
  /**
   * Whether input `direction-overrides` decides a case (by its full name): a format whose own
   * word on direction the unit overrides says so only for the cases no override decides.
   */
  readonly decided?: (caseName: string) => boolean;
  /**
   * go: name every benchmark `<name> (<package>)` even when the output holds one package, as
   * github-action-benchmark's `go-force-package-suffix` did, so such a history goes on.
   */
  readonly goPackageSuffix?: boolean;
}

/** One input format. Every format is listed once, in `registry.ts`. */
export interface Format {
  /** The value of input `format` that selects it. */
  readonly name: string;
  /** One line for docs, `action.yml` and the CLI help. */
  readonly description: string;
  /**
   * True when the text looks like this format; used by `format: auto`, tried in registry order.
   * `file` is the path, for the one format whose content cannot say (customBiggerIsBetter).
   */
  detect(text: string, file?: string): boolean;
  /** Reads the text into records; every refusal is an InputError naming the file (and line where known). */
  parse(file: string, text: string, options: ParseOptions): BenchRecord[];
  /** Said in the records' notes when `auto` picked this format, for formats whose content is ambiguous. */
  readonly autoNote?: string;
}

/** The shape of records from a format that has none of its own. */
export function shapeOf(options: ParseOptions, format: string): string {
  return options.shape ?? format;
}
