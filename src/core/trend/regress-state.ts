/**
 * The regression state: per suite, the recent values of each case kept beside the manifest, so a
 * publish judges its commit from a few small files instead of walking back through the chunks
 * (issue #12 item 3; docs/trend-format.md, schemas/regression-state.schema.json).
 *
 * It is a cache of the chunks, never the record: it holds exactly what the walk back through the
 * chunks (walkSegments, the same rounds caseHistories always made) would hand the detector, and
 * when it cannot say so (an older benchtrend published the suite, a re-run of a commit it holds, a
 * case whose history reaches further back than it keeps) the planner builds it again from the
 * chunks and the judge walks the chunks as before. Verdicts do not depend on which one was read.
 *
 * What the detector reads of a case's history (src/core/regress/detect.ts, host.ts): every
 * point's value, seq and commit, and only the newest point's error bar (the ratio rule's baseline);
 * runs and n only of the point it judges, which comes with the publish. So an entry is a commit
 * (seq, sha) and one number per case, and the bar is kept once per case. Older points are handed
 * to the detector with their bar at the value and runs = n = 1, which it never reads.
 *
 * Files (data-dir): `data/r/<suite>/head.json`, the newest entries (fewer than BLOCK) and which
 * blocks are kept; `data/r/<suite>/<k>.json`, entries [16k, 16k+16) of the state. A publish
 * rewrites the head (a few KiB) and, every 16th entry, writes one block; blocks no walk would
 * read any more go out of the tree. Pure.
 */
import { previousEntrySeqs, type SeriesPoint } from '../regress/detect.js';
import { resolveSegments } from './layout.js';
import type { CaseInfo, Manifest, Segment } from './types.js';

export const STATE_SCHEMA = 'benchtrend/regression-state';
export const STATE_VERSION = 1;
/** Points per case the state keeps: the change-point scan's `scanLimit` (regress/settings.ts). */
export const STATE_POINTS = 300;
/** Entries per block file. */
export const STATE_BLOCK = 16;
/** Rounds of the walk back through the chunks, each twice as far as the one before. */
export const WALK_ROUNDS = 4;

/** Where a suite's state lives, relative to data-dir; `suite` is its index in manifest.suites. */
export function statePath(suite: number, part: 'head' | number): string {
  const folder = `data/r/${String(suite).padStart(4, '0')}`;
  return part === 'head' ? `${folder}/head.json` : `${folder}/${String(part).padStart(8, '0')}.json`;
}

/** Paths the write gate and the readers accept: suite, then `head` or a block number. */
export const STATE_PATH = /^data\/r\/(\d{4,})\/(head|\d{8,})\.json$/;

/** The newest point's bar and counts. */
export interface Bar {
  readonly q1: number;
  readonly q3: number;
  readonly runs: number;
  readonly n: number;
}

/** One commit of the suite (a segment with points once re-runs are resolved). */
export interface StateEntry {
  readonly seq: number;
  readonly sha: string;
  /** Manifest case index → value. */
  readonly values: ReadonlyMap<number, number>;
}

export interface SuiteState {
  /** Index in manifest.suites. */
  readonly suite: number;
  /** Ordinal of entries[0]; a multiple of STATE_BLOCK. Block k holds ordinals [16k, 16k+16). */
  readonly first: number;
  /** Every entry of the suite with seq >= since is here, oldest first. */
  readonly since: number;
  readonly entries: readonly StateEntry[];
  /** The newest point's bar of each case that has a point here. */
  readonly bars: ReadonlyMap<number, Bar>;
}

/** A file as stored: columns, one row per entry. */
export interface StateFile {
  readonly schema: typeof STATE_SCHEMA;
  readonly version: number;
  readonly suite: number;
  /** Blocks only: the block number, as in the file name. */
  readonly index?: number;
  /** Head only: blocks [blocks[0], blocks[1]) are kept; its own entries start at ordinal 16 * blocks[1]. */
  readonly blocks?: readonly [number, number];
  /** Head only: every entry of the suite with seq >= since is in the state. */
  readonly since?: number;
  readonly seq: readonly number[];
  readonly sha: readonly string[];
  /** Manifest case indexes, one per column of `values`. */
  readonly cases: readonly number[];
  /** values[j][i]: case cases[j] at entry i, null when the entry has no point of it. */
  readonly values: readonly (readonly (number | null)[])[];
  /** Head only: the newest point's q1, q3, runs and n of each case. */
  readonly bars?: { readonly case: readonly number[]; readonly q1: readonly number[]; readonly q3: readonly number[]; readonly runs: readonly number[]; readonly n: readonly number[] };
}

