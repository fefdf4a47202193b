import { InputError } from '../core/model.js';

/** The lines of a text output, CRLF or LF, with their 1-based numbers. */
export function numberedLines(text: string): { text: string; line: number }[] {
  return text.split(/\r?\n/).map((t, i) => ({ text: t, line: i + 1 }));
}

/** `1,431,759` or `18,794.12` as a number; refuses text that is not one, naming the line. */
export function numberAt(file: string, line: number, text: string, what: string): number {
  const x = Number(text.replace(/,/g, ''));
  if (text.trim() === '' || !Number.isFinite(x)) {
    throw new InputError(`${file}: line ${line}: ${what} must be a number, got ${JSON.stringify(text)}`);
  }
  return x;
}

/** A refusal at a line: what the line holds and what was expected there. */
export function lineError(file: string, line: number, message: string): InputError {
  return new InputError(`${file}: line ${line}: ${message}`);
}
