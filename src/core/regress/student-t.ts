/**
 * Student's t distribution: the upper-tail probability and its inverse, for the prediction limit.
 *
 * The limits the detector needs sit far in the tail (a suite of 300 cases asks for one-sided
 * probabilities near 1e-6), where normal approximations of t are badly off at small df, so the
 * tail is computed exactly through the regularized incomplete beta function
 * (P(T > t) = I_x(df/2, 1/2) / 2 with x = df / (df + t²)) and inverted by bisection.
 */

const LANCZOS = [
  676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059, 12.507343278686905,
  -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7,
];

/** ln Γ(x) for x > 0 (Lanczos, g = 7: about 15 significant digits). */
export function logGamma(x: number): number {
  if (x < 0.5) return Math.log(Math.PI / Math.abs(Math.sin(Math.PI * x))) - logGamma(1 - x);
  const z = x - 1;
  let a = 0.99999999999980993;
  const t = z + 7.5;
  for (let i = 0; i < LANCZOS.length; i++) a += (LANCZOS[i] as number) / (z + i + 1);
  return 0.5 * Math.log(2 * Math.PI) + (z + 0.5) * Math.log(t) - t + Math.log(a);
}

/** Continued fraction of the incomplete beta function (modified Lentz). */
function betaFraction(a: number, b: number, x: number): number {
  const tiny = 1e-300;
  let c = 1;
  let d = 1 - ((a + b) * x) / (a + 1);
  if (Math.abs(d) < tiny) d = tiny;
  d = 1 / d;
  let h = d;
  for (let m = 1; m <= 500; m++) {
    const m2 = 2 * m;
    let aa = (m * (b - m) * x) / ((a + m2 - 1) * (a + m2));
    d = 1 + aa * d;
    if (Math.abs(d) < tiny) d = tiny;
    c = 1 + aa / c;
    if (Math.abs(c) < tiny) c = tiny;
    d = 1 / d;
    h *= d * c;
    aa = (-(a + m) * (a + b + m) * x) / ((a + m2) * (a + m2 + 1));
    d = 1 + aa * d;
    if (Math.abs(d) < tiny) d = tiny;
    c = 1 + aa / c;
    if (Math.abs(c) < tiny) c = tiny;
    d = 1 / d;
    const delta = d * c;
    h *= delta;
    if (Math.abs(delta - 1) < 1e-15) break;
  }
  return h;
}

/** The regularized incomplete beta function I_x(a, b). */
export function incompleteBeta(x: number, a: number, b: number): number {
  if (x <= 0) return 0;
  if (x >= 1) return 1;
  const front = Math.exp(logGamma(a + b) - logGamma(a) - logGamma(b) + a * Math.log(x) + b * Math.log(1 - x));
  // The fraction converges fast only on one side of the mean; use the symmetry on the other.
  if (x < (a + 1) / (a + b + 2)) return (front * betaFraction(a, b, x)) / a;
  return 1 - (front * betaFraction(b, a, 1 - x)) / b;
}

/** P(T > t) for Student's t with df degrees of freedom. */
export function tUpperTail(t: number, df: number): number {
  if (!(df > 0)) throw new RangeError(`t distribution needs df > 0, got ${df}`);
  const tail = 0.5 * incompleteBeta(df / (df + t * t), df / 2, 0.5);
  return t >= 0 ? tail : 1 - tail;
}

const quantiles = new Map<string, number>();

/**
 * The t with P(T > t) = p (0 < p < 1/2 gives a positive t). Memoised: a suite asks for the same
 * handful of (p, df) pairs once per case.
 */
export function tUpperQuantile(p: number, df: number): number {
  if (!(p > 0 && p < 1)) throw new RangeError(`tail probability must lie in (0, 1), got ${p}`);
  if (p > 0.5) return -tUpperQuantile(1 - p, df);
  if (p === 0.5) return 0;
  const key = `${p}:${df}`;
  const known = quantiles.get(key);
  if (known !== undefined) return known;
  let lo = 0;
  let hi = 1;
  while (tUpperTail(hi, df) > p) hi *= 2;
  for (let i = 0; i < 200 && hi - lo > 1e-12 * hi; i++) {
    const mid = (lo + hi) / 2;
    if (tUpperTail(mid, df) > p) lo = mid;
    else hi = mid;
  }
  const t = (lo + hi) / 2;
  if (quantiles.size > 4096) quantiles.clear();
  quantiles.set(key, t);
  return t;
}
