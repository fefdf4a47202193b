import { constants, existsSync } from 'node:fs';
import { open, realpath } from 'node:fs/promises';
import { isAbsolute, posix, relative, resolve } from 'node:path';
import { glob, isDynamicPattern } from 'tinyglobby';
import { InputError, type BenchRecord } from '../core/model.js';
import { decodeText } from '../core/text.js';
import { parseInput } from '../formats/registry.js';
import type { ParseOptions } from '../formats/format.js';

/** Newline-separated paths and globs, as the `records` input takes them. */
export function splitPatterns(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l !== '' && !l.startsWith('#'));
}

/**
 * Expands patterns to files in order, each file once. A plain path is kept even when missing so that
 * reading it gives the clear refusal; a glob that matches nothing is refused here, naming `input`
 * (the action input or CLI option the patterns came from).
 */
export async function expandPatterns(patterns: readonly string[], cwd: string, input = 'records'): Promise<string[]> {
  const out: string[] = [];
  const matches = async (pattern: string) => (await glob(pattern, { cwd, absolute: isAbsolute(pattern), onlyFiles: true, expandDirectories: false })).sort();
  const count = async (pattern: string) => (isDynamicPattern(pattern) ? (await matches(pattern)).length : existsSync(resolve(cwd, pattern)) ? 1 : 0);
  for (const pattern of patterns) {
    const found = isDynamicPattern(pattern) ? await matches(pattern) : undefined;
    if (pattern.includes('\\') && !found?.length && !existsSync(resolve(cwd, pattern))) await refuseBackslashes(pattern, input, count);
    if (found === undefined) {
      out.push(pattern);
      continue;
    }
    if (found.length === 0) {
      throw new InputError(`${input}: the pattern ${JSON.stringify(pattern)} matched no file; the bench step may have exited 0 without writing its records`);
    }
    out.push(...found);
  }
  // One file reached by several names (a linked folder under `**`, `latest/` beside `run-42/`) is
  // read once, under the first: read twice, it was refused as two records of one shape.
  const seen = new Set<string>();
  const files: string[] = [];
  for (const f of out.map((f) => (isAbsolute(f) ? f : relative(cwd, resolve(cwd, f)) || f))) {
    const real = await realpath(resolve(cwd, f)).catch(() => resolve(cwd, f));
    if (seen.has(real)) continue;
    seen.add(real);
    files.push(f);
  }
  return files;
}

/**
 * A pattern written with Windows separators (`out\\*.json`) that names nothing: in a glob `\\`
 * escapes the next character, so it read as a file named `out*.json` and was refused as a
 * missing file the bench did not write. Refused with the spelling that works instead, never
 * rewritten silently: on Linux and macOS a `\\` in a name or an escape is meant as written.
 */
async function refuseBackslashes(pattern: string, input: string, count: (pattern: string) => Promise<number>): Promise<void> {
  const slashed = pattern.replace(/\\/g, '/');
  const n = await count(slashed);
  const then = n > 0 ? `; write ${JSON.stringify(slashed)}, which matches ${n === 1 ? 'a file' : `${n} files`}` : `, and ${JSON.stringify(slashed)} matches no file either; the bench step may have exited 0 without writing its records`;
  throw new InputError(`${input}: the pattern ${JSON.stringify(pattern)} matched no file: a pattern separates folders with /, \\ escapes the character after it${then}`);
}

/**
 * The largest input file read (64 MiB). Parsing JSON costs several times its size in memory: a
 * 64 MiB record peaks near 450 MB, a 200 MB one reached 3.9 GB, so larger files are refused from
 * their size alone, before a byte is read. docs/troubleshooting.md "Input limits".
 */
export const MAX_INPUT_BYTES = 64 * 1024 * 1024;

/**
 * The largest github-action-benchmark data.js read from disk (500 MiB). Histories of 224 MB import
 * (docs/performance.md); past about 512 MiB no JavaScript string can hold the text at all.
 */
export const MAX_IMPORT_BYTES = 500 * 1024 * 1024;

/** A path that names something other than a file: a pipe, a device or a socket. */
export class NotAFileError extends Error {
  override readonly name = 'NotAFileError';
  constructor(readonly kind: string) {
    super(`it is ${kind}, not a file`);
  }
}

/** A file over the limit, refused from its size before a byte is read. */
export class TooLargeError extends Error {
  override readonly name = 'TooLargeError';
  constructor(readonly bytes: number) {
    super(`${bytes} bytes`);
  }
}

