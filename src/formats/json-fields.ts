/**
 * Typed reads of parsed JSON that refuse with one line naming the file, the field's path and what
 * was expected: `out.json: benchmarks[2].stats.median must be a number, got "fast"`.
 */
import { InputError } from '../core/model.js';
import { describeValue, NON_FINITE } from '../core/schema-error.js';

export type JsonObject = Readonly<Record<string, unknown>>;

/** `benchmarks[2]`, `stats.median`: a child's path. */
export function child(path: string, key: string | number): string {
  if (typeof key === 'number') return `${path}[${key}]`;
  const safe = /^[A-Za-z_$][\w$]*$/.test(key) ? key : JSON.stringify(key);
  return path === '' ? safe : /^[A-Za-z_$]/.test(safe) ? `${path}.${safe}` : `${path}[${safe}]`;
}

function where(path: string): string {
  return path === '' ? 'the top level' : path;
}

export function isObject(v: unknown): v is JsonObject {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

export function isFiniteNumber(v: unknown): v is number {
  return typeof v === 'number' && Number.isFinite(v);
}

/** A Python NaN/Infinity token, as json-text marks it. */
export function isNonFinite(v: unknown): boolean {
  return typeof v === 'string' && v.startsWith(NON_FINITE);
}

export function expectObject(file: string, v: unknown, path: string, what = 'an object'): JsonObject {
  if (!isObject(v)) throw new InputError(`${file}: ${where(path)} must be ${what}, got ${describeValue(v)}`);
  return v;
}

export function expectArray(file: string, v: unknown, path: string, what = 'an array'): readonly unknown[] {
  if (!Array.isArray(v)) throw new InputError(`${file}: ${where(path)} must be ${what}, got ${describeValue(v)}`);
  return v;
}

export function expectNumber(file: string, v: unknown, path: string, what = 'a number'): number {
  if (!isFiniteNumber(v)) throw new InputError(`${file}: ${where(path)} must be ${what}, got ${describeValue(v)}`);
  return v;
}

export function expectString(file: string, v: unknown, path: string, what = 'a string'): string {
  if (typeof v !== 'string' || isNonFinite(v) || v.trim() === '') {
    throw new InputError(`${file}: ${where(path)} must be ${what}, got ${describeValue(v)}`);
  }
  return v;
}

/** A number when present; absent and null read as undefined, anything else is refused. */
export function optionalNumber(file: string, obj: JsonObject, key: string, path: string): number | undefined {
  const v = obj[key];
  if (v === undefined || v === null) return undefined;
  return expectNumber(file, v, child(path, key));
}

/** A refusal for a file that is JSON but not of the named format. */
export function notFormat(file: string, format: string, expected: string, got: unknown): InputError {
  return new InputError(`${file}: not ${format} output: expected ${expected}, got ${describeValue(got)}`);
}
