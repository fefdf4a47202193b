import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { InputError } from '../core/model.js';

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

/** A file named on the command line, read as text; one line naming the option when it cannot be. */
export async function readText(file: string, cwd: string, option: string): Promise<string> {
  try {
    return await readFile(resolve(cwd, file), 'utf8');
  } catch (e) {
    throw new InputError(`${option}: cannot read ${file}${because(e)}`);
  }
}

/** Why a file named on the command line could not be read or written, as ` (reason)`. */
export function because(e: unknown): string {
  const code = (e as NodeJS.ErrnoException).code;
  const why =
    code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'it is a directory' : code === 'EACCES' ? 'permission denied' : code === 'ENOTDIR' ? 'a part of its path is a file' : code;
  return why ? ` (${why})` : '';
}
