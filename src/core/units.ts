/**
 * Units as benchmark tools write them, and the arithmetic between them. Pure.
 *
 * A unit is `<quantity>` or `<quantity>/<per>`: `ns`, `ns/iter`, `B/op`, `allocs/op`, `MB/s`,
 * `ops/sec`. The quantity is a time, a number of bytes, a percentage or a count of some noun
 * (`allocs`, `cycles`, `ops`); a `per` that is a time makes a rate (`ops/s`, `MB/s`), any other
 * `per` qualifies the quantity (`ns/op` is a time per operation, not a rate).
 *
 * Spellings are kept as the tool wrote them: `us` and `µs` are the same unit, `ops/sec` and
 * `ops/s` too, and converting between them is a factor of 1. Byte prefixes are decimal for
 * `kB`/`KB`/`MB`/`GB` and binary for `KiB`/`MiB`/`GiB`; a tool's `MB` stays `MB` as written (qwen-code
 * labels RSS/2^20 as MB), nothing reinterprets it.
 */
import { InputError } from './model.js';

export type UnitKind = 'time' | 'bytes' | 'count' | 'percent' | 'none';

export interface UnitInfo {
  /** The unit as written, trimmed. */
  readonly text: string;
  readonly kind: UnitKind;
  /** What is counted: `s` for times, `B` for bytes, `%`, or the count's noun (`alloc`, `op`, `cycle`). */
  readonly noun: string;
  /** Size of one unit of the quantity in the kind's base (seconds, bytes, one counted thing). */
  readonly scale: number;
  /** The noun a quantity is per (`op` in `ns/op`), when it is not a rate. */
  readonly per?: string;
  /** For a rate, the length of its time unit in seconds (`1e-3` for `ops/ms`). */
  readonly perSeconds?: number;
}

const TIME: Readonly<Record<string, number>> = {
  ps: 1e-12,
  ns: 1e-9,
  nsec: 1e-9,
  us: 1e-6,
  'µs': 1e-6, // U+00B5 MICRO SIGN
  'μs': 1e-6, // U+03BC GREEK SMALL LETTER MU
  usec: 1e-6,
  ms: 1e-3,
  msec: 1e-3,
  s: 1,
  sec: 1,
  secs: 1,
  second: 1,
  seconds: 1,
  min: 60,
  mins: 60,
  minute: 60,
  minutes: 60,
  h: 3600,
  hr: 3600,
  hour: 3600,
  hours: 3600,
};

/**
 * Times spelled out, in any case (`Nanoseconds`, `milliseconds`: cardano-ledger's and jsii's
 * custom arrays). Only whole words: `ms` and `MS` (cargo's mega-samples) are not one unit.
 */
const TIME_WORDS: Readonly<Record<string, number>> = {
  picosecond: 1e-12,
  nanosecond: 1e-9,
  microsecond: 1e-6,
  millisecond: 1e-3,
  second: 1,
  minute: 60,
  hour: 3600,
};

const BYTES: Readonly<Record<string, number>> = {
  B: 1,
  byte: 1,
  bytes: 1,
  Byte: 1,
  Bytes: 1,
  kB: 1e3,
  KB: 1e3,
  MB: 1e6,
  GB: 1e9,
  TB: 1e12,
  KiB: 1024,
  MiB: 1024 ** 2,
  GiB: 1024 ** 3,
  TiB: 1024 ** 4,
  kilobytes: 1e3,
  Kilobytes: 1e3,
  megabytes: 1e6,
  Megabytes: 1e6,
  gigabytes: 1e9,
  Gigabytes: 1e9,
};

const PERCENT = new Set(['%', 'percent', 'Percent', 'pct']);

/** Criterion scales element throughput itself (`Kelem/s`); other counts carry no prefix. */
const COUNT_PREFIXED: Readonly<Record<string, readonly [string, number]>> = {
  elem: ['elem', 1],
  Kelem: ['elem', 1e3],
  Melem: ['elem', 1e6],
  Gelem: ['elem', 1e9],
};

const NOUN_ALIASES: Readonly<Record<string, string>> = {
  iteration: 'iter',
  operation: 'op',
  allocation: 'alloc',
  request: 'req',
  element: 'elem',
};

/** `ops` and `op`, `Allocs` and `alloc`, `iterations` and `iter` count the same thing. */
function nounOf(word: string): string {
  let w = word.toLowerCase();
  if (w.length > 2 && w.endsWith('s') && !w.endsWith('ss')) w = w.slice(0, -1);
  return NOUN_ALIASES[w] ?? w;
}

interface Quantity {
  readonly kind: UnitKind;
  readonly noun: string;
  readonly scale: number;
}

function quantityOf(word: string): Quantity {
  const t = TIME[word] ?? TIME_WORDS[word.toLowerCase().replace(/s$/, '')];
  if (t !== undefined) return { kind: 'time', noun: 's', scale: t };
  const b = BYTES[word];
  if (b !== undefined) return { kind: 'bytes', noun: 'B', scale: b };
  if (PERCENT.has(word)) return { kind: 'percent', noun: '%', scale: 1 };
  const prefixed = COUNT_PREFIXED[word];
  if (prefixed) return { kind: 'count', noun: prefixed[0], scale: prefixed[1] };
  return { kind: 'count', noun: nounOf(word), scale: 1 };
}

/** Hertz is a rate without a slash: so many per second (vitest's `hz`, a sampler's `kHz`). */
const HERTZ: Readonly<Record<string, number>> = { hz: 1, khz: 1e3, mhz: 1e6, ghz: 1e9 };

/**
 * Rates written as one word, so many per second: frames, requests, queries and transactions
 * (`fps`, `rps`, `qps`, `tps`, in either case), bits (`kbps`, `Mbps`: the b is small) and bytes
 * (`MBps`: the B is capital). Letter case is read as written, since `Mbps` and `MBps` differ
 * eightfold.
 */
