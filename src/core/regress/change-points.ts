/**
 * Change points by E-Divisive means (Matteson & James 2014), as Apache Otava (ex-Hunter) and
 * MongoDB's signal processing use it: bisect the series where the energy distance between the
 * two sides is largest, keep the split when a permutation test says such a distance is unlikely
 * from noise, and recurse into both sides.
 *
 * The scan is univariate with exponent 1, so the pairwise sums it needs update in O(log n) per
 * step through Fenwick trees over value ranks: one scan of n points costs O(n log n), not
 * O(n²), which is what keeps a few hundred permutations per test affordable.
 */
import { mixSeed } from './prng.js';

export interface ChangePointSettings {
  /** Fewest points on each side of a split. */
  readonly minSize: number;
  /** Permutations per significance test. */
  readonly permutations: number;
  /** Largest permutation p-value that keeps a split. */
  readonly significance: number;
}

export const DEFAULT_CHANGE_POINT_SETTINGS: ChangePointSettings = { minSize: 5, permutations: 199, significance: 0.01 };

export interface Split {
  /** Index of the first point of the new level. */
  readonly index: number;
  /** Permutation p-value of the split when it was found. */
  readonly pValue: number;
}

/**
 * The statistic's coefficients depend only on the segment's length and the minimum size, and
 * the same lengths come back at every commit.
 */
const coefficientMemo = new Map<number, { gainAt: Float64Array; costAt: Float64Array; offsetPerTotal: Float64Array }>();
function coefficients(n: number, minSize: number): { gainAt: Float64Array; costAt: Float64Array; offsetPerTotal: Float64Array } {
  const key = n * 65536 + minSize;
  let c = coefficientMemo.get(key);
  if (c) return c;
  c = { gainAt: new Float64Array(n), costAt: new Float64Array(n), offsetPerTotal: new Float64Array(n) };
  for (let tau = Math.max(1, minSize); tau <= Math.min(n - 1, n - minSize); tau++) {
    const m = tau;
    const k = n - tau;
    c.gainAt[tau] = (2 * (n - 1)) / (n * (k - 1));
    c.costAt[tau] = (2 / n) * (2 + k / (m - 1) + m / (k - 1));
    c.offsetPerTotal[tau] = (2 * m) / (n * (k - 1));
  }
  if (coefficientMemo.size > 1024) coefficientMemo.clear();
  coefficientMemo.set(key, c);
  return c;
}

// Working arrays shared by every segment (one is used at a time): a replay builds hundreds of
// thousands of segments, and allocating them was a tenth of its time in garbage collection.
let ints = new Int32Array(0);
let floats = new Float64Array(0);
function scratchInts(n: number): Int32Array {
  if (ints.length < n) ints = new Int32Array(Math.max(n, 2 * ints.length));
  ints.fill(0, 0, n);
  return ints;
}
function scratchTree(n: number): Float64Array {
  if (floats.length < n) floats = new Float64Array(Math.max(n, 2 * floats.length));
  return floats;
}
// The scan's counts, apart from its sums: small integers in their own array are cheaper to add.
let counts = new Int32Array(0);
function scratchCounts(n: number): Int32Array {
  if (counts.length < n) counts = new Int32Array(Math.max(n, 2 * counts.length));
  counts.fill(0, 0, n);
  return counts;
}

/**
 * The last order built: at the next commit a replay tests the same stretch moved on by one point
 * (a full window) or grown by one (a young history), so its order is the last one with one value
 * taken out and one put in, in O(n) rather than a sort and n binary searches.
 */
let lastOrder: OrderArrays | undefined;

interface OrderArrays {
  readonly values: Float64Array;
  readonly sorted: Float64Array;
  readonly ranks: Int32Array;
}

// Two sets of working arrays for the orders, taken in turn: the one being built reads the last
// (lastOrder), and a replay builds hundreds of thousands of them (as new arrays, a twentieth of
// its time went to allocating and collecting them). A segment uses its order only while its test
// runs, before the next is built.
const orderSets: { -readonly [K in keyof OrderArrays]: OrderArrays[K] }[] = [
  { values: new Float64Array(0), sorted: new Float64Array(0), ranks: new Int32Array(0) },
  { values: new Float64Array(0), sorted: new Float64Array(0), ranks: new Int32Array(0) },
];
let orderTurn = 0;

function nextOrderArrays(n: number): OrderArrays {
  orderTurn ^= 1;
  const set = orderSets[orderTurn] as (typeof orderSets)[number];
  if (set.values.length < n) {
    const size = Math.max(n, 2 * set.values.length);
    set.values = new Float64Array(size);
    set.sorted = new Float64Array(size);
    set.ranks = new Int32Array(size);
  }
  return { values: set.values.subarray(0, n), sorted: set.sorted.subarray(0, n), ranks: set.ranks.subarray(0, n) };
}

/** segmentOrder in the working arrays: valid until the order after next is built. */
function segmentOrderShared(values: ArrayLike<number>, from: number, to: number): OrderArrays {
  const out = nextOrderArrays(to - from);
  if (!carriedOrder(values, from, to, out)) freshOrder(values, from, to, out);
  for (let i = from; i < to; i++) out.values[i - from] = values[i] as number;
  lastOrder = out;
  return out;
}

/**
 * values[from, to) sorted, and the rank of each position: its place in the order by (value,
 * position), so ranks are distinct. Exported for the tests, which compare the order carried from
 * the last call with a fresh one.
 */
export function segmentOrder(values: ArrayLike<number>, from: number, to: number): { sorted: Float64Array; ranks: Int32Array } {
  const order = segmentOrderShared(values, from, to);
  return { sorted: order.sorted.slice(), ranks: order.ranks.slice() };
}

