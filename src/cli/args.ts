import { parseArgs, type ParseArgsConfig } from 'node:util';
import type { StageRequirement } from '../core/require-stages.js';
import { FORMAT_NAMES, nearest } from '../formats/registry.js';
import { storedName } from '../core/inputs.js';
import { UsageError } from './io.js';

type Options = NonNullable<ParseArgsConfig['options']>;

/** " did you mean '--format'?" when a known name is near the mistyped one. */
export function didYouMean(word: string, known: readonly string[]): string {
  const near = nearest(word, known);
  return near === undefined ? '' : `; did you mean '${near}'?`;
}

/**
 * node:util's refusals in the CLI's words: its messages are long, name internals and end
 * mid-quote ("as in '-- \"--fromat\""), so each kind is said again here.
 */
export function usageError(e: unknown, options: Options, argv: readonly string[] = []): UsageError {
  const err = e as { code?: string; message?: string };
  const message = err.message ?? String(e);
  const quoted = /'(-{1,2}[^' ]+)/.exec(message)?.[1] ?? '';
  if (err.code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') {
    const flags = Object.entries(options).flatMap(([name, o]) => [`--${name}`, ...(o.short ? [`-${o.short}`] : [])]);
    return new UsageError(`unknown option '${quoted}'${didYouMean(quoted, flags.filter((f) => f.startsWith('--')))}`);
  }
  if (err.code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE') {
    const name = quoted.replace(/^-+/, '');
    if (options[name]?.type === 'boolean') return new UsageError(`${quoted} takes no value`);
    // node:util will not take a value that starts with a dash after a space (`--message "- fix"`,
    // `--port -1`): the value was given, and the way to give it is what the user needs.
    // When what follows is one of the command's options, or reads as one misspelt (`--commit
    // --brnach x`), the value was forgotten instead.
    const flags = new Set(Object.entries(options).flatMap(([n, o]) => [`--${n}`, ...(o.short ? [`-${o.short}`] : [])]));
    const next = argv[argv.indexOf(quoted) + 1];
    // A near miss as `unknown option` tells one; `--message "--no-ff merge"` is a value all the same.
    const option = next?.replace(/=.*$/, '');
    const anOption = option !== undefined && (flags.has(option) || (/^--[a-z][\w-]*$/i.test(option) && didYouMean(option, [...flags].filter((f) => f.startsWith('--'))) !== ''));
    if (/argument is ambiguous/.test(message) && next !== undefined && !anOption) {
      return new UsageError(`${quoted}: a value that starts with "-" is given as ${quoted}=VALUE (after a space it reads as an option)`);
    }
    return new UsageError(`${quoted} needs a value`);
  }
  if (err.code === 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL') return new UsageError(`unexpected argument ${/'([^']*)'/.exec(message)?.[1] ?? ''}`.trimEnd());
  return new UsageError(message.replace(/\s+/g, ' '));
}

/**
 * node:util parseArgs with its errors turned into usage errors (exit 2). `{ tokens: true }` adds
 * the parsed tokens, for a command whose meaning depends on the order of its flags.
 */
export function parseCommandLine<T extends Options, K extends boolean = false>(argv: string[], options: T, extra?: { readonly tokens: K }) {
  let parsed;
  try {
    parsed = parseArgs({ args: argv, options, allowPositionals: true, strict: true, tokens: (extra?.tokens ?? false) as K });
  } catch (e) {
    throw usageError(e, options, argv);
  }
  // `--help` answers whatever else the line holds: the help is what was asked for.
  if ((parsed.values as Record<string, unknown>).help !== true) refuseGivenTwice(argv, options);
  return parsed;
}

/** The names of the options the command line gives itself, not by default. */
export function optionsGiven(argv: string[], options: Options): Set<string> {
  const { tokens } = parseArgs({ args: argv, options, allowPositionals: true, strict: false, tokens: true });
  return new Set(tokens.flatMap((t) => (t.kind === 'option' ? [t.name] : [])));
}

/**
 * node:util keeps the last value of an option given twice: `--commit A ... --commit B` published
 * B, and `--repo` given by a wrapper script and again by hand went to one of them, unsaid. Two
 * different values of an option that takes one are refused; the same value again is harmless.
 */
function refuseGivenTwice(argv: string[], options: Options): void {
  const { tokens } = parseArgs({ args: argv, options, allowPositionals: true, strict: true, tokens: true });
  const seen = new Map<string, string>();
  for (const t of tokens) {
    if (t.kind !== 'option' || t.value === undefined || options[t.name]?.multiple) continue;
    const before = seen.get(t.name);
    if (before !== undefined && before !== t.value) {
      throw new UsageError(`--${t.name} was given twice (${JSON.stringify(before)}, then ${JSON.stringify(t.value)}); give it once`);
    }
    seen.set(t.name, t.value);
  }
}

/**
 * An option's value as the action reads its input: trimmed, and empty as not given, so that
 * `--suite "$SUITE"` with the variable unset lands where the action's empty input does.
 */
export function given(value: string | undefined): string | undefined {
  const t = value?.trim();
  return t === undefined || t === '' ? undefined : t;
}

/** `--shape` as parse options take it: trimmed, and absent when empty, as the action's input. */
export function withShape(shape: string | undefined): { shape?: string } {
  const s = given(shape);
  return s === undefined ? {} : { shape: storedName(s, '--shape', 'shape') };
}

/** `--require-stages-on SHAPE` (repeatable) and `--require-stages A,B` as the stage requirements ingest checks. */
export function stageRequirements(values: { 'require-stages-on'?: string[] | undefined; 'require-stages'?: string | undefined }): StageRequirement[] {
  const shapes = values['require-stages-on'] ?? [];
  if (values['require-stages'] !== undefined && shapes.length === 0) {
    throw new UsageError('--require-stages needs --require-stages-on SHAPE to say which shape it applies to');
  }
  const listed = values['require-stages']?.split(',').map((s) => s.trim()).filter((s) => s !== '');
  if (listed !== undefined && listed.length === 0) throw new UsageError('--require-stages names no stage');
  return shapes.map((shape) => ({ shape, stages: listed ?? 'all' }));
}

/**
 * The --format line of a command's help, wrapped like the other options' text: the list of
 * formats on one line ran to some 280 columns. `column` is where the option's text starts.
 */
export function formatOptionHelp(column: number, width = 96): string {
  const lines: string[] = [];
  let line = 'input format: auto (default),';
  const words = FORMAT_NAMES.map((n, i) => (i < FORMAT_NAMES.length - 1 ? `${n},` : n));
  for (const word of words) {
    if (column + line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line += ` ${word}`;
  }
  lines.push(line);
  return lines.join(`\n${' '.repeat(column)}`);
}