function kindOf(info: { isFIFO(): boolean; isCharacterDevice(): boolean; isBlockDevice(): boolean; isSocket(): boolean }): string {
  if (info.isFIFO()) return 'a named pipe';
  if (info.isCharacterDevice() || info.isBlockDevice()) return 'a device';
  if (info.isSocket()) return 'a socket';
  return 'not a regular file';
}

/**
 * The bytes of a regular file of at most `limit` bytes. Opened without blocking and checked on the
 * open handle: a named pipe no one writes to held the run (and Ctrl-C, while a thread waited on
 * it) forever, and /dev/zero or /dev/urandom, which have no size, were read until memory ran out.
 */
export async function readRegularFile(path: string, limit: number): Promise<Buffer> {
  const handle = await open(path, constants.O_RDONLY | constants.O_NONBLOCK);
  try {
    const info = await handle.stat();
    if (info.isDirectory()) throw Object.assign(new Error(`EISDIR: ${path}`), { code: 'EISDIR' });
    if (!info.isFile()) throw new NotAFileError(kindOf(info));
    if (info.size > limit) throw new TooLargeError(info.size);
    return await handle.readFile();
  } finally {
    await handle.close();
  }
}

/** Why a file could not be read, in words: `no such file`, `it is a named pipe, not a file`, ... */
export function readFailure(e: unknown, limit = MAX_INPUT_BYTES): string {
  if (e instanceof NotAFileError) return e.message;
  if (e instanceof TooLargeError) return `${mib(e.bytes)}, more than the ${mib(limit)} ${limit === MAX_IMPORT_BYTES ? 'an imported history' : 'an input file'} may hold`;
  const code = (e as NodeJS.ErrnoException).code;
  if (code === 'ENOENT') return 'no such file';
  if (code === 'EISDIR') return 'it is a directory';
  if (code === 'EACCES') return 'permission denied';
  if (code === 'ENOTDIR') return 'a part of its path is a file';
  if (code === 'ELOOP') return 'a loop of symbolic links';
  return code ?? String(e);
}

/** Reads one input file; a missing, unreadable or oversized one is refused with the likely reason. */
export async function readInputFile(file: string, cwd: string, limit = MAX_INPUT_BYTES): Promise<string> {
  let bytes: Buffer;
  try {
    bytes = await readRegularFile(resolve(cwd, file), limit);
  } catch (e) {
    if (e instanceof TooLargeError) {
      throw new InputError(
        `${file}: ${mib(e.bytes)} is more than the ${mib(limit)} an input file may hold; split the bench's output or keep fewer runs (a tool's own summary is enough)`,
      );
    }
    if (e instanceof NotAFileError) throw new InputError(`${file}: cannot read (${e.message}); give the file the bench wrote`);
    // A folder was written, not skipped: "may have exited 0 without writing it" sent users to the bench.
    if ((e as NodeJS.ErrnoException).code === 'EISDIR') throw new InputError(`${file}: cannot read (it is a directory); give the records in it, like ${posix.join(file.replace(/\\/g, '/'), '*.json')}`);
    throw new InputError(`${file}: cannot read (${readFailure(e, limit)}); the bench step may have exited 0 without writing it`);
  }
  // A leading byte order mark (Windows editors, PowerShell's Out-File) is no part of the content.
  return decodeText(bytes).replace(/^\uFEFF/, '');
}

function mib(bytes: number): string {
  return `${Math.round((bytes / 1024 / 1024) * 10) / 10} MiB`;
}

/** Reads and parses every file the patterns name, in order; refusals name `input` where no file does. */
export async function loadRecords(
  patterns: readonly string[],
  cwd: string,
  format: string,
  options: ParseOptions,
  input = 'records',
): Promise<BenchRecord[]> {
  return (await loadRecordFiles(patterns, cwd, format, options, input)).records;
}

/** loadRecords, with the files the patterns named: what a run's evidence holds, not the globs. */
export async function loadRecordFiles(
  patterns: readonly string[],
  cwd: string,
  format: string,
  options: ParseOptions,
  input = 'records',
): Promise<{ files: string[]; records: BenchRecord[] }> {
  if (patterns.length === 0) throw new InputError(`${input}: no file given`);
  const files = await expandPatterns(patterns, cwd, input);
  const records: BenchRecord[] = [];
  for (const file of files) records.push(...parseInput(file, await readInputFile(file, cwd), format, options));
  return { files, records };
}