function encodeRows(entries: readonly StateEntry[]): Pick<StateFile, 'seq' | 'sha' | 'cases' | 'values'> {
  const cases = [...new Set(entries.flatMap((e) => [...e.values.keys()]))].sort((a, b) => a - b);
  return {
    seq: entries.map((e) => e.seq),
    sha: entries.map((e) => e.sha),
    cases,
    values: cases.map((c) => entries.map((e) => e.values.get(c) ?? null)),
  };
}

function decodeRows(file: Pick<StateFile, 'seq' | 'sha' | 'cases' | 'values'>): StateEntry[] {
  return file.seq.map((seq, i) => {
    const values = new Map<number, number>();
    file.cases.forEach((c, j) => {
      const v = file.values[j]?.[i];
      if (typeof v === 'number') values.set(c, v);
    });
    return { seq, sha: file.sha[i] as string, values };
  });
}

/** The files of a state: its blocks by number and its head. */
export function encodeState(state: SuiteState): { head: StateFile; blocks: Map<number, StateFile> } {
  const full = Math.floor((state.first + state.entries.length) / STATE_BLOCK);
  const from = state.first / STATE_BLOCK;
  const blocks = new Map<number, StateFile>();
  for (let k = from; k < full; k++) {
    const rows = state.entries.slice(k * STATE_BLOCK - state.first, (k + 1) * STATE_BLOCK - state.first);
    blocks.set(k, { schema: STATE_SCHEMA, version: STATE_VERSION, suite: state.suite, index: k, ...encodeRows(rows) });
  }
  const bars = [...state.bars].sort(([a], [b]) => a - b);
  const head: StateFile = {
    schema: STATE_SCHEMA,
    version: STATE_VERSION,
    suite: state.suite,
    blocks: [from, full],
    since: state.since,
    ...encodeRows(state.entries.slice(full * STATE_BLOCK - state.first)),
    bars: {
      case: bars.map(([c]) => c),
      q1: bars.map(([, b]) => b.q1),
      q3: bars.map(([, b]) => b.q3),
      runs: bars.map(([, b]) => b.runs),
      n: bars.map(([, b]) => b.n),
    },
  };
  return { head, blocks };
}

/** A state from its head and the blocks it lists (already validated, in order). */
export function decodeState(head: StateFile, blocks: readonly StateFile[]): SuiteState {
  const [from] = head.blocks ?? [0, 0];
  const bars = new Map<number, Bar>();
  const b = head.bars;
  b?.case.forEach((c, i) => bars.set(c, { q1: b.q1[i] as number, q3: b.q3[i] as number, runs: b.runs[i] as number, n: b.n[i] as number }));
  return {
    suite: head.suite,
    first: from * STATE_BLOCK,
    since: head.since ?? 0,
    entries: [...blocks.flatMap(decodeRows), ...decodeRows(head)],
    bars,
  };
}

/**
 * What is wrong with a state file that matched its schema, against the manifest it sits beside;
 * undefined when nothing. `part` is what its path says: `head` or the block number.
 */
