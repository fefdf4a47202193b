/**
 * Readable magnitudes for a unit: 0.00042 s reads as 420 µs, 3.2e9 B as 2.98 GiB, 1.2e7 ops/s as
 * 12M ops/s. One scale is chosen per axis (from its largest tick) so that ticks compare at a glance.
 * Pure: the page draws with it, and the text of comments, reasons and tables scales times and
 * sizes with `unitScale` the same way, so a value reads alike on the chart and in the comment.
 */

export interface Scale {
  /** Divide a value in the stored unit by this to get it in `label`. */
  readonly divisor: number;
  /** Unit text to print after the number (may be empty). */
  readonly label: string;
}

interface Step {
  /** Size of one of these in the family's base unit. */
  readonly size: number;
  readonly label: string;
  /** The magnitude (base unit) from which this step is used, when not from one of it. */
  readonly from?: number;
}

interface Family {
  readonly steps: readonly Step[];
  /** Size of the stored unit in the base unit. */
  readonly factor: number;
  /** What follows the prefix part of the unit, e.g. `/iter` of `ns/iter`. */
  readonly suffix: string;
}

const TIME: readonly Step[] = [
  { size: 1e-9, label: 'ns' },
  { size: 1e-6, label: 'µs' },
  { size: 1e-3, label: 'ms' },
  { size: 1, label: 's' },
  // Minutes and hours only once seconds and minutes would need four digits, so that every time
  // under 1000 s reads as it always has, and 9.2e18 ns is not written as 9200000000 s.
  { size: 60, label: 'min', from: 1000 },
  { size: 3600, label: 'h', from: 60_000 },
];
const TIME_UNITS: Readonly<Record<string, number>> = {
  ns: 1e-9, nanoseconds: 1e-9, us: 1e-6, 'µs': 1e-6, 'μs': 1e-6, microseconds: 1e-6,
  ms: 1e-3, milliseconds: 1e-3, s: 1, sec: 1, secs: 1, second: 1, seconds: 1,
  min: 60, mins: 60, minute: 60, minutes: 60, h: 3600, hr: 3600, hour: 3600, hours: 3600,
};
const BINARY: readonly Step[] = [
  { size: 1, label: 'B' },
  { size: 1024, label: 'KiB' },
  { size: 1024 ** 2, label: 'MiB' },
  { size: 1024 ** 3, label: 'GiB' },
  { size: 1024 ** 4, label: 'TiB' },
];
const DECIMAL: readonly Step[] = [
  { size: 1, label: 'B' },
  { size: 1e3, label: 'kB' },
  { size: 1e6, label: 'MB' },
  { size: 1e9, label: 'GB' },
  { size: 1e12, label: 'TB' },
];
const BYTE_UNITS: Readonly<Record<string, [number, readonly Step[]]>> = {
  b: [1, BINARY], byte: [1, BINARY], bytes: [1, BINARY],
  kib: [1024, BINARY], mib: [1024 ** 2, BINARY], gib: [1024 ** 3, BINARY],
  kb: [1e3, DECIMAL], mb: [1e6, DECIMAL], gb: [1e9, DECIMAL],
};

function familyOf(unit: string): Family | undefined {
  const slash = unit.indexOf('/');
  const head = (slash < 0 ? unit : unit.slice(0, slash)).trim();
  const suffix = slash < 0 ? '' : unit.slice(slash);
  const time = TIME_UNITS[head];
  if (time !== undefined) return { steps: TIME, factor: time, suffix };
  const bytes = BYTE_UNITS[head.toLowerCase()];
  if (bytes !== undefined && head !== 'b' /* lower-case b is bits in every unit table */) {
    return { steps: bytes[1], factor: bytes[0], suffix };
  }
  return undefined;
}

/** Prefixes a large count or rate carries on its number, largest first. */
export const COUNT: readonly { readonly size: number; readonly prefix: string }[] = [
  { size: 1e18, prefix: 'E' },
  { size: 1e15, prefix: 'P' },
  { size: 1e12, prefix: 'T' },
  { size: 1e9, prefix: 'G' },
  { size: 1e6, prefix: 'M' },
  { size: 1e3, prefix: 'k' },
];

