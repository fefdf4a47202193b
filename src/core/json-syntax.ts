/**
 * Where text that JSON.parse refused goes wrong, in words a reader can act on: records
 * (formats/json-text.ts) and an imported data.js (trend/import-gab.ts) say it the same way. Pure.
 */

// NaN and Infinity as other writers spell them (formats/json-text.ts reads them as marked tokens).
const NON_FINITE_WORD = /^-?(?:inf(?:inity)?|nan)(?![\w$])/i;

/**
 * Offset of the first syntax error in text that JSON.parse refused, by a small scanner of the
 * JSON grammar (NaN and Infinity allowed in any case, as formats/json-text.ts reads them), since
 * V8's message quotes the text instead of giving a position. Undefined when the scanner finds no
 * error.
 */
function jsonErrorOffset(text: string): number | undefined {
  let i = 0;
  const ws = (): void => {
    while (i < text.length && ' \t\r\n'.includes(text[i] as string)) i++;
  };
  const fail = (): never => {
    throw i;
  };
  const literal = (): void => {
    for (const word of ['true', 'false', 'null']) {
      if (text.startsWith(word, i)) {
        i += word.length;
        return;
      }
    }
    const odd = NON_FINITE_WORD.exec(text.slice(i, i + 10));
    if (odd) {
      i += odd[0].length;
      return;
    }
    const m = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/.exec(text.slice(i, i + 400));
    if (!m) fail();
    i += (m as RegExpExecArray)[0].length;
  };
  const string = (): void => {
    i++;
    while (i < text.length && text[i] !== '"') {
      const c = text.charCodeAt(i);
      if (c < 0x20) fail();
      if (text[i] === '\\') {
        i++;
        if (text[i] === 'u') {
          if (!/^[0-9a-fA-F]{4}$/.test(text.slice(i + 1, i + 5))) fail();
          i += 4;
        } else if (!'"\\/bfnrt'.includes(text[i] ?? '')) fail();
      }
      i++;
    }
    if (i >= text.length) fail();
    i++;
  };
  const value = (): void => {
    ws();
    const c = text[i];
    if (c === '{' || c === '[') {
      const close = c === '{' ? '}' : ']';
      i++;
      ws();
      if (text[i] === close) {
        i++;
        return;
      }
      for (;;) {
        if (c === '{') {
          ws();
          if (text[i] !== '"') fail();
          string();
          ws();
          if (text[i] !== ':') fail();
          i++;
        }
        value();
        ws();
        if (text[i] === ',') {
          i++;
          continue;
        }
        if (text[i] === close) {
          i++;
          return;
        }
        fail();
      }
    }
    if (c === '"') return string();
    literal();
  };
  try {
    value();
    ws();
    return i < text.length ? i : undefined;
  } catch (at) {
    return typeof at === 'number' ? at : undefined;
  }
}

/** Why the text is not JSON, in one line: where it goes wrong and what stands there. */
export function syntaxProblem(text: string): string {
  if (text.trim() === '') return 'the file is empty';
  const at = jsonErrorOffset(text);
  // V8's own message quotes the text and varies by version: never shown.
  if (at === undefined) return 'it does not parse';
  const before = text.slice(0, at);
  const line = before.split('\n').length;
  const column = at - before.lastIndexOf('\n');
  if (at >= text.length) return `line ${line}: the text ends before the JSON does`;
  const c = text.charCodeAt(at);
  const what = c === 0x0a || c === 0x0d ? 'a line break' : c < 0x20 ? 'a control character' : JSON.stringify(text.slice(at, at + 12).split(/\r?\n/)[0]);
  return `line ${line}, column ${column}: unexpected ${what}`;
}