export function stateFileProblem(f: StateFile, suite: number, part: 'head' | number, manifest: Pick<Manifest, 'suites' | 'cases' | 'segments'>): string | undefined {
  if (f.suite !== suite) return `holds the state of suite ${f.suite} but its path is that of suite ${suite}`;
  const name = manifest.suites[suite];
  if (name === undefined) return `suite ${suite} is not in the manifest's suites`;
  if (part === 'head') {
    if (f.index !== undefined || !f.blocks || f.since === undefined || !f.bars) return 'a head needs blocks, since and bars, and no index';
    if (f.blocks[0] > f.blocks[1]) return `blocks [${f.blocks[0]}, ${f.blocks[1]}) is not a range`;
    if (f.seq.length >= STATE_BLOCK) return `a head holds fewer than ${STATE_BLOCK} entries, this one ${f.seq.length}`;
    const b = f.bars;
    if (![b.q1, b.q3, b.runs, b.n].every((col) => col.length === b.case.length)) return 'bars: every column needs one row per case';
    const bad = b.case.find((c, i) => manifest.cases[c]?.suite !== name || (i > 0 && c <= (b.case[i - 1] as number)));
    if (bad !== undefined) return `bars.case: ${bad} is not a case of suite ${JSON.stringify(name)} in increasing order`;
  } else {
    if (f.index !== part || f.blocks !== undefined || f.since !== undefined || f.bars !== undefined) return `a block holds its number (${part}) as index, and no blocks, since or bars`;
    if (f.seq.length !== STATE_BLOCK) return `a block holds ${STATE_BLOCK} entries, this one ${f.seq.length}`;
  }
  if (f.sha.length !== f.seq.length) return `sha has ${f.sha.length} rows, seq ${f.seq.length}`;
  for (const [i, s] of f.seq.entries()) {
    if (s >= manifest.segments) return `seq[${i}] is ${s}, but the manifest counts ${manifest.segments} segments`;
    if (i > 0 && s <= (f.seq[i - 1] as number)) return `seq[${i}] is ${s}, not after ${f.seq[i - 1]}`;
  }
  if (f.values.length !== f.cases.length) return `values has ${f.values.length} columns for ${f.cases.length} cases`;
  for (const [j, c] of f.cases.entries()) {
    if (manifest.cases[c]?.suite !== name) return `cases[${j}]: ${c} is not a case of suite ${JSON.stringify(name)} in the manifest`;
    if (j > 0 && c <= (f.cases[j - 1] as number)) return `cases[${j}]: ${c} is not after ${f.cases[j - 1]}`;
    if ((f.values[j] as readonly unknown[]).length !== f.seq.length) return `values[${j}] has ${(f.values[j] as readonly unknown[]).length} rows for ${f.seq.length} entries`;
  }
  return undefined;
}

/** The manifest indexes of the suite's cases. */
function caseIndexes(manifest: Pick<Manifest, 'cases'>, suite: string): Map<string, number> {
  const out = new Map<string, number>();
  manifest.cases.forEach((c, i) => {
    if (c.suite === suite) out.set(c.case, i);
  });
  return out;
}

/**
 * The segments the walk back from `upTo` reads, and where it stopped: from the newest, doubling
 * the span until every case of the suite (of `only`, when given: the cases being judged) has
 * `limit` points or its first one, at most WALK_ROUNDS rounds, so the read stays flat however long
 * the history is. Re-runs not resolved. Cases outside `only` may get fewer points than the walk
 * over all would give them; the cases in it get the same (their points are all the walk waits for).
 */
export async function walkSegments(
  load: (from: number, to: number) => Promise<Segment[]>,
  manifest: Pick<Manifest, 'cases'>,
  suite: string,
  upTo: number,
  limit: number,
  only?: ReadonlySet<string>,
): Promise<{ segments: Segment[]; from: number }> {
  const cases = manifest.cases.filter((c) => c.suite === suite && (only === undefined || only.has(c.case)));
  // Folds, not `Math.min(...)`: spread over a suite of some 120,000 cases, the arguments overflow the stack.
  const firstSeq = cases.reduce((m, c) => Math.min(m, c.firstSeq), upTo);
  let from = upTo;
  let span = limit;
  let segments: Segment[] = [];
  for (let round = 0; round < WALK_ROUNDS && from > firstSeq; round++) {
    const next = Math.max(firstSeq, upTo - span);
    segments = [...(await load(next, from)), ...segments];
    from = next;
    span *= 2;
    const counts = countsOf(resolveSegments(segments), suite);
    if (!cases.some((c) => (counts.get(c.case) ?? 0) < limit && c.firstSeq < from)) break;
  }
  return { segments, from };
}

function countsOf(resolved: readonly Segment[], suite: string): Map<string, number> {
  const out = new Map<string, number>();
  for (const s of resolved) if (s.suite === suite) for (const p of s.points) out.set(p.case, (out.get(p.case) ?? 0) + 1);
  return out;
}