/** The time or byte step that writes `magnitude` below 1000, and whether it is the family's largest. */
function pickStep(unit: string, magnitude: number): { scale: Scale; largest: boolean } | undefined {
  const family = familyOf(unit);
  if (!family) return undefined;
  const base = Math.abs(magnitude) * family.factor;
  let pick = family.steps[0] as Step;
  for (const s of family.steps) if (base >= (s.from ?? s.size) * 0.9995) pick = s;
  return { scale: { divisor: pick.size / family.factor, label: pick.label + family.suffix }, largest: pick === family.steps[family.steps.length - 1] };
}

/** The time or byte unit that writes `magnitude` between 1 and 1000; undefined for other units. */
export function unitScale(unit: string, magnitude: number): Scale | undefined {
  return pickStep(unit, magnitude)?.scale;
}

/** The scale to print values of `unit` whose largest magnitude is `magnitude`. */
export function scaleFor(unit: string, magnitude: number): Scale {
  const m = Math.abs(magnitude);
  // Nothing to scale: a zero in seconds read `0 ns`, the smallest step, where the comment says `0 s`.
  if (m === 0 || !Number.isFinite(m)) return { divisor: 1, label: unit };
  const step = pickStep(unit, m);
  if (step) {
    // Past the family's largest unit (1000 h, 1000 TiB) the number takes a prefix, as a count's
    // does: 9.2e18 ns, a sentinel some tools write, read as 9200000000 s.
    const s = step.scale;
    const over = step.largest ? COUNT.find((c) => m / s.divisor >= c.size * 0.9995) : undefined;
    return over ? { divisor: s.divisor * over.size, label: `${over.prefix} ${s.label}` } : s;
  }
  // Counts and unknown units keep their name and gain a k/M/G prefix on the number once large.
  for (const c of COUNT) {
    if (m >= c.size * 0.9995) return { divisor: c.size, label: unit === '' ? c.prefix : `${c.prefix} ${unit}` };
  }
  return { divisor: 1, label: unit };
}

/** At most `sig` significant digits, trailing zeros dropped, never an exponent. */
export function significant(x: number, sig = 3): string {
  if (!Number.isFinite(x)) return String(x);
  if (x === 0) return '0';
  const digits = Math.max(0, sig - 1 - Math.floor(Math.log10(Math.abs(x))));
  const fixed = x.toFixed(Math.min(digits, 20));
  return fixed.includes('.') ? fixed.replace(/\.?0+$/, '') : fixed;
}

function join(number: string, label: string): string {
  if (label === '') return number;
  // A k/M prefix for a count reads as part of the number: `12 M ops/s` would look like a unit.
  if (/^[kMGTPE]( |$)/.test(label)) return number + label;
  return `${number} ${label}`;
}

/** One value in its own best scale: `420 µs`, `2.98 GiB`, `12M ops/s`. */
export function formatValue(value: number, unit: string, sig = 3): string {
  const s = scaleFor(unit, value);
  return join(significant(value / s.divisor, sig), s.label);
}

/**
 * Decimals that write `step` exactly (0.25 needs 2, 0.5 needs 1, 20 needs 0), at most one more
 * than its first significant digit needs: a step of 250 B is 0.244 KiB, and 0.24 tells ticks apart.
 */
function decimalsFor(step: number): number {
  if (!(step > 0) || !Number.isFinite(step)) return 0;
  const first = Math.max(0, -Math.floor(Math.log10(step) + 1e-9));
  const scaled = step * 10 ** first;
  return Math.abs(scaled - Math.round(scaled)) < 1e-6 * scaled ? first : first + 1;
}

/**
 * Tick labels for one axis: one scale for all ticks (picked from the largest), and just enough
 * decimals to tell neighbouring ticks `increment` apart.
 */
export function formatTicks(ticks: readonly number[], unit: string, increment: number): string[] {
  const largest = ticks.reduce((m, t) => Math.max(m, Math.abs(t)), 0);
  const s = scaleFor(unit, largest);
  const step = Math.abs(increment / s.divisor);
  const decimals = decimalsFor(step);
  return ticks.map((t) => {
    const v = t / s.divisor;
    const text = Math.abs(v) < 0.5 * 10 ** -decimals ? '0' : v.toFixed(decimals);
    return join(text, s.label);
  });
}
