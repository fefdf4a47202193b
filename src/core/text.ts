/**
 * Names and free text as the trend stores them. Pure.
 *
 * Names (shapes, stages, benchmark names, suites) are identities: a case is found by its name on
 * every later publish, in the page's permalinks and in `history`. One holding a lone surrogate (an
 * emoji cut in half), NUL, a line break or another control character is refused, never rewritten,
 * since a rewrite could merge two cases or split one series in two. Free text (a tool's extra, the
 * `note` input, commit messages and authors) is only read by people: it is normalised instead,
 * lone surrogates becoming U+FFFD and control characters other than line breaks and tabs dropped.
 */

// A high surrogate not followed by a low one, or a low one not preceded by a high one.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
// C0 controls, DEL, C1 controls; in names also the BOM and the line and paragraph separators.
const NAME_CONTROL = /[\u0000-\u001F\u007F-\u009F\u2028\u2029\uFEFF]/;
const TEXT_CONTROL = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F\uFEFF]/g;

/**
 * Text as a refusal may show it: JSON-quoted, with every invisible or unprintable character
 * (controls, lone surrogates, the BOM, zero-width characters) spelled as `\uXXXX`.
 */
export function visible(text: string): string {
  return JSON.stringify(text).replace(
    /[\u007F-\u009F\u00AD\u200B-\u200F\u2028-\u202E\u2060-\u2064\uFEFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/** Why `name` cannot be a name, or undefined when it can. */
export function nameProblem(name: string): string | undefined {
  LONE_SURROGATE.lastIndex = 0;
  const lone = LONE_SURROGATE.exec(name);
  if (lone) {
    const unit = lone[0].charCodeAt(0);
    // decodeText's mark for a byte that is not UTF-8: two names that differ only there stay two.
    if (unit >= 0xdc80 && unit <= 0xdcff) return `holds the byte 0x${(unit - 0xdc00).toString(16).toUpperCase()}, which is not UTF-8 (the file is in another encoding: write it as UTF-8)`;
    return 'holds a lone surrogate (a character cut in half, not valid Unicode)';
  }
  const control = NAME_CONTROL.exec(name);
  if (control) {
    const c = control[0];
    const what = c === '\n' || c === '\r' ? 'a line break' : c === '\u0000' ? 'NUL' : c === '\uFEFF' ? 'a byte order mark' : 'a control character';
    return `holds ${what} (U+${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')})`;
  }
  return undefined;
}

const UTF8 = new TextDecoder('utf-8', { fatal: true });

/** The length of the valid UTF-8 sequence starting at `i`, or 0 when the byte there starts none. */
function sequenceAt(bytes: Uint8Array, i: number): number {
  const b = bytes[i] as number;
  if (b < 0x80) return 1;
  const n = b >= 0xc2 && b <= 0xdf ? 2 : b >= 0xe0 && b <= 0xef ? 3 : b >= 0xf0 && b <= 0xf4 ? 4 : 0;
  if (n === 0 || i + n > bytes.length) return 0;
  const second = bytes[i + 1] as number;
  // The second byte's range rules out overlong forms, surrogates and code points past U+10FFFF.
  const [lo, hi] = b === 0xe0 ? [0xa0, 0xbf] : b === 0xed ? [0x80, 0x9f] : b === 0xf0 ? [0x90, 0xbf] : b === 0xf4 ? [0x80, 0x8f] : [0x80, 0xbf];
  if (second < lo || second > hi) return 0;
  for (let k = 2; k < n; k++) if (((bytes[i + k] as number) & 0xc0) !== 0x80) return 0;
  return n;
}

/**
 * A file's bytes as text. Bytes that are not UTF-8 become lone surrogates U+DC80–U+DCFF, one per
 * byte (Python's surrogateescape), never U+FFFD: `Gr\xf6\xdfe` and `Gr\xe4\xdfe` (Latin-1) would
 * both read `Gr��e`, two benchmarks merged into one case. A name holding one is refused
 * (nameProblem, naming the byte); free text makes it U+FFFD (normaliseText).
 */
export function decodeText(bytes: Uint8Array): string {
  // Windows PowerShell 5.1's `>` and Out-File write UTF-16 with a byte order mark; read as UTF-8,
  // every such file was "format not recognised". The mark says which order, and is dropped.
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes);
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes);
  try {
    return UTF8.decode(bytes);
  } catch {
    const parts: string[] = [];
    let start = 0;
    for (let i = 0; i < bytes.length; ) {
      const n = sequenceAt(bytes, i);
      if (n > 0) {
        i += n;
        continue;
      }
      parts.push(UTF8.decode(bytes.subarray(start, i)), String.fromCharCode(0xdc00 + (bytes[i] as number)));
      start = ++i;
    }
    parts.push(UTF8.decode(bytes.subarray(start)));
    return parts.join('');
  }
}

/** Free text made storable: lone surrogates as U+FFFD, control characters but line breaks and tabs dropped, CRLF as LF. */
export function normaliseText(text: string): string {
  return text.replace(LONE_SURROGATE, '\uFFFD').replace(/\r\n?/g, '\n').replace(TEXT_CONTROL, '');
}

// Right-to-left letters, and the marks and controls that set a direction (U+061C, U+200E/F,
// embeddings and overrides U+202A to U+202E, isolates U+2066 to U+2069).
const BIDI = /[\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFC\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069\u{10800}-\u{10FFF}\u{1E800}-\u{1EFFF}]/u;

/**
 * A name as it is set among other words (a comment's line, an annotation, a terminal): between
 * U+2068 and U+2069, so a right-to-left name, or one holding U+202E, cannot turn "+279 ms (53%)"
 * after it round, as the page sets names in <bdi>. Each U+2069 the name holds would close the
 * isolate early, so it is opened once more for each. A name with nothing that sets a direction is
 * left as it is.
 */
export function isolate(name: string): string {
  if (!BIDI.test(name)) return name;
  const depth = 1 + (name.match(/\u2069/g)?.length ?? 0);
  return `${'\u2068'.repeat(depth)}${name}${'\u2069'.repeat(depth)}`;
}

/**
 * A bench's `extra` as text: github-action-benchmark passes it through as given, and some
 * workflows write an object there (autoagent's vitest statistics, `{"mean": 0.23, "p99": 0.31}`),
 * which its chart shows as it can. Text stays text, a number or a flag its spelling, anything
 * else its JSON, so nothing is lost; absent or null is no extra.
 */
export function extraText(value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

/** Edit distance, for "did you mean": a transposition counts as one edit. */
export function editDistance(a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const row = d[i] as number[];
      const prev = d[i - 1] as number[];
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      row[j] = Math.min((prev[j] as number) + 1, (row[j - 1] as number) + 1, (prev[j - 1] as number) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) row[j] = Math.min(row[j] as number, ((d[i - 2] as number[])[j - 2] as number) + 1);
    }
  }
  return (d[a.length] as number[])[b.length] as number;
}