/** Each point learns its suite's previous entry among the points kept, for the ratio rule's gaps (see SeriesPoint). */
function withPreviousSeq(out: Map<string, SeriesPoint[]>): Map<string, SeriesPoint[]> {
  const previous = previousEntrySeqs([...out.values()].flatMap((l) => l.map((p) => ({ seq: p.seq, sha: p.sha }))));
  for (const [k, list] of out) {
    out.set(
      k,
      list.map((p) => {
        const previousSeq = previous.get(p.seq);
        return previousSeq !== undefined ? { ...p, previousSeq } : p;
      }),
    );
  }
  return out;
}

/** The last `limit` points of each case of `suite` in `segments`, oldest first, re-runs resolved. */
export function historiesOf(segments: readonly Segment[], suite: string, limit: number): Map<string, SeriesPoint[]> {
  const out = new Map<string, SeriesPoint[]>();
  for (const s of resolveSegments(segments)) {
    if (s.suite !== suite) continue;
    for (const p of s.points) {
      const list = out.get(p.case) ?? [];
      list.push({ sha: s.commit.sha, seq: s.seq, value: p.value, q1: p.q1, q3: p.q3, runs: p.runs, n: p.n, ...(p.summaryOnly === true ? { summaryOnly: true } : {}) });
      out.set(p.case, list);
    }
  }
  for (const [k, list] of out) if (list.length > limit) out.set(k, list.slice(-limit));
  return withPreviousSeq(out);
}

/** The suite's cases (those in `only`, when given) with their manifest indexes. */
function casesOfSuite(manifest: Pick<Manifest, 'cases'>, suite: string, only?: ReadonlySet<string>): (readonly [CaseInfo, number])[] {
  return manifest.cases.flatMap((c, i) => (c.suite === suite && (only === undefined || only.has(c.case)) ? [[c, i] as const] : []));
}

/**
 * Where the walk back from `upTo` would stop (walkSegments), judged from the state; undefined
 * when it would read further back than the state holds (the caller then walks the chunks).
 */
function walkFrom(state: SuiteState, cases: readonly (readonly [CaseInfo, number])[], upTo: number, limit: number): number | undefined {
  const firstSeq = cases.reduce((m, [c]) => Math.min(m, c.firstSeq), upTo);
  let from = upTo;
  for (let round = 0, span = limit; round < WALK_ROUNDS && from > firstSeq; round++, span *= 2) {
    from = Math.max(firstSeq, upTo - span);
    if (from < state.since) return undefined;
    const counts = new Map<number, number>();
    for (const e of state.entries) if (e.seq >= from && e.seq < upTo) for (const c of e.values.keys()) counts.set(c, (counts.get(c) ?? 0) + 1);
    if (!cases.some(([c, i]) => (counts.get(i) ?? 0) < limit && c.firstSeq < from)) break;
  }
  return from;
}

/**
 * What walking the chunks back from `upTo` would give the detector (walkSegments, then
 * historiesOf), read from the state; undefined when the state cannot tell it, and the caller walks
 * the chunks instead. The state must be current: built through every segment of the suite below `upTo`.
 */
export function historiesFromState(
  state: SuiteState,
  manifest: Pick<Manifest, 'cases' | 'suites'>,
  upTo: number,
  limit: number,
  only?: ReadonlySet<string>,
): Map<string, SeriesPoint[]> | undefined {
  const suite = manifest.suites[state.suite];
  if (suite === undefined) return undefined;
  const cases = casesOfSuite(manifest, suite, only);
  const from = walkFrom(state, cases, upTo, limit);
  if (from === undefined) return undefined;
  const out = new Map<string, SeriesPoint[]>();
  const newest = new Map<number, number>();
  for (const e of state.entries) for (const c of e.values.keys()) newest.set(c, e.seq);
  for (const e of state.entries) {
    if (e.seq < from || e.seq >= upTo) continue;
    for (const [c, value] of e.values) {
      const name = manifest.cases[c]?.case;
      if (name === undefined) return undefined;
      const bar = newest.get(c) === e.seq ? state.bars.get(c) : undefined;
      const list = out.get(name) ?? [];
      list.push({ sha: e.sha, seq: e.seq, value, q1: bar?.q1 ?? value, q3: bar?.q3 ?? value, runs: bar?.runs ?? 1, n: bar?.n ?? 1 });
      out.set(name, list);
    }
  }
  for (const [k, list] of out) if (list.length > limit) out.set(k, list.slice(-limit));
  return withPreviousSeq(out);
}

