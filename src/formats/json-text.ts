import { InputError } from '../core/model.js';

/** Marks a bare NaN or Infinity that Python's json.dump writes and JSON.parse refuses. */
export const NON_FINITE = '\u0000non-finite:';

const TOKENS = /"(?:[^"\\]|\\.)*"|(-?Infinity|NaN)/g;

function relaxedParse(text: string): unknown {
  const relaxed = text.replace(TOKENS, (m, bare: string | undefined) => (bare ? JSON.stringify(NON_FINITE + bare) : m));
  return JSON.parse(relaxed) as unknown;
}

/** `at position 812` in V8's message, as the line a reader opens the file at. */
function withLine(message: string, text: string): string {
  if (/\bline \d+/.test(message)) return message;
  const m = /position (\d+)/.exec(message);
  if (!m) return message;
  const line = text.slice(0, Number(m[1])).split('\n').length;
  return `line ${line}: ${message}`;
}

/**
 * JSON.parse that reads Python's `NaN`/`Infinity` tokens as marked strings, so that validation can
 * name the field holding one ("runs[1].stages.attach is NaN") instead of calling the file not JSON.
 * Text that is not JSON even then is refused with the reason (and line) a half-written file gives.
 */
export function parseJsonText(file: string, text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch (first) {
    try {
      return relaxedParse(text);
    } catch {
      const why = first instanceof Error ? withLine(first.message, text) : String(first);
      const hint = text.trim() === '' ? 'the file is empty' : why;
      throw new InputError(
        `${file}: not JSON (${hint}); a bench interrupted while writing leaves exactly this`,
      );
    }
  }
}

let peekedText: string | undefined;
let peekedValue: unknown;

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
      value = relaxedParse(text);
    } catch {
      value = undefined;
    }
  }
  peekedText = text;
  peekedValue = value;
  return value;
}

/** How a refused value is spelled in a message: `-0.2`, `"fast"`, `NaN`, `null`. */
export function describeValue(v: unknown): string {
  if (typeof v === 'string' && v.startsWith(NON_FINITE)) return v.slice(NON_FINITE.length);
  if (typeof v === 'string') return JSON.stringify(v.length > 40 ? `${v.slice(0, 40)}…` : v);
  if (Array.isArray(v)) return 'an array';
  if (v === null) return 'null';
  if (v === undefined) return 'nothing';
  if (typeof v === 'object') return 'an object';
  return String(v);
}

/** A JSON pointer (`/runs/1/stages/attach`) as a reader writes it: `runs[1].stages.attach`. */
export function pointerToPath(pointer: string): string {
  if (pointer === '') return '';
  return pointer
    .split('/')
    .slice(1)
    .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce((acc, part) => (/^\d+$/.test(part) ? `${acc}[${part}]` : acc === '' ? part : `${acc}.${part}`), '');
}
