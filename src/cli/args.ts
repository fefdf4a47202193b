import { parseArgs, type ParseArgsConfig } from 'node:util';
import { UsageError } from './io.js';

type Options = NonNullable<ParseArgsConfig['options']>;

/** node:util parseArgs with its errors turned into usage errors (exit 2). */
export function parseCommandLine<T extends Options>(argv: string[], options: T) {
  try {
    return parseArgs({ args: argv, options, allowPositionals: true, strict: true });
  } catch (e) {
    throw new UsageError(e instanceof Error ? e.message : String(e));
  }
}
