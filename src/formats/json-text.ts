import { InputError } from '../core/model.js';
import { NON_FINITE } from '../core/schema-error.js';
import { syntaxProblem } from '../core/json-syntax.js';

// Python's json writes NaN and Infinity; other writers spell them nan, inf or INFINITY. Any case,
// outside strings, is read as the marked token so validation names the field holding it.
const TOKENS = /"(?:[^"\\]|\\.)*"|(-?(?:inf(?:inity)?|nan))(?![\w$])/gi;

function relaxedParse(text: string): unknown {
  const relaxed = text.replace(TOKENS, (m, bare: string | undefined) => (bare ? JSON.stringify(NON_FINITE + bare) : m));
  return JSON.parse(relaxed) as unknown;
}

let peekedText: string | undefined;
let peekedValue: unknown;

/**
 * JSON.parse that reads Python's `NaN`/`Infinity` tokens as marked strings, so that validation can
 * name the field holding one ("runs[1].stages.attach is NaN") instead of calling the file not JSON.
 * Text that is not JSON even then is refused with the reason (and line) a half-written file gives.
 */
export function parseJsonText(file: string, text: string): unknown {
  // `format: auto` has parsed this very text already: a second tree of a 64 MiB file doubled the
  // peak memory (1.1 GB measured, issue #15).
  if (text === peekedText && peekedValue !== undefined) return peekedValue;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    try {
      return relaxedParse(text);
    } catch {
      const hint = syntaxProblem(text);
      throw new InputError(`${file}: not JSON (${hint}); a bench interrupted while writing leaves exactly this`);
    }
  }
}

/**
 * The parsed value of text that is JSON, or undefined. For `format: auto`, where a dozen formats
 * look at the same text in turn: the last text's parse is kept, so the file is parsed once.
 */
export function peekJson(text: string): unknown {
  if (text === peekedText) return peekedValue;
  let value: unknown;
  const start = text.trimStart()[0];
  if (start === '{' || start === '[') {
    try {
      // Plain JSON first: the relaxed parse rewrites the whole text before parsing it.
      value = JSON.parse(text) as unknown;
    } catch {
      try {
        value = relaxedParse(text);
      } catch {
        value = undefined;
      }
    }
  }
  peekedText = text;
  peekedValue = value;
  return value;
}
