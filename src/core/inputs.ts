/**
 * The rules every input reader shares, the action's settings and the alert settings alike: a bad
 * value is refused naming the input and echoing the value, never clamped or read as a default.
 */
import { InputError } from './model.js';
import { nameProblem, visible } from './text.js';

/** Reads one input by name, as `core.getInput` does: '' when unset. */
export type InputReader = (name: string) => string;

/**
 * Reads a boolean input that is set, throwing when it is not true or false: the action's door
 * passes `core.getBooleanInput` (YAML 1.2's true/True/TRUE, false/False/FALSE).
 */
export type BooleanReader = (name: string) => boolean;

/**
 * A boolean input, `fallback` when unset; anything else is refused naming the input and echoing
 * the value (the toolkit's own refusal names neither), never read as false.
 */
export function booleanInput(read: InputReader, readBoolean: BooleanReader, name: string, fallback: boolean): boolean {
  const v = read(name).trim();
  if (v === '') return fallback;
  try {
    return readBoolean(name);
  } catch {
    throw new InputError(`${name}: ${JSON.stringify(v)} is not a boolean; use true or false`);
  }
}

/** A whole number from `min` to `max`, or `fallback` when the input is unset. */
export function wholeNumber(read: InputReader, name: string, fallback: number, min: number, max: number): number {
  const v = read(name).trim();
  if (v === '') return fallback;
  if (!/^\d+$/.test(v) || Number(v) < min || Number(v) > max) {
    throw new InputError(`${name}: ${JSON.stringify(v)} must be a whole number from ${min} to ${max}`);
  }
  return Number(v);
}

/**
 * A suite or shape is a name the trend stores, so what a publish would refuse to write is refused
 * here, naming the input, before the records are read or the branch fetched.
 */
export function storedName(name: string, source: string, what = 'suite'): string {
  const problem = nameProblem(name);
  if (problem) throw new InputError(`${source}: ${visible(name)} ${problem}; rename the ${what}`);
  return name;
}
