import { resolve } from 'node:path';
import { InputError } from '../core/model.js';
import { MAX_INPUT_BYTES, readFailure, readRegularFile } from '../effects/record-files.js';

/** What a CLI subcommand may touch: injected so tests can run commands in-process too. */
export interface CliIO {
  readonly stdout: (text: string) => void;
  readonly stderr: (text: string) => void;
  readonly cwd: string;
  readonly env: Readonly<Record<string, string | undefined>>;
  /** How the user's shell runs benchtrend again (selfCommand); `benchtrend` when not given. */
  readonly self?: string | undefined;
}

/** A command line that does not parse: exit 2 with the usage. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}

export type Command = (argv: string[], io: CliIO) => Promise<number>;

/**
 * A file named on the command line, read as text; one line naming the option when it cannot be.
 * Bounded as a record is: a named pipe held the command forever, a device was read without end.
 */
export async function readText(file: string, cwd: string, option: string, limit = MAX_INPUT_BYTES): Promise<string> {
  try {
    return (await readRegularFile(resolve(cwd, file), limit)).toString('utf8').replace(/^\uFEFF/, '');
  } catch (e) {
    throw new InputError(`${option}: cannot read ${file}${because(e, limit)}`);
  }
}

/** Why a file named on the command line could not be read or written, as ` (reason)`. */
export function because(e: unknown, limit = MAX_INPUT_BYTES): string {
  const why = readFailure(e, limit);
  return why ? ` (${why})` : '';
}