const RATE_WORDS: Readonly<Record<string, Quantity>> = {
  ...Object.fromEntries(
    [['fps', 'frame'], ['rps', 'req'], ['qps', 'query'], ['tps', 'tx']].flatMap(([w, noun]) => [w, (w as string).toUpperCase()].map((k) => [k, { kind: 'count', noun, scale: 1 }])),
  ),
  ...Object.fromEntries(
    ([['', 1], ['k', 1e3], ['K', 1e3], ['M', 1e6], ['G', 1e9], ['T', 1e12]] as const).flatMap(([p, scale]) => [
      [`${p}bps`, { kind: 'count', noun: 'bit', scale }],
      [`${p}Bps`, { kind: 'bytes', noun: 'B', scale }],
    ]),
  ),
};

/** Reads a unit as a tool wrote it. Never throws: an unknown word is a count of that word. */
export function parseUnit(unit: string): UnitInfo {
  const known = parsedUnits.get(unit);
  if (known !== undefined) return known;
  const parsed = parseUnitText(unit);
  // A trend holds a handful of units, read for every point (an import of 20,000 x 10 parsed
  // them 200,000 times); the bound only keeps odd input from growing the map.
  if (parsedUnits.size >= 1024) parsedUnits.clear();
  parsedUnits.set(unit, parsed);
  return parsed;
}
const parsedUnits = new Map<string, UnitInfo>();

function parseUnitText(unit: string): UnitInfo {
  const text = unit.trim();
  if (text === '') return { text, kind: 'none', noun: '', scale: 1 };
  const hertz = HERTZ[text.toLowerCase()];
  if (hertz !== undefined) return { text, kind: 'count', noun: 'hz', scale: hertz, perSeconds: 1 };
  const rate = RATE_WORDS[text];
  if (rate !== undefined) return { text, ...rate, perSeconds: 1 };
  const slash = text.indexOf('/');
  if (slash <= 0 || slash !== text.lastIndexOf('/') || slash === text.length - 1) {
    return { text, ...quantityOf(text) };
  }
  const q = quantityOf(text.slice(0, slash).trim());
  const perWord = text.slice(slash + 1).trim();
  const perTime = TIME[perWord];
  if (perTime !== undefined) return { text, ...q, perSeconds: perTime };
  return { text, ...q, per: nounOf(perWord) };
}

/** Why two units cannot be converted, or undefined when they can. */
function mismatch(a: UnitInfo, b: UnitInfo): string | undefined {
  if (a.kind !== b.kind) return `${describeKind(a)} is not ${describeKind(b)}`;
  if (a.noun !== b.noun) return `${a.noun} and ${b.noun} count different things`;
  if ((a.perSeconds === undefined) !== (b.perSeconds === undefined)) {
    return `${a.perSeconds === undefined ? a.text : b.text} is not a rate`;
  }
  if (a.per !== b.per) return `one is per ${a.per ?? 'nothing'}, the other per ${b.per ?? 'nothing'}`;
  return undefined;
}

function describeKind(u: UnitInfo): string {
  const base = u.kind === 'count' ? `a count of ${u.noun}` : u.kind === 'none' ? 'a plain number' : `a ${u.kind === 'bytes' ? 'size' : u.kind}`;
  if (u.perSeconds !== undefined) return `${base} per time`;
  if (u.per !== undefined) return `${base} per ${u.per}`;
  return base;
}

/** True when a value in `from` can be written in `to` (same quantity, same `per`). */
export function canConvert(from: string, to: string): boolean {
  return from === to || mismatch(parseUnit(from), parseUnit(to)) === undefined;
}

/** The factor that turns a value in `from` into one in `to`; throws when they measure different things. */
export function conversionFactor(from: string, to: string): number {
  if (from === to) return 1;
  const a = parseUnit(from);
  const b = parseUnit(to);
  const why = mismatch(a, b);
  if (why !== undefined) throw new InputError(`cannot convert ${from} to ${to}: ${why}`);
  return a.scale / (a.perSeconds ?? 1) / (b.scale / (b.perSeconds ?? 1));
}

/**
 * A value in `from` written in `to`: `convertUnit(1.1, 'us', 'ns')` is 1100, `convertUnit(5,
 * 'ops/ms', 'ops/s')` is 5000. Throws an InputError when the units measure different things
 * (`ns/op` and `B/op`). Rounded to 12 significant digits so 1.1 µs reads 1100 ns, not 1100.0000000000002.
 */
export function convertUnit(value: number, from: string, to: string): number {
  const factor = conversionFactor(from, to);
  if (factor === 1) return value;
  const x = value * factor;
  return x === 0 ? 0 : Number(x.toPrecision(12));
}

/** True when two spellings name the same unit (`us` and `µs`, `ops/sec` and `ops/s`). */
export function sameUnit(a: string, b: string): boolean {
  return a === b || (canConvert(a, b) && conversionFactor(a, b) === 1);
}

/**
 * The rule that one case never mixes magnitudes inside a file: every value of a case is written
 * in one unit, `unit`. Values that arrive in another but convertible unit (a tool that prints
 * `990 ns` next to `1.1 us`) are converted; a value in a unit that measures something else is
 * refused by the caller, who knows the file and line (`where` names the value for the message).
 */
export function inOneUnit(values: readonly { value: number; unit: string; where?: string }[], unit: string): number[] {
  return values.map((v) => {
    try {
      return convertUnit(v.value, v.unit, unit);
    } catch (e) {
      if (e instanceof InputError && v.where !== undefined) throw new InputError(`${v.where}: ${e.message}`);
      throw e;
    }
  });
}
