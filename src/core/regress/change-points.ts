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
import { Random, mixSeed } from './prng.js';

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
    const v = values[from + pos] as number;
    let lo = 0;
    let hi = n;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((sv[mid] as number) < v) lo = mid + 1;
      else hi = mid;
    }
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
  let gone = -1;
  if (shift) {
    let hi = m;
    gone = 0;
    while (gone < hi) {
      const mid = (gone + hi) >>> 1;
      if ((was[mid] as number) < removed) gone = mid + 1;
      else hi = mid;
    }
  }
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
   * The split τ (minSize ≤ τ ≤ n − minSize) maximising the scaled energy distance
   * Q = m·k/(m+k) · (2/(m·k)·Σ|x−y| − Σ|x−x'|/C(m,2) − Σ|y−y'|/C(k,2)) for the ranks read in
   * the given order of positions (ranks[order[0]], ranks[order[1]], ...), and that maximum. With
   * `stopAt`, it returns as soon as some τ reaches it, having read no further.
   */
  scan(ranks: Int32Array, order: Int32Array, stopAt = Infinity): { tau: number; q: number } {
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
    for (let tau = 1; tau <= last; tau++) {
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
      if (tau < first) continue;
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
 * test gives the same answer for the same values, bounds and seed, so it is looked up rather
 * than run again. A pure function's memo: the answers are the same with or without it.
 */
interface Tested {
  readonly values: Float64Array;
  readonly from: number;
  readonly seed: number;
  readonly settings: ChangePointSettings;
  readonly split: Split | undefined;
}
const MEMO_ENTRIES = 4096;
const memo = new Map<number, Tested>();
const bits = new Float64Array(1);
const words = new Uint32Array(bits.buffer);

function memoKey(values: ArrayLike<number>, from: number, to: number, settings: ChangePointSettings, seed: number): number {
  // A few values suffice for the key: a hit is checked value by value, and a clash only costs
  // running the test.
  let h = mixSeed(seed, from, to, settings.minSize, settings.permutations, Math.round(settings.significance * 1e9));
  for (const i of [from, (from + to) >>> 1, to - 1]) {
    bits[0] = values[i] as number;
    h = mixSeed(h, words[0] as number, words[1] as number);
  }
  return h;
}

function memoHit(entry: Tested | undefined, values: ArrayLike<number>, from: number, to: number, settings: ChangePointSettings, seed: number): boolean {
  if (!entry || entry.from !== from || entry.seed !== seed || entry.values.length !== to - from) return false;
  const s = entry.settings;
  if (s.minSize !== settings.minSize || s.permutations !== settings.permutations || s.significance !== settings.significance) return false;
  for (let i = from; i < to; i++) if (!Object.is(entry.values[i - from], values[i])) return false;
  return true;
}

/** Empties the memo of tests, the kept shuffle orders and the last order (the tests compare answers with and without them). */
export function forgetTests(): void {
  memo.clear();
  orderMemo.clear();
  ordersHeld = 0;
  seedsSeen.clear();
  lastOrder = undefined;
}

/** testSplit, looked up when the same test was run before. */
function testSplitOnce(values: ArrayLike<number>, from: number, to: number, settings: ChangePointSettings, seed: number): Split | undefined {
  const key = memoKey(values, from, to, settings, seed);
  const entry = memo.get(key);
  if (memoHit(entry, values, from, to, settings, seed)) return (entry as Tested).split;
  const split = testSplit(values, from, to, settings, seed);
  if (memo.size >= MEMO_ENTRIES) memo.delete(memo.keys().next().value as number);
  const copy = new Float64Array(to - from);
  for (let i = from; i < to; i++) copy[i - from] = values[i] as number;
  memo.set(key, { values: copy, from, seed, settings: { minSize: settings.minSize, permutations: settings.permutations, significance: settings.significance }, split });
  return split;
}

/**
 * Where the shuffles of one seed put each position, for any values: a shuffle moves positions
 * whatever they hold, so the p-th permutation of the ranks is the ranks read in the p-th order
 * of the positions 0..n-1 shuffled the same way. A replay tests a window of one length under one
 * seed at every commit (its values moved on by one), and reading an order back costs a fraction
 * of drawing it again.
 */
class ShuffleOrders {
  private readonly rng: Random;
  /** The positions shuffled orders.length times. */
  private readonly current: Int32Array;
  private readonly orders: Int32Array[] = [];

  constructor(
    readonly seed: number,
    readonly n: number,
  ) {
    this.rng = new Random(seed);
    this.current = new Int32Array(n);
    for (let i = 0; i < n; i++) this.current[i] = i;
  }

  /** The order after p + 1 shuffles, drawn once. */
  order(p: number): Int32Array {
    while (this.orders.length <= p) {
      this.orders.push(this.rng.shuffle(this.current).slice());
      ordersHeld += this.n;
    }
    return this.orders[p] as Int32Array;
  }

  get size(): number {
    return this.orders.length * this.n;
  }
}

// Orders are kept from a seed's second test on (most stretches of a young history are tested
// once), the least recently used let go once they hold more than 4 Mi positions (16 MB): a
// replay's worker meets a few dozen windows at a time, 60,000 positions each at most.
const ORDER_BUDGET = 1 << 22;
const orderMemo = new Map<number, ShuffleOrders>();
const seedsSeen = new Set<number>();
let ordersHeld = 0;

/** Lets go of the least recently used orders until they fit the budget. */
function trimOrders(): void {
  for (const [s, o] of orderMemo) {
    if (ordersHeld <= ORDER_BUDGET) break;
    ordersHeld -= o.size;
    orderMemo.delete(s);
  }
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

/** The kept orders of this seed and length, or undefined when the test should shuffle itself. */
function shuffleOrders(seed: number, n: number): ShuffleOrders | undefined {
  const kept = orderMemo.get(seed);
  if (kept && kept.n === n) {
    orderMemo.delete(seed);
    trimOrders();
    orderMemo.set(seed, kept);
    return kept;
  }
  const key = mixSeed(seed, n);
  if (!seedsSeen.has(key)) {
    if (seedsSeen.size >= 1 << 16) seedsSeen.clear();
    seedsSeen.add(key);
    return undefined;
  }
  if (kept) {
    ordersHeld -= kept.size;
    orderMemo.delete(seed);
  }
  trimOrders();
  const made = new ShuffleOrders(seed, n);
  orderMemo.set(seed, made);
  return made;
}

/**
 * Tests the best split of values[from, to): returns it with its p-value when significant. The
 * permutation loop stops as soon as enough shuffles beat the observed statistic that the test can
 * no longer pass, so quiet stretches cost a handful of scans rather than all of them.
 */
function testSplit(values: ArrayLike<number>, from: number, to: number, settings: ChangePointSettings, seed: number): Split | undefined {
  const seg = new Segment(values, from, to, settings.minSize);
  const ranks = seg.rankAt;
  const observed = seg.scan(ranks, inOrder(seg.n));
  if (observed.tau < 0 || !(observed.q > 0)) return undefined;
  const shuffleSeed = mixSeed(seed, from, to);
  const kept = shuffleOrders(shuffleSeed, ranks.length);
  const rng = kept ? undefined : new Random(shuffleSeed);
  const allowed = Math.floor(settings.significance * (settings.permutations + 1)) - 1;
  if (allowed < 0) throw new RangeError('significance is too small for the number of permutations');
  let beaten = 0;
  // Scale-aware tolerance: a permutation that ties the observed statistic counts against it.
  const tie = observed.q * (1 - 1e-12);
  // Without kept orders the positions are shuffled here, in the same turns as a kept order's.
  const drawn = rng ? Int32Array.from(inOrder(seg.n)) : undefined;
  for (let p = 0; p < settings.permutations; p++) {
    const order = drawn ? (rng as Random).shuffle(drawn) : (kept as ShuffleOrders).order(p);
    if (seg.scan(ranks, order, tie).q >= tie) {
      beaten++;
      if (beaten > allowed) return undefined;
    }
  }
  return { index: from + observed.tau, pValue: (beaten + 1) / (settings.permutations + 1) };
}

/**
 * Significant splits of values[from, to) by recursive bisection, in index order. Values are
 * whatever scale the caller wants steps found on (the detector passes log medians, so a step is
 * a ratio whatever the case's magnitude).
 */
export function eDivisive(
  values: ArrayLike<number>,
  settings: ChangePointSettings = DEFAULT_CHANGE_POINT_SETTINGS,
  seed = 0,
  from = 0,
  to = values.length,
): Split[] {
  const found: Split[] = [];
  const pending: [number, number][] = [[from, to]];
  while (pending.length > 0) {
    const [a, b] = pending.pop() as [number, number];
    if (b - a < 2 * settings.minSize) continue;
    // The whole stretch changes with every commit; only the parts either side of a split come back.
    const split = a === from && b === to ? testSplit(values, a, b, settings, seed) : testSplitOnce(values, a, b, settings, seed);
    if (!split) continue;
    found.push(split);
    pending.push([a, split.index], [split.index, b]);
  }
  return found.sort((x, y) => x.index - y.index);
}
