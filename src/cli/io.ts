/** What a CLI subcommand may touch: injected so tests can run commands in-process too. */
export interface CliIO {
  readonly stdout: (text: string) => void;
  readonly stderr: (text: string) => void;
  readonly cwd: string;
  readonly env: Readonly<Record<string, string | undefined>>;
}

/** A command line that does not parse: exit 2 with the usage. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}

export type Command = (argv: string[], io: CliIO) => Promise<number>;
