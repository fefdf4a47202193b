/**
 * A seeded pseudo-random generator, so that permutation tests and synthetic histories give the
 * same answer on every run and every machine: a change point that appears on one publish and
 * vanishes on the re-run of the same data would be noise of our own making.
 */

/** FNV-1a over the UTF-16 code units of a string: a stable 32-bit seed from a case name. */
export function hashString(text: string, seed = 0x811c9dc5): number {
  let h = seed >>> 0;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

/** Mixes integers into a seed (murmur3's finaliser), so nearby inputs give unrelated seeds. */
export function mixSeed(...parts: readonly number[]): number {
  let h = 0x9e3779b9;
  for (const p of parts) {
    h ^= p >>> 0;
    h = Math.imul(h ^ (h >>> 16), 0x85ebca6b) >>> 0;
    h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35) >>> 0;
    h = (h ^ (h >>> 16)) >>> 0;
  }
  return h >>> 0;
}

/** Uniform numbers in [0, 1) from mulberry32: fast, 32-bit state, good enough for shuffles and noise. */
export class Random {
  private state: number;

  constructor(seed: number) {
    // Kept as a signed 32-bit integer: the same bits as the unsigned state for every operation
    // below, and a small integer to the engine (an unsigned one above 2^31 is a boxed double).
    this.state = seed | 0;
  }

  next(): number {
    this.state = (this.state + 0x6d2b79f5) | 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** An integer in [0, n). */
  below(n: number): number {
    return Math.floor(this.next() * n);
  }

  /** A standard normal deviate (Box–Muller; the second deviate is dropped for simplicity). */
  normal(): number {
    let u = this.next();
    while (u === 0) u = this.next();
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * this.next());
  }

  /** Shuffles in place (Fisher–Yates). */
  shuffle<T extends { [i: number]: number; length: number }>(a: T): T {
    for (let i = a.length - 1; i > 0; i--) {
      const j = this.below(i + 1);
      const t = a[i] as number;
      a[i] = a[j] as number;
      a[j] = t;
    }
    return a;
  }
}