/** The first index in sorted[0, n) whose value is not below v. */
function lowerBound(sorted: ArrayLike<number>, n: number, v: number): number {
  let lo = 0;
  let hi = n;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((sorted[mid] as number) < v) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function freshOrder(values: ArrayLike<number>, from: number, to: number, out: OrderArrays): void {
  const n = to - from;
  // A typed sort without a comparator, then each position's rank by binary search, ties in
  // position order: the same ranks as sorting positions by (value, position), several times
  // faster.
  const sv = out.sorted;
  for (let i = 0; i < n; i++) sv[i] = values[from + i] as number;
  sv.sort();
  const ranks = out.ranks;
  const taken = scratchInts(n);
  for (let pos = 0; pos < n; pos++) {
    const lo = lowerBound(sv, n, values[from + pos] as number);
    ranks[pos] = lo + (taken[lo] as number);
    taken[lo] = (taken[lo] as number) + 1;
  }
}

/**
 * The last order with its first value taken out (when the stretch moved on by one) and the new
 * last value put in, written to `out`; false, with nothing promised of `out`, when the stretch is
 * not the last one moved on or grown by one. With a zero (whose sign the typed sort orders) or a
 * NaN taken out or put in, or a NaN anywhere, it leaves the work to freshOrder so the result is
 * always exactly freshOrder's.
 */
function carriedOrder(values: ArrayLike<number>, from: number, to: number, out: OrderArrays): boolean {
  const last = lastOrder;
  const n = to - from;
  if (!last || n < 2) return false;
  const m = last.values.length;
  const shift = n === m ? 1 : n === m + 1 ? 0 : -1;
  if (shift < 0) return false;
  const old = last.values;
  for (let i = 0; i < n - 1; i++) {
    const v = values[from + i] as number;
    // === tells all but a NaN (never equal) and zeros of two signs (equal) apart.
    if (v !== old[i + shift] || (v === 0 && !Object.is(v, old[i + shift]))) return false;
  }
  const w = values[to - 1] as number;
  const removed = shift ? (old[0] as number) : NaN;
  if (w !== w || w === 0 || (shift && (removed !== removed || removed === 0))) return false;
  // The old order without the value taken out (any of its equal copies: they are the same bits),
  // with the new value put in after the values equal to it.
  const was = last.sorted;
  const gone = shift ? lowerBound(was, m, removed) : -1;
  const sorted = out.sorted;
  let put = -1;
  let k = 0;
  for (let j = 0; j < m; j++) {
    if (j === gone) continue;
    const v = was[j] as number;
    if (put < 0 && v > w) sorted[(put = k++)] = w;
    sorted[k++] = v;
  }
  if (put < 0) sorted[(put = k)] = w;
  // A kept position's rank loses one when the value taken out (always earlier) was at most its
  // value, and gains one when the new value (always later) is below it; the new value's rank is
  // the number of kept values at most it.
  const ranks = out.ranks;
  const oldRanks = last.ranks;
  for (let p = 0; p < n - 1; p++) {
    const v = values[from + p] as number;
    ranks[p] = (oldRanks[p + shift] as number) - (shift && removed <= v ? 1 : 0) + (w < v ? 1 : 0);
  }
  ranks[n - 1] = put;
  return true;
}

// A segment's row sums and offsets, shared like its order: one segment is scanned at a time.
let rows = new Float64Array(0);
let offsets = new Float64Array(0);
function scratchRows(n: number): Float64Array {
  if (rows.length < n) rows = new Float64Array(Math.max(n, 2 * rows.length));
  return rows.subarray(0, n);
}
let valuesByPosition = new Float64Array(0);
let rowsByPosition = new Float64Array(0);
function scratchOffsets(n: number): Float64Array {
  if (offsets.length < n) offsets = new Float64Array(Math.max(n, 2 * offsets.length));
  return offsets.subarray(0, n);
}

/** Sorted values, each position's rank, and each value's sum of distances to all others. */
class Segment {
  readonly n: number;
  readonly sortedValues: Float64Array;
  /** rankAt[i]: rank of the value at position i (ties broken by position, so ranks are distinct). */
  readonly rankAt: Int32Array;
  /** rowTotal[r]: Σ_j |v_r − v_j| over the whole segment, by rank. */
  readonly rowTotal: Float64Array;
  /** Σ_{i<j} |v_i − v_j| over the whole segment. */
  readonly total: number;
  /**
   * Q(τ) = gainAt[τ]·rowLeft − costAt[τ]·within − offsetAt[τ] (see scan), zero outside
   * [minSize, n − minSize]: the divisions done once per segment rather than once per scan.
   */
  private readonly gainAt: Float64Array;
  private readonly costAt: Float64Array;
  private readonly offsetAt: Float64Array;
  private readonly first: number;
  private readonly last: number;
  /**
   * Each position's value and rowTotal (byPosition): what the carried tests read, without the
   * rank between. Shared working arrays, like rowTotal's: valid while this segment's test runs.
   */
  private valueAt: Float64Array | undefined;
  private rowAt: Float64Array | undefined;

  constructor(values: ArrayLike<number>, from: number, to: number, minSize: number) {
    const n = to - from;
    this.n = n;
    const { sorted: sv, ranks } = segmentOrderShared(values, from, to);
    this.sortedValues = sv;
    this.rankAt = ranks;
    const prefix = scratchTree(n + 1);
    prefix[0] = 0;
    for (let r = 0; r < n; r++) prefix[r + 1] = (prefix[r] as number) + (sv[r] as number);
    this.rowTotal = scratchRows(n);
    let total = 0;
    for (let r = 0; r < n; r++) {
      const v = sv[r] as number;
      const below = r * v - (prefix[r] as number);
      const above = (prefix[n] as number) - (prefix[r + 1] as number) - (n - 1 - r) * v;
      this.rowTotal[r] = below + above;
      total += below + above;
    }
    this.total = total / 2;
    // With m = τ, k = n − τ, B between, W_L and W_R within each side, rowLeft = 2·W_L + B and
    // B + W_L + W_R = total, the statistic m·k/n · (2B/(mk) − 2W_L/(m(m−1)) − 2W_R/(k(k−1)))
    // is linear in rowLeft and W_L.
    this.first = Math.max(1, minSize);
    this.last = Math.min(n - 1, n - minSize);
    const c = coefficients(n, minSize);
    this.gainAt = c.gainAt;
    this.costAt = c.costAt;
    this.offsetAt = scratchOffsets(n);
    this.offsetAt.fill(0);
    for (let tau = this.first; tau <= this.last; tau++) this.offsetAt[tau] = this.total * (c.offsetPerTotal[tau] as number);
  }

  /**
   * Readies valueAt and rowAt, in working arrays shared by every segment: a test that carries
   * sums reads them for each of its 199 permutations.
   */
  byPosition(): void {
    const n = this.n;
    if (valuesByPosition.length < n) {
      valuesByPosition = new Float64Array(Math.max(n, 2 * valuesByPosition.length));
      rowsByPosition = new Float64Array(valuesByPosition.length);
    }
    for (let pos = 0; pos < n; pos++) {
      const r = this.rankAt[pos] as number;
      valuesByPosition[pos] = this.sortedValues[r] as number;
      rowsByPosition[pos] = this.rowTotal[r] as number;
    }
    this.valueAt = valuesByPosition;
    this.rowAt = rowsByPosition;
  }

  /**
   * The split τ (minSize ≤ τ ≤ n − minSize) maximising the scaled energy distance
   * Q = m·k/(m+k) · (2/(m·k)·Σ|x−y| − Σ|x−x'|/C(m,2) − Σ|y−y'|/C(k,2)) for the ranks read in
   * the given order of positions (ranks[order[0]], ranks[order[1]], ...), and that maximum. With
   * `stopAt`, it returns as soon as some τ reaches it, having read no further.
   */
  scan(ranks: Int32Array, order: Int32Array, stopAt = Infinity, record?: Float64Array): { tau: number; q: number } {
    const n = this.n;
    const sums = scratchTree(n + 1);
    const below = scratchCounts(n + 1);
    const sv = this.sortedValues;
    const rowTotal = this.rowTotal;
    const gainAt = this.gainAt;
    const costAt = this.costAt;
    const offsetAt = this.offsetAt;
    const first = this.first;
    const last = this.last;
    sums.fill(0, 0, n + 1);
    let within = 0;
    let rowLeft = 0;
    let sumLeft = 0;
    let best = -Infinity;
    let bestTau = -1;
    // With `record`, the within-sums of every prefix, the whole stretch's included, for the next
    // commit's test to carry (carriedBelow); a scan stopped early leaves it incomplete.
    const end = record ? n : last;
    if (record) record[0] = 0;
    for (let tau = 1; tau <= end; tau++) {
      const r = ranks[order[tau - 1] as number] as number;
      const x = sv[r] as number;
      // Left values ranked below r: how many, and their sum.
      let c = 0;
      let s = 0;
      for (let i = r; i > 0; i &= i - 1) {
        c += below[i] as number;
        s += sums[i] as number;
      }
      within += x * (2 * c - (tau - 1)) + sumLeft - 2 * s;
      for (let i = r + 1; i <= n; i += i & -i) {
        below[i] = (below[i] as number) + 1;
        sums[i] = (sums[i] as number) + x;
      }
      sumLeft += x;
      rowLeft += rowTotal[r] as number;
      if (record) record[tau] = within;
      if (tau < first || tau > last) continue;
      const q = (gainAt[tau] as number) * rowLeft - (costAt[tau] as number) * within - (offsetAt[tau] as number);
      if (q > best) {
        best = q;
        bestTau = tau;
        // A permutation only has to be known to reach the observed statistic, not by how much.
        if (best >= stopAt) break;
      }
    }
    return { tau: bestTau, q: best };
  }

  /**
   * Whether no split of this stretch's points in the order of the permutation `kept` (those of
   * its identities from `lo` to `hi`, placed by positionOf) reaches `stopAt`, told without a scan
   * from the within-sums `old` of the same permutation of a stretch that differs from this one by the few
   * points of `diff`: the points the two share keep their order in a permutation (their keys),
   * so each prefix here is a prefix there with the dropped points taken out and the added ones
   * put in, and its within-sum is the old one corrected by their distances to the rest, in O(n)
   * and without the Fenwick trees. Everything else in Q is summed as scan sums it; `margin`
   * bounds how far the within-sums, summed another way, may stray from scan's. False when it
   * cannot tell, and scan decides; `out` then holds nothing of use. True leaves this stretch's
   * within-sums in `out`.
   */
  carriedBelow(kept: KeptPermutation, lo: number, hi: number, base: number, old: Float64Array, diff: CarryDiff, seed: number, p: number, stopAt: number, margin: number, out: Float64Array): boolean {
    if (this.valueAt === undefined) this.byPosition();
    if (diff.dropped === 0 && diff.added <= 1) return this.grownBelow(kept, lo, hi, base, old, diff.added === 0 ? -1 : (diff.addedValues[0] as number), diff.added === 0 ? -1 : diff.firstAddedAt, stopAt, margin, out);
    const valueAt = this.valueAt as Float64Array;
    const rowAt = this.rowAt as Float64Array;
    const gainAt = this.gainAt;
    const costAt = this.costAt;
    const offsetAt = this.offsetAt;
    const first = this.first;
    const last = this.last;
    const nz = diff.dropped;
    const na = diff.added;
    const zv = diff.droppedValues;
    const av = diff.addedValues;
    const zk = diff.droppedKeys;
    const zi = diff.droppedOrder;
    const dz = diff.droppedSums;
    const ea = diff.addedSums;
    const seen = diff.addedSeen;
    // The dropped points in this permutation's order, by (key, id) as the kept permutations are.
    for (let i = 0; i < nz; i++) {
      const key = keyOf(seed, p, diff.droppedIds[i] as number);
      let at = i;
      while (at > 0 && ((zk[at - 1] as number) > key || ((zk[at - 1] as number) === key && (diff.droppedIds[zi[at - 1] as number] as number) > (diff.droppedIds[i] as number)))) {
        zk[at] = zk[at - 1] as number;
        zi[at] = zi[at - 1] as number;
        at--;
      }
      zk[at] = key;
      zi[at] = i;
      dz[i] = 0;
    }
    for (let i = 0; i < na; i++) ea[i] = 0;
    let seenAdded = 0;
    let nextDrop = 0;
    let oldLength = 0;
    let droppedPairs = 0;
    let addedPairs = 0;
    let rowLeft = 0;
    const addedAt = diff.addedAt;
    const droppedIds = diff.droppedIds;
    const keptIds = kept.ids;
    const keptKeys = kept.keys;
    const length = kept.length;
    let tau = 0;
    out[0] = 0;
    for (let j = 0; j < length; j++) {
      const id = keptIds[j] as number;
      if (id < lo || id > hi) continue;
      const pos = positionOf[id - base] as number;
      if (nextDrop < nz) {
        // The dropped points that came before this one: in the old prefix, not in this one.
        const key = keptKeys[j] as number;
        while (nextDrop < nz) {
          const k = zk[nextDrop] as number;
          const z = zi[nextDrop] as number;
          if (k > key || (k === key && (droppedIds[z] as number) > id)) break;
          const v = zv[z] as number;
          for (let i = 0; i < nextDrop; i++) droppedPairs += Math.abs(v - (zv[zi[i] as number] as number));
          nextDrop++;
          oldLength++;
        }
      }
      const x = valueAt[pos] as number;
      const a = addedAt[pos] as number;
      if (a >= 0) {
        for (let i = 0; i < seenAdded; i++) addedPairs += Math.abs(x - (av[seen[i] as number] as number));
        seen[seenAdded++] = a;
      } else {
        oldLength++;
        for (let i = 0; i < nz; i++) dz[i] = (dz[i] as number) + Math.abs((zv[i] as number) - x);
        for (let i = 0; i < na; i++) ea[i] = (ea[i] as number) + Math.abs((av[i] as number) - x);
      }
      let within = (old[oldLength] as number) - droppedPairs + addedPairs;
      for (let i = 0; i < nextDrop; i++) within -= dz[zi[i] as number] as number;
      for (let i = 0; i < seenAdded; i++) within += ea[seen[i] as number] as number;
      tau++;
      out[tau] = within;
      rowLeft += rowAt[pos] as number;
      if (tau < first || tau > last) continue;
      const q = (gainAt[tau] as number) * rowLeft - (costAt[tau] as number) * within - (offsetAt[tau] as number);
      if (!(q + margin < stopAt)) return false;
    }
    return true;
  }

  /**
   * carriedBelow for a stretch that only gained a point, of value `added` at position `addedPos`,
   * or is the same (then `addedPos` is −1 and `added` is never read): the commonest case, a
   * window not yet full grown by the newest commit, without the general case's loops.
   */
  private grownBelow(kept: KeptPermutation, lo: number, hi: number, base: number, old: Float64Array, added: number, addedPos: number, stopAt: number, margin: number, out: Float64Array): boolean {
    const valueAt = this.valueAt as Float64Array;
    const rowAt = this.rowAt as Float64Array;
    const gainAt = this.gainAt;
    const costAt = this.costAt;
    const offsetAt = this.offsetAt;
    const first = this.first;
    const last = this.last;
    let oldLength = 0;
    // Σ|added − x| over the shared points so far; counted in once the added point is in the prefix.
    let toAdded = 0;
    let inPrefix = false;
    let rowLeft = 0;
    const keptIds = kept.ids;
    const length = kept.length;
    let tau = 0;
    out[0] = 0;
    for (let j = 0; j < length; j++) {
      const id = keptIds[j] as number;
      if (id < lo || id > hi) continue;
      const pos = positionOf[id - base] as number;
      tau++;
      if (pos === addedPos) inPrefix = true;
      else {
        oldLength++;
        toAdded += Math.abs(added - (valueAt[pos] as number));
      }
      const within = inPrefix ? (old[oldLength] as number) + toAdded : (old[oldLength] as number);
      out[tau] = within;
      rowLeft += rowAt[pos] as number;
      if (tau < first || tau > last) continue;
      const q = (gainAt[tau] as number) * rowLeft - (costAt[tau] as number) * within - (offsetAt[tau] as number);
      if (!(q + margin < stopAt)) return false;
    }
    return true;
  }

  /**
   * How far a Q with within-sums summed by carriedBelow may stray from scan's. Scan's running
   * within-sum cancels terms as large as n·max|v| at each of n steps, so its rounding stays below
   * about n³·max|v|·2⁻⁵³; the carried one adds a few distances per point, over at most CARRY_CHAIN
   * tests. The margin is 10⁻¹¹·n³·max|v| times the largest cost, some 10⁵ times the first, plus a
   * part in 10¹¹ of Q's largest terms: a permutation that close to the statistic is scanned.
   */
  carryMargin(values: ArrayLike<number>, from: number, to: number): number {
    let big = 0;
    for (let i = from; i < to; i++) big = Math.max(big, Math.abs(values[i] as number));
    let terms = 0;
    let cost = 0;
    for (let tau = this.first; tau <= this.last; tau++) {
      terms = Math.max(terms, (this.gainAt[tau] as number) * 2 * this.total + (this.costAt[tau] as number) * this.total + Math.abs(this.offsetAt[tau] as number));
      cost = Math.max(cost, this.costAt[tau] as number);
    }
    const n = this.n;
    return 1e-11 * (n * n * n * big * cost + terms);
  }
}

/** The split of values[from, to) with the largest energy statistic, and that statistic. */
export function bestSplit(values: ArrayLike<number>, minSize: number, from = 0, to = values.length): { index: number; q: number } {
  const seg = new Segment(values, from, to, minSize);
  const { tau, q } = seg.scan(seg.rankAt, inOrder(seg.n));
  return { index: tau < 0 ? -1 : from + tau, q };
}

/**
 * Tests already run, by their inputs: a replay meets the same stretch again at the next commit
 * (the level left of a step, while the history is shorter than the scan limit), and the seeded
 * test gives the same answer for the same values, identities, bounds and seed, so it is looked up
 * rather than run again. A pure function's memo: the answers are the same with or without it.
 */
interface Tested {
  readonly values: Float64Array;
  readonly ids: Float64Array;
  /** Where the stretch began in the values tested then: the split's index is relative to it. */
  readonly from: number;
  readonly seed: number;
  readonly settings: ChangePointSettings;
  readonly split: Split | undefined;
}
const MEMO_ENTRIES = 4096;
const memo = new Map<number, Tested>();
const bits = new Float64Array(1);
const words = new Uint32Array(bits.buffer);

function memoKey(values: ArrayLike<number>, ids: ArrayLike<number>, from: number, to: number, settings: ChangePointSettings, seed: number): number {
  // A few values suffice for the key: a hit is checked value by value, and a clash only costs
  // running the test. Not where the stretch begins: a replay's window slides over the case's
  // points, so the same points come back at another index, and the identities tell them.
  let h = mixSeed(seed, to - from, settings.minSize, settings.permutations, Math.round(settings.significance * 1e9), ids[from] as number, ids[to - 1] as number);
  for (const i of [from, (from + to) >>> 1, to - 1]) {
    bits[0] = values[i] as number;
    h = mixSeed(h, words[0] as number, words[1] as number);
  }
  return h;
}

function memoHit(entry: Tested | undefined, values: ArrayLike<number>, ids: ArrayLike<number>, from: number, to: number, settings: ChangePointSettings, seed: number): boolean {
  if (!entry || entry.seed !== seed || entry.values.length !== to - from) return false;
  const s = entry.settings;
  if (s.minSize !== settings.minSize || s.permutations !== settings.permutations || s.significance !== settings.significance) return false;
  for (let i = from; i < to; i++) if (!Object.is(entry.values[i - from], values[i]) || entry.ids[i - from] !== ids[i]) return false;
  return true;
}

/** Empties the memo of tests, the kept permutations and the last order (the tests compare answers with and without them). */
export function forgetTests(): void {
  memo.clear();
  lineages.length = 0;
  carrySlots.length = 0;
  lastOrder = undefined;
}

/** A split found in a stretch that began at `was`, for the same points beginning at `from`. */
function movedTo(split: Split | undefined, was: number, from: number): Split | undefined {
  return split && { index: split.index - was + from, pValue: split.pValue };
}

/**
 * testSplit of a side of a split, looked up when the same points were tested before, wherever they
 * stood in the values then: the same identities and values give the same permutations, so the
 * same answer.
 */
function testSplitOnce(values: ArrayLike<number>, ids: ArrayLike<number>, from: number, to: number, settings: ChangePointSettings, seed: number): Split | undefined {
  const key = memoKey(values, ids, from, to, settings, seed);
  const entry = memo.get(key);
  if (memoHit(entry, values, ids, from, to, settings, seed)) return movedTo((entry as Tested).split, (entry as Tested).from, from);
  const split = testSplit(values, ids, from, to, settings, seed, false);
  if (memo.size >= MEMO_ENTRIES) memo.delete(memo.keys().next().value as number);
  const copy = new Float64Array(to - from);
  const idCopy = new Float64Array(to - from);
  for (let i = from; i < to; i++) {
    copy[i - from] = values[i] as number;
    idCopy[i - from] = ids[i] as number;
  }
  memo.set(key, { values: copy, ids: idCopy, from, seed, settings: { minSize: settings.minSize, permutations: settings.permutations, significance: settings.significance }, split });
  return split;
}

/**
 * The p-th permutation's key for the point with identity `id` (murmur3's finaliser over seed, p
 * and id, as mixSeed(seed, p, id) without its array): the p-th permutation of a stretch is its
 * points in the order of their keys. A point keeps its key from one commit to the next, so the
 * points a stretch shares with the one tested at the commit before stay in the same relative order
 * in each permutation, and a permutation that reached the observed statistic there mostly reaches
 * it again (see testSplit).
 */
function keyOf(seed: number, p: number, id: number): number {
  let h = 0x9e3779b9 ^ seed;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  h = (h ^ (h >>> 16)) ^ p;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  h = (h ^ (h >>> 16)) ^ id;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

/** One permutation kept in key order: the identities of its points and their keys. */
interface KeptPermutation {
  ids: Float64Array;
  keys: Uint32Array;
  length: number;
  /** The newest identity it holds. */
  newest: number;
  /** The lineage's version it was last brought to. */
  version: number;
}

/**
 * The permutations of one case's stretches, carried from commit to commit: the identities of the
 * newest whole stretch tested (`target`, increasing), and each permutation read so far, brought up
 * to the target only when it is read again (a stretch with no step reads a few of them, one with a
 * step all of them). The target moves on by dropping its oldest identities and taking newer ones;
 * `dropped` logs what each move dropped (from version `loggedFrom` on), so a permutation several
 * moves behind takes out those points and puts in the new ones, each in O(log n) and one memmove,
 * rather than being sorted again. `beaters`: the permutations that reached the observed statistic
 * lately, newest first, tried first.
 */
interface Lineage {
  seed: number;
  target: Float64Array;
  targetLength: number;
  version: number;
  /** A permutation of a version before this one is rebuilt: the target did not just move on. */
  rebuiltBelow: number;
  dropped: number[];
  droppedAt: number[];
  loggedFrom: number;
  readonly kept: (KeptPermutation | undefined)[];
  readonly beaters: Int32Array;
  beaterCount: number;
  /** The eDivisive call that made it (or took it over for its seed). */
  bornIn: number;
}
// A replay's worker judges one case at a time; the few kept besides cost little (under 1 MB each).
const LINEAGES = 4;
// A test with no step stops at its second beater; the beaters of the last few tests are kept.
const BEATERS = 16;
// Drops of many more moves than CARRIED_MOVES (one a move while the window slides).
const DROP_LOG = 256;
const lineages: Lineage[] = [];
/** eDivisive calls so far in this thread. */
let calls = 0;

/**
 * The seed's lineage, most recently used first; a publish judges many cases in turn, a replay's
 * worker one case at a time. A new seed takes over the least recently used lineage's arrays once
 * LINEAGES are kept (every permutation of it rebuilt in place), so a publish of hundreds of cases
 * does not allocate 199 permutations for each.
 */
function lineageOf(seed: number): Lineage {
  for (let i = 0; i < lineages.length; i++) {
    const l = lineages[i] as Lineage;
    if (l.seed !== seed) continue;
    if (i > 0) {
      lineages.splice(i, 1);
      lineages.unshift(l);
    }
    return l;
  }
  const reused = lineages.length >= LINEAGES ? (lineages.pop() as Lineage) : undefined;
  const made: Lineage = reused ?? { seed, target: new Float64Array(0), targetLength: 0, version: 0, rebuiltBelow: 0, dropped: [], droppedAt: [], loggedFrom: 0, kept: [], beaters: new Int32Array(BEATERS), beaterCount: 0, bornIn: calls };
  if (reused) {
    reused.seed = seed;
    reused.targetLength = 0;
    reused.version++;
    reused.rebuiltBelow = reused.version;
    reused.dropped.length = 0;
    reused.droppedAt.length = 0;
    reused.loggedFrom = reused.version;
    reused.beaterCount = 0;
    reused.bornIn = calls;
  }
  lineages.unshift(made);
  return made;
}

/** The lineage's target moved to the identities of ids[from, to). */
function advance(lineage: Lineage, ids: ArrayLike<number>, from: number, to: number): void {
  const n = to - from;
  const t = lineage.target;
  const m = lineage.targetLength;
  let same = m === n;
  for (let i = 0; same && i < n; i++) same = t[i] === ids[from + i];
  if (same) return;
  // Moved on: the old target's oldest identities dropped, the rest the new one's first, then newer ones.
  const first = ids[from] as number;
  let cut = 0;
  while (cut < m && (t[cut] as number) < first) cut++;
  let movedOn = m > 0 && m - cut <= n;
  for (let i = cut; movedOn && i < m; i++) movedOn = t[i] === ids[from + i - cut];
  if (movedOn && m - cut < n) movedOn = (ids[from + m - cut] as number) > (t[m - 1] as number);
  const version = lineage.version + 1;
  if (movedOn) {
    for (let i = 0; i < cut; i++) {
      lineage.dropped.push(t[i] as number);
      lineage.droppedAt.push(version);
    }
    if (lineage.dropped.length > DROP_LOG) {
      const over = lineage.dropped.length - DROP_LOG;
      lineage.loggedFrom = (lineage.droppedAt[over - 1] as number) + 1;
      lineage.dropped.splice(0, over);
      lineage.droppedAt.splice(0, over);
    }
  } else lineage.rebuiltBelow = version;
  if (t.length < n) lineage.target = new Float64Array(Math.max(n, 2 * t.length));
  for (let i = 0; i < n; i++) lineage.target[i] = ids[from + i] as number;
  lineage.targetLength = n;
  lineage.version = version;
}

let bucketStarts = new Int32Array(0);
let bucketFill = new Int32Array(0);
let keyScratch = new Uint32Array(0);

/**
 * The target's identities in the p-th permutation's order, from scratch, in O(n): the keys are
 * uniform, so a counting sort on their top bits into about 2n buckets leaves a bucket or two with
 * more than one point, put in order by (key, id) where they fall. A publish judges each case in a
 * fresh process, so every permutation it reads is built here: as a comparison sort this was twice
 * the time of the whole regression hook on a suite of 363 cases (bench/alerts.mjs).
 */
function rebuild(lineage: Lineage, p: number, kept: KeptPermutation): void {
  const n = lineage.targetLength;
  if (kept.ids.length < n) {
    kept.ids = new Float64Array(Math.max(n + 8, 2 * kept.ids.length));
    kept.keys = new Uint32Array(kept.ids.length);
  }
  let bits = 1;
  while (1 << bits < 2 * n && bits < 24) bits++;
  const buckets = 1 << bits;
  const shift = 32 - bits;
  if (bucketStarts.length < buckets + 1) {
    bucketStarts = new Int32Array(2 * buckets + 1);
    bucketFill = new Int32Array(2 * buckets + 1);
  }
  if (keyScratch.length < n) keyScratch = new Uint32Array(Math.max(n, 2 * keyScratch.length));
  const starts = bucketStarts;
  const fill = bucketFill;
  starts.fill(0, 0, buckets + 1);
  const target = lineage.target;
  const seed = lineage.seed;
  const keyAt = keyScratch;
  for (let i = 0; i < n; i++) {
    const key = keyOf(seed, p, target[i] as number);
    keyAt[i] = key;
    const b = (key >>> shift) + 1;
    starts[b] = (starts[b] as number) + 1;
  }
  for (let b = 0; b < buckets; b++) {
    starts[b + 1] = (starts[b + 1] as number) + (starts[b] as number);
    fill[b] = starts[b] as number;
  }
  const ids = kept.ids;
  const keys = kept.keys;
  // Scattered in position order, so within a bucket the identities already increase; an
  // insertion by key then keeps equal keys in that order.
  for (let i = 0; i < n; i++) {
    const key = keyAt[i] as number;
    const b = key >>> shift;
    const first = starts[b] as number;
    let at = fill[b] as number;
    fill[b] = at + 1;
    const id = target[i] as number;
    while (at > first && (keys[at - 1] as number) > key) {
      keys[at] = keys[at - 1] as number;
      ids[at] = ids[at - 1] as number;
      at--;
    }
    keys[at] = key;
    ids[at] = id;
  }
  kept.length = n;
  kept.newest = target[n - 1] as number;
  kept.version = lineage.version;
}
/** Moves behind the target past which a permutation is sorted again rather than carried. */
const CARRIED_MOVES = 32;

/** The first place in kept's order not before (key, id). */
function placeOf(kept: KeptPermutation, key: number, id: number): number {
  let lo = 0;
  let hi = kept.length;
  const keys = kept.keys;
  const ids = kept.ids;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    const k = keys[mid] as number;
    if (k < key || (k === key && (ids[mid] as number) < id)) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * The p-th permutation brought to the lineage's target: the points the target dropped since it
 * was last read taken out, its newer ones put in, each at its key's place. Rebuilt when the
 * target did not just move on (a stretch that moved back, or a point in its middle changed).
 */
function permutation(lineage: Lineage, p: number): KeptPermutation {
  let kept = lineage.kept[p];
  if (!kept) {
    kept = { ids: new Float64Array(0), keys: new Uint32Array(0), length: 0, newest: -Infinity, version: -1 };
    lineage.kept[p] = kept;
    rebuild(lineage, p, kept);
    return kept;
  }
  if (kept.version === lineage.version) return kept;
  if (kept.version < lineage.rebuiltBelow || kept.version + 1 < lineage.loggedFrom || lineage.version - kept.version > CARRIED_MOVES) {
    rebuild(lineage, p, kept);
    return kept;
  }
  const seed = lineage.seed;
  const dropped = lineage.dropped;
  const droppedAt = lineage.droppedAt;
  for (let i = dropped.length - 1; i >= 0 && (droppedAt[i] as number) > kept.version; i--) {
    const id = dropped[i] as number;
    // Put in after this permutation was last read and dropped since: never in it.
    if (id > kept.newest) continue;
    const at = placeOf(kept, keyOf(seed, p, id), id);
    if (at >= kept.length || kept.ids[at] !== id) {
      rebuild(lineage, p, kept);
      return kept;
    }
    kept.ids.copyWithin(at, at + 1, kept.length);
    kept.keys.copyWithin(at, at + 1, kept.length);
    kept.length--;
  }
  const n = lineage.targetLength;
  const target = lineage.target;
  let firstNew = n;
  while (firstNew > 0 && (target[firstNew - 1] as number) > kept.newest) firstNew--;
  if (kept.length + (n - firstNew) !== n) {
    rebuild(lineage, p, kept);
    return kept;
  }
  if (kept.ids.length < n) {
    const ids = new Float64Array(Math.max(n + 8, 2 * kept.ids.length));
    const keys = new Uint32Array(ids.length);
    ids.set(kept.ids.subarray(0, kept.length));
    keys.set(kept.keys.subarray(0, kept.length));
    kept.ids = ids;
    kept.keys = keys;
  }
  for (let i = firstNew; i < n; i++) {
    const id = target[i] as number;
    const key = keyOf(seed, p, id);
    const at = placeOf(kept, key, id);
    kept.ids.copyWithin(at + 1, at, kept.length);
    kept.keys.copyWithin(at + 1, at, kept.length);
    kept.ids[at] = id;
    kept.keys[at] = key;
    kept.length++;
  }
  kept.newest = target[n - 1] as number;
  kept.version = lineage.version;
  return kept;
}

let positionOf = new Int32Array(0);
/** Identities further apart than this (a case published once in millions of commits) are keyed by position instead. */
const MAX_SPAN = 1 << 24;
let orderScratch = new Int32Array(0);
/**
 * The positions of a stretch's points in a permutation's order, for Segment.scan: the stretch is
 * the target or a part of it (the sides of a split), whose points are those of the target whose
 * identities lie from `lo` to `hi`; carriedBelow walks the permutation the same way without it.
 */
function permutedOrder(kept: KeptPermutation, lo: number, hi: number, base: number, n: number): Int32Array {
  if (orderScratch.length < n) orderScratch = new Int32Array(Math.max(n, 2 * orderScratch.length));
  const out = orderScratch.subarray(0, n);
  let k = 0;
  for (let j = 0; j < kept.length; j++) {
    const id = kept.ids[j] as number;
    if (id < lo || id > hi) continue;
    out[k++] = positionOf[id - base] as number;
  }
  return out;
}

/**
 * positionOf[id − the target's first identity] = the position of that point in ids[from, to), a
 * stretch inside the target. eDivisive has checked that the identities increase by whole steps
 * and span less than MAX_SPAN, so every one has its place.
 */
function placePositions(lineage: Lineage, ids: ArrayLike<number>, from: number, to: number): void {
  const base = lineage.target[0] as number;
  const span = (lineage.target[lineage.targetLength - 1] as number) - base + 1;
  if (positionOf.length < span) positionOf = new Int32Array(Math.max(span, 2 * positionOf.length));
  for (let i = from; i < to; i++) positionOf[(ids[i] as number) - base] = i - from;
}

let identity = new Int32Array(0);
/** The positions 0..n-1 in order (shared: never written). */
function inOrder(n: number): Int32Array {
  if (identity.length < n) {
    identity = new Int32Array(Math.max(n, 2 * identity.length));
    for (let i = 0; i < identity.length; i++) identity[i] = i;
  }
  return identity.subarray(0, n);
}

let scansRun = 0;
/** Permutation scans run so far in this thread: what the test's ordering saves, for the tests and the bench. */
export function permutationScans(): number {
  return scansRun;
}

/**
 * A significant test costs its scans: every permutation must be read to know that at most
 * `allowed` of them reach the observed statistic, and a real series with a small lasting shift
 * keeps such a split in its window commit after commit. The next commit's test reads the same
 * permutations of nearly the same stretch, so a slot keeps, for one stretch tested lately, each
 * permutation's within-sums (Σ|yᵢ − yⱼ| over each prefix of its order); a stretch that differs
 * from a slot's by a few points tells each permutation from them in O(n) (Segment.carriedBelow),
 * where a scan costs O(n log n) and much more besides. A permutation that cannot be told that
 * way, one that comes close to the statistic, is scanned, so every answer is scan's.
 */
interface CarrySlot {
  /** The seed whose permutations the sums are of. */
  seed: number;
  ids: Float64Array;
  values: Float64Array;
  n: number;
  /** The test that left its stretch here; within[p] is of that stretch when stamp[p] is this. */
  version: number;
  readonly within: (Float64Array | undefined)[];
  stamp: Int32Array;
  /** Tests carried through since within[p] was last scanned. */
  chain: Int32Array;
  used: number;
}
/** Points dropped and added between a slot's stretch and the one tested, beyond which it is scanned afresh. */
const CARRY_CHANGES = 4;
// Each side of every split found keeps its own stretch coming back, commit after commit. A
// replay's worker judges one case at a time (a publish keeps no sums), so the slots are shared by
// all seeds, the least recently used taken over: 16 × 199 arrays of n + 1 numbers or a little
// more, under 8 MB for the detector's 300 points. A case with several steps keeps more than 8
// stretches coming back: with 8 slots they took over each other's, and risc0's replay scanned
// 590,000 permutations rather than 290,000 (32 slots saved hardly more).
const CARRY_SLOTS = 16;
const carrySlots: CarrySlot[] = [];
/** Carried tests after which a permutation is scanned again, so that rounding cannot pile up. */
const CARRY_CHAIN = 64;
/** Permutations a test reads before it keeps sums: a stretch with no step is settled in about 2. */
const CARRY_FROM = 4;

/** The difference between a slot's stretch and the one tested (the dropped and added points; a value changed is both). */
interface CarryDiff {
  dropped: number;
  added: number;
  readonly droppedIds: Float64Array;
  readonly droppedValues: Float64Array;
  readonly addedValues: Float64Array;
  /** By position in the stretch tested: the index of the added point there, or −1. */
  addedAt: Int32Array;
  /** The position of the first added point in the stretch tested (when one was added). */
  firstAddedAt: number;
  // carriedBelow's working arrays.
  readonly droppedKeys: Uint32Array;
  readonly droppedOrder: Int32Array;
  readonly droppedSums: Float64Array;
  readonly addedSums: Float64Array;
  readonly addedSeen: Int32Array;
}
const carryDiff: CarryDiff = {
  dropped: 0,
  added: 0,
  droppedIds: new Float64Array(CARRY_CHANGES),
  droppedValues: new Float64Array(CARRY_CHANGES),
  addedValues: new Float64Array(CARRY_CHANGES),
  addedAt: new Int32Array(0),
  firstAddedAt: -1,
  droppedKeys: new Uint32Array(CARRY_CHANGES),
  droppedOrder: new Int32Array(CARRY_CHANGES),
  droppedSums: new Float64Array(CARRY_CHANGES),
  addedSums: new Float64Array(CARRY_CHANGES),
  addedSeen: new Int32Array(CARRY_CHANGES),
};
let carryVersion = 0;
let carryUse = 0;
let carriedRun = 0;
let withinScratch: Float64Array = new Float64Array(0);

/**
 * The points dropped and added from the slot's stretch to values[from, to) (both by increasing
 * identity), counted up to `limit` + 1; with `fill`, written to carryDiff.
 */
function diffFrom(slot: CarrySlot, values: ArrayLike<number>, ids: ArrayLike<number>, from: number, to: number, limit: number, fill: boolean): number {
  const d = carryDiff;
  if (fill) {
    if (d.addedAt.length < to - from) d.addedAt = new Int32Array(Math.max(to - from, 2 * d.addedAt.length));
    d.addedAt.fill(-1, 0, to - from);
    d.dropped = 0;
    d.added = 0;
  }
  let changes = 0;
  let i = 0;
  let j = from;
  const drop = (k: number): void => {
    if (fill) {
      d.droppedIds[d.dropped] = slot.ids[k] as number;
      d.droppedValues[d.dropped++] = slot.values[k] as number;
    }
  };
  const add = (k: number): void => {
    if (fill) {
      if (d.added === 0) d.firstAddedAt = k - from;
      d.addedAt[k - from] = d.added;
      d.addedValues[d.added++] = values[k] as number;
    }
  };
  while ((i < slot.n || j < to) && changes <= limit) {
    const a = i < slot.n ? (slot.ids[i] as number) : Infinity;
    const b = j < to ? (ids[j] as number) : Infinity;
    if (a < b) {
      if (++changes <= limit) drop(i);
      i++;
    } else if (b < a) {
      if (++changes <= limit) add(j);
      j++;
    } else {
      if (slot.values[i] !== values[j]) {
        changes += 2;
        if (changes <= limit) {
          drop(i);
          add(j);
        }
      }
      i++;
      j++;
    }
  }
  return changes;
}

/**
 * The seed's slot whose stretch differs least from values[from, to) (at most CARRY_CHANGES
 * points), with carryDiff filled; or, when none is near, a slot to start one in (a new one, or
 * the least recently used of any seed).
 */
function carrySlot(seed: number, values: ArrayLike<number>, ids: ArrayLike<number>, from: number, to: number, permutations: number): { slot: CarrySlot; near: boolean } {
  let best: CarrySlot | undefined;
  let fewest = CARRY_CHANGES + 1;
  for (const slot of carrySlots) {
    if (slot.seed !== seed) continue;
    const changes = diffFrom(slot, values, ids, from, to, fewest - 1, false);
    if (changes < fewest) {
      fewest = changes;
      best = slot;
    }
  }
  if (best) diffFrom(best, values, ids, from, to, CARRY_CHANGES, true);
  let slot = best;
  if (!slot && carrySlots.length < CARRY_SLOTS) {
    slot = { seed, ids: new Float64Array(0), values: new Float64Array(0), n: 0, version: 0, within: [], stamp: new Int32Array(0), chain: new Int32Array(0), used: 0 };
    carrySlots.push(slot);
  }
  slot ??= carrySlots.reduce((a, b) => (b.used < a.used ? b : a));
  // Taken over (or new): none of its sums is current until this test writes them.
  if (!best) {
    slot.seed = seed;
    slot.version = ++carryVersion;
  }
  if (slot.stamp.length < permutations) {
    const stamp = new Int32Array(permutations);
    stamp.set(slot.stamp);
    slot.stamp = stamp;
    const chain = new Int32Array(permutations);
    chain.set(slot.chain);
    slot.chain = chain;
  }
  slot.used = ++carryUse;
  return { slot, near: best !== undefined };
}

/** The slot holds values[from, to) from now on, as test `version` left it. */
function settleSlot(slot: CarrySlot, values: ArrayLike<number>, ids: ArrayLike<number>, from: number, to: number, version: number): void {
  const n = to - from;
  if (slot.ids.length < n) {
    slot.ids = new Float64Array(Math.max(n, 2 * slot.ids.length));
    slot.values = new Float64Array(slot.ids.length);
  }
  for (let i = 0; i < n; i++) {
    slot.ids[i] = ids[from + i] as number;
    slot.values[i] = values[from + i] as number;
  }
  slot.n = n;
  slot.version = version;
}

/** Permutations told by carried within-sums rather than scanned, in this thread: for the tests and the bench. */
export function carriedPermutations(): number {
  return carriedRun;
}

let triedStamp = new Int32Array(0);
let stamp = 0;

/**
 * Tests the best split of values[from, to): returns it with its p-value when significant. The
 * p-th of the test's permutations is the stretch's points in the order of keyOf(seed, p, id), ids
 * being the points' identities (their commits' seq), so the test gives one answer for the same
 * points wherever it runs, and the points a stretch shares with the last one keep their order.
 * The permutation loop stops as soon as enough permutations beat the observed statistic that the
 * test can no longer pass, and tries first those that beat it at the last tests: at the next
 * commit of a stretch with no step, they mostly beat it again, so such a test costs a few scans
 * rather than a dozen. Which permutations are tried first changes how soon the test stops, never
 * its answer: that is the count of beaters among all of them.
 */
function testSplit(values: ArrayLike<number>, ids: ArrayLike<number>, from: number, to: number, settings: ChangePointSettings, seed: number, whole: boolean): Split | undefined {
  const seg = new Segment(values, from, to, settings.minSize);
  const ranks = seg.rankAt;
  const observed = seg.scan(ranks, inOrder(seg.n));
  if (observed.tau < 0 || !(observed.q > 0)) return undefined;
  const allowed = Math.floor(settings.significance * (settings.permutations + 1)) - 1;
  if (allowed < 0) throw new RangeError('significance is too small for the number of permutations');
  const lineage = lineageOf(seed);
  if (whole || lineage.targetLength === 0 || !within(lineage, ids, from, to)) advance(lineage, ids, from, to);
  placePositions(lineage, ids, from, to);
  // The stretch's points in a permutation are those of the target between these identities.
  const lo = ids[from] as number;
  const hi = ids[to - 1] as number;
  const base = lineage.target[0] as number;
  let beaten = 0;
  // Scale-aware tolerance: a permutation that ties the observed statistic counts against it.
  const tie = observed.q * (1 - 1e-12);
  const total = settings.permutations;
  if (triedStamp.length < total) triedStamp = new Int32Array(Math.max(total, 2 * triedStamp.length));
  stamp = (stamp + 1) | 0;
  if (stamp === 0) {
    triedStamp.fill(0);
    stamp = 1;
  }
  // A test that settles in a few reads (a stretch with no step) neither keeps nor carries sums;
  // one still reading after CARRY_FROM will most likely read every permutation, and from there on
  // it carries what the last test of its stretch kept and keeps its own.
  let carry: { slot: CarrySlot; near: boolean } | undefined;
  let was = 0;
  let version = 0;
  let margin = 0;
  let read = 0;
  const n = seg.n;
  let sums: Float64Array = withinScratch.length >= n + 1 ? withinScratch : new Float64Array(Math.max(n + 1, 2 * withinScratch.length));
  // The permutations that beat the statistic lately first, then the rest in turn.
  const beaters = lineage.beaters;
  const firstCount = lineage.beaterCount;
  let newBeaters = 0;
  let p = 0;
  for (let i = 0; ; i++) {
    let q: number;
    if (i < firstCount) q = beaters[i] as number;
    else {
      while (p < total && triedStamp[p] === stamp) p++;
      if (p >= total) break;
      q = p++;
    }
    if (q >= total || triedStamp[q] === stamp) continue;
    triedStamp[q] = stamp;
    // Only a seed tested at an earlier call (a replay's commit before) has sums to carry: a
    // publish judges each case once, and keeping them there would cost without paying back.
    if (carry === undefined && lineage.bornIn !== calls && read++ >= CARRY_FROM) {
      carry = carrySlot(lineage.seed, values, ids, from, to, total);
      was = carry.slot.version;
      version = ++carryVersion;
      margin = carry.near ? seg.carryMargin(values, from, to) : 0;
    }
    const kept = permutation(lineage, q);
    const slot = carry?.slot;
    const old = slot !== undefined && carry?.near && slot.stamp[q] === was && (slot.chain[q] as number) < CARRY_CHAIN ? slot.within[q] : undefined;
    let beats: boolean;
    let chain = 0;
    if (slot !== undefined && old !== undefined && seg.carriedBelow(kept, lo, hi, base, old, carryDiff, lineage.seed, q, tie, margin, sums)) {
      beats = false;
      chain = (slot.chain[q] as number) + 1;
      carriedRun++;
    } else {
      scansRun++;
      beats = seg.scan(ranks, permutedOrder(kept, lo, hi, base, n), tie, slot === undefined ? undefined : sums).q >= tie;
    }
    if (!beats && slot !== undefined) {
      // The sums just written become the slot's, and its old array the next ones' working array.
      const spare = slot.within[q];
      slot.within[q] = sums;
      sums = spare !== undefined && spare.length >= n + 1 ? spare : new Float64Array(Math.max(n + 1, 2 * (spare?.length ?? 0)));
      slot.stamp[q] = version;
      slot.chain[q] = chain;
    }
    if (beats) {
      beaten++;
      // Moved to the front of the beaters (newest first), the others kept in their order.
      let at = 0;
      while (at < lineage.beaterCount && beaters[at] !== q) at++;
      if (at === lineage.beaterCount && lineage.beaterCount < BEATERS) lineage.beaterCount++;
      beaters.copyWithin(newBeaters + 1, newBeaters, Math.min(at, BEATERS - 1));
      beaters[newBeaters++] = q;
      if (beaten > allowed) break;
    }
  }
  withinScratch = sums;
  if (carry !== undefined) settleSlot(carry.slot, values, ids, from, to, version);
  if (beaten > allowed) return undefined;
  return { index: from + observed.tau, pValue: (beaten + 1) / (settings.permutations + 1) };
}

/** Whether ids[from, to) are the target's identities between its first and last, as a side of its split's are. */
function within(lineage: Lineage, ids: ArrayLike<number>, from: number, to: number): boolean {
  const t = lineage.target;
  const n = lineage.targetLength;
  const at = lowerBound(t, n, ids[from] as number);
  if (at + (to - from) > n) return false;
  for (let i = from; i < to; i++) if (t[at + i - from] !== ids[i]) return false;
  return true;
}

/**
 * Significant splits of values[from, to) by recursive bisection, in index order. Values are
 * whatever scale the caller wants steps found on (the detector passes log medians, so a step is
 * a ratio whatever the case's magnitude). `ids` are the points' identities, increasing by whole
 * steps (the detector passes each point's seq): a test's permutations are keyed by them, so the
 * same points give the same answer in any window and on any run, and a test at the next commit
 * starts from what the last one learnt. Without them a point's position stands in.
 */
export function eDivisive(
  values: ArrayLike<number>,
  settings: ChangePointSettings = DEFAULT_CHANGE_POINT_SETTINGS,
  seed = 0,
  from = 0,
  to = values.length,
  ids: ArrayLike<number> = inOrder(values.length),
): Split[] {
  calls++;
  const found: Split[] = [];
  const pending: [number, number][] = [[from, to]];
  // Identities that do not increase by whole steps cannot key the permutations (a case's points
  // always do: their seqs): the positions stand in for them.
  let keys = ids;
  for (let i = from + 1; i < to && keys === ids; i++) {
    const step = (ids[i] as number) - (ids[i - 1] as number);
    if (!(step >= 1) || !Number.isInteger(step) || !Number.isSafeInteger(ids[i] as number)) keys = inOrder(values.length);
  }
  if (to > from && !((ids[to - 1] as number) - (ids[from] as number) < MAX_SPAN)) keys = inOrder(values.length);
  while (pending.length > 0) {
    const [a, b] = pending.pop() as [number, number];
    if (b - a < 2 * settings.minSize) continue;
    // The whole stretch changes with every commit; only the parts either side of a split come back.
    const split = a === from && b === to ? testSplit(values, keys, a, b, settings, seed, true) : testSplitOnce(values, keys, a, b, settings, seed);
    if (!split) continue;
    found.push(split);
    pending.push([a, split.index], [split.index, b]);
  }
  return found.sort((x, y) => x.index - y.index);
}
