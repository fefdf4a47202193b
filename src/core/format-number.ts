// How numbers are spelled in messages, reasons and tables: one spelling everywhere, so a value in
// an alert reason reads the same as in the comment and the job summary.

/** A short human spelling of a number: `sig` significant digits, no trailing zeros, no exponent below 1e21. */
export function shortNumber(x: number, sig = 4): string {
  if (!Number.isFinite(x)) return String(x);
  if (x === 0) return '0';
  return String(Number(x.toPrecision(sig)));
}

/** A fraction as a percent with a `+` on gains: `+12%`, `-3.4%`, one decimal below 10%. */
export function plusPercent(x: number): string {
  const v = x * 100;
  const digits = Math.abs(v) >= 10 ? 0 : 1;
  return `${v >= 0 ? '+' : ''}${v.toFixed(digits)}%`;
}