/** The suite's newest segment with points, by the manifest: what a current state ends on. */
export function newestSeqOf(manifest: Pick<Manifest, 'cases'>, suite: string): number {
  return manifest.cases.reduce((m, c) => (c.suite === suite ? Math.max(m, c.lastSeq) : m), -1);
}

/** True when the state holds every segment of its suite the manifest counts. */
export function isCurrent(state: SuiteState, manifest: Pick<Manifest, 'cases' | 'suites'>): boolean {
  const suite = manifest.suites[state.suite];
  if (suite === undefined) return false;
  return (state.entries[state.entries.length - 1]?.seq ?? -1) === newestSeqOf(manifest, suite);
}

/** A state from resolved segments (those of other suites are skipped), complete from `since` on. */
export function stateFromSegments(suite: number, name: string, manifest: Pick<Manifest, 'cases'>, segments: readonly Segment[], since: number): SuiteState | undefined {
  // Resolved, a commit re-run for some of its shapes keeps two entries; appended later, it could not.
  return append({ suite, first: 0, since, entries: [], bars: new Map() }, name, manifest, resolveSegments(segments), true);
}

/**
 * The state with newer segments of the suite added, oldest first; undefined when they cannot be
 * added to it as they are (a re-run of a commit it holds, two points of one case in a segment): the
 * planner then builds it again from the chunks.
 */
export function append(state: SuiteState, name: string, manifest: Pick<Manifest, 'cases'>, segments: readonly Segment[], resolved = false): SuiteState | undefined {
  const index = caseIndexes(manifest, name);
  const entries = [...state.entries];
  const bars = new Map(state.bars);
  const shas = new Set(entries.map((e) => e.sha));
  for (const s of segments) {
    if (s.suite !== name || s.points.length === 0) continue;
    if (shas.has(s.commit.sha) && !resolved) return undefined;
    shas.add(s.commit.sha);
    const values = new Map<number, number>();
    for (const p of s.points) {
      const c = index.get(p.case);
      if (c === undefined || values.has(c)) return undefined;
      values.set(c, p.value);
      bars.set(c, { q1: p.q1, q3: p.q3, runs: p.runs, n: p.n });
    }
    if (entries.length > 0 && s.seq <= (entries[entries.length - 1] as StateEntry).seq) return undefined;
    entries.push({ seq: s.seq, sha: s.commit.sha, values });
  }
  return { ...state, entries, bars };
}

/**
 * The state without the oldest blocks that no walk from `upTo` on would read: those before where
 * the walk for the cases of the newest entry stops (walkFrom; the next publish most likely judges
 * the same cases), and anything more than the longest walk back. Only whole blocks go; the head
 * stays. A case that comes back after a long gap finds its history gone and is judged from the chunks.
 */
export function trim(state: SuiteState, manifest: Pick<Manifest, 'cases' | 'suites'>, upTo: number, limit = STATE_POINTS): SuiteState {
  const suite = manifest.suites[state.suite];
  const newest = state.entries[state.entries.length - 1];
  if (suite === undefined || newest === undefined) return state;
  const only = new Set([...newest.values.keys()].map((c) => manifest.cases[c]?.case as string));
  const longest = upTo - limit * 2 ** (WALK_ROUNDS - 1);
  const from = walkFrom(state, casesOfSuite(manifest, suite, only), upTo, limit) ?? longest;
  let drop = 0;
  const full = Math.floor((state.first + state.entries.length) / STATE_BLOCK) * STATE_BLOCK - state.first;
  // A block may go when the entry after it is still no newer than where the walk stops.
  while (drop + STATE_BLOCK <= full && drop + STATE_BLOCK < state.entries.length && (state.entries[drop + STATE_BLOCK] as StateEntry).seq <= from) drop += STATE_BLOCK;
  if (drop === 0) return state;
  const kept = state.entries.slice(drop);
  const since = (state.entries[drop - 1] as StateEntry).seq + 1;
  const bars = new Map([...state.bars].filter(([c]) => kept.some((e) => e.values.has(c))));
  return { ...state, first: state.first + drop, since, entries: kept, bars };
}
