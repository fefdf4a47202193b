import type { ValidateFunction } from 'ajv';
import chunkSchema from '../../../schemas/chunk.schema.json' with { type: 'json' };
import manifestSchema from '../../../schemas/manifest.schema.json' with { type: 'json' };
import regressionStateSchema from '../../../schemas/regression-state.schema.json' with { type: 'json' };
import newestSchema from '../../../schemas/newest.schema.json' with { type: 'json' };
import rollupSchema from '../../../schemas/rollup.schema.json' with { type: 'json' };
import segmentSchema from '../../../schemas/segment.schema.json' with { type: 'json' };
import { lazyValidator } from '../schema-compile.js';
import { schemaErrorLine } from '../schema-error.js';
import { pointProblem } from '../cases.js';
import { InputError } from '../model.js';
import { nameProblem, visible } from '../text.js';
import { ChunkError, decodeChunk, eachDecoded, sameJson, type ChunkFile } from './chunk.js';
import { caseListProblem } from './case-digest.js';
import { manifestCountsProblem } from './manifest-counts.js';
import { STATE_PATH, STATE_VERSION, stateFileProblem, type StateFile } from './regress-state.js';
import { NEWEST_SEGMENTS, decodeNewest, type NewestFile } from './newest.js';
import { ROLLUP_FANOUT, TREND_SCHEMA_VERSION, type Manifest, type Rollup, type Segment } from './types.js';

/**
 * Published data that does not parse or does not match its schema. The run stops and nothing is
 * pushed: github-action-benchmark swallowed exactly this and wrote an empty history back.
 */
export class TrendDataError extends InputError {}

/** Trend data a newer benchtrend wrote: never rebuilt or written over by this one. */
export class NewerTrendDataError extends TrendDataError {}

// Compiled on first use (schema-compile.ts): a run pays only for the files it reads.
const validateManifest = lazyValidator<Manifest>(manifestSchema);
const validateSegment = lazyValidator<Segment>(segmentSchema);
const validateRollup = lazyValidator<Rollup>(rollupSchema, [segmentSchema]);
const validateChunk = lazyValidator<ChunkFile>(chunkSchema);
const validateState = lazyValidator<StateFile>(regressionStateSchema);
const validateNewest = lazyValidator<NewestFile>(newestSchema, [chunkSchema]);

function parse(file: string, text: string): unknown {
  try {
    // A file saved by hand in a Windows editor ("UTF-8 with BOM") starts with a byte order mark,
    // which is no part of the content: the page's fetch drops it, and records and imports are
    // read without it. JSON.parse alone refused it with an invisible character as the reason.
    return JSON.parse(text.replace(/^\uFEFF/, '')) as unknown;
  } catch (e) {
    const why = text.trim() === '' ? 'the file is empty' : e instanceof Error ? e.message : String(e);
    throw new TrendDataError(`${file}: existing trend data is not JSON (${why}); refusing to publish over it`);
  }
}

function check<T extends { version: number }>(kind: string, validator: () => ValidateFunction<T>, file: string, text: string): T {
  const validate = validator();
  const data = parse(file, text);
  if (!validate(data)) {
    const first = validate.errors?.[0];
    const why = first ? schemaErrorLine(first, data, 'the top level') : `does not match the ${kind} schema`;
    throw new TrendDataError(`${file}: existing trend data does not match the ${kind} schema: ${why}; refusing to publish over it`);
  }
  if (data.version > TREND_SCHEMA_VERSION) {
    throw new TrendDataError(
      `${file}: written by a newer benchtrend (trend format ${data.version}, this one reads ${TREND_SCHEMA_VERSION}); upgrade benchtrend (the action's version, or the npm package of the CLI)`,
    );
  }
  return data;
}

/** Parses and validates manifest.json; `file` is how messages name it. */
export function parseManifest(file: string, text: string): Manifest {
  const m = check('manifest', validateManifest, file, text);
  // Counts that cannot be real are refused here, before any reader plans reads or allocates for them.
  const bad = (why: string) => new TrendDataError(`${file}: ${why}; the manifest is damaged, refusing to read or publish over it`);
  const why = manifestCountsProblem(m) ?? caseListProblem(m);
  if (why) throw bad(why);
  return m;
}

/**
 * Parses and validates one file of a suite's regression state (regress-state.ts) against the
 * manifest beside it; `part` is what its path says, `head` or the block number.
 */
export function parseStateFile(file: string, text: string, suite: number, part: 'head' | number, manifest: Pick<Manifest, 'suites' | 'cases' | 'segments'>): StateFile {
  const data = parse(file, text);
  const validate = validateState();
  if (!validate(data)) {
    const first = validate.errors?.[0];
    const why = first ? schemaErrorLine(first, data, 'the top level') : 'does not match the regression state schema';
    throw new TrendDataError(`${file}: existing trend data does not match the regression state schema: ${why}; refusing to publish over it`);
  }
  if (data.version > STATE_VERSION) throw new NewerTrendDataError(`${file}: written by a newer benchtrend (regression state ${data.version}, this one reads ${STATE_VERSION}); upgrade benchtrend (the action's version, or the npm package of the CLI)`);
  const why = stateFileProblem(data, suite, part, manifest);
  if (why) throw new TrendDataError(`${file}: ${why}; the regression state is damaged, refusing to publish over it`);
  return data;
}

/** Parses and validates one segment and checks it sits where its seq says. */
export function parseSegment(file: string, text: string, seq: number): Segment {
  const s = check('segment', validateSegment, file, text);
  if (s.seq !== seq) throw new TrendDataError(`${file}: holds segment ${s.seq} but its path is that of segment ${seq}`);
  return s;
}

/** Parses and validates one rollup and checks it holds exactly the segments its place says. */
export function parseRollup(file: string, text: string, level: 1 | 2, index: number, size: number): Rollup {
  const r = check('rollup', validateRollup, file, text);
  if (r.level !== level || r.index !== index) {
    throw new TrendDataError(`${file}: holds level-${r.level} rollup ${r.index} but its path is that of level-${level} rollup ${index}`);
  }
  if (r.segments.length !== size) {
    throw new TrendDataError(`${file}: a level-${level} rollup holds ${size} segments, this one ${r.segments.length}`);
  }
  r.segments.forEach((s, i) => {
    if (s.seq !== index * size + i) {
      throw new TrendDataError(`${file}: segments[${i}] is segment ${s.seq}, expected ${index * size + i}`);
    }
  });
  return r;
}

/**
 * Parses and validates one format-2 chunk against its place and the manifest its cases refer to,
 * and returns its segments as format 1 stored them.
 */
export function parseChunk(file: string, text: string, level: 0 | 1 | 2, index: number, size: number, manifest: Manifest): Segment[] {
  const c = checkedChunk(file, text, level, index);
  return refusedAsData(file, () => decodeChunk(c, manifest, size));
}

/** `decode()`, a ChunkError it throws refused as a fault of the data in `file`, as every reader refuses one. */
function refusedAsData<T>(file: string, decode: () => T): T {
  try {
    return decode();
  } catch (e) {
    if (e instanceof ChunkError) throw new TrendDataError(`${file}: ${e.message}; refusing to publish over it`);
    throw e;
  }
}

function checkedChunk(file: string, text: string, level: 0 | 1 | 2, index: number): ChunkFile {
  const c = check('chunk', validateChunk, file, text);
  if (c.level !== level || c.index !== index) {
    throw new TrendDataError(`${file}: holds level-${c.level} chunk ${c.index} but its path is that of level-${level} chunk ${index}`);
  }
  return c;
}

/**
 * Whether a chunk's text reads back, as parseChunk reads it, as exactly these segments (sameJson,
 * each in turn, none held decoded after its comparison); refused as parseChunk refuses it.
 */
export function chunkReadsAs(file: string, text: string, level: 0 | 1 | 2, index: number, size: number, manifest: Pick<Manifest, 'suites' | 'cases'>, segments: readonly Segment[]): boolean {
  const c = checkedChunk(file, text, level, index);
  let same = segments.length === size;
  refusedAsData(file, () =>
    eachDecoded(c, manifest, size, index * size, (s, i) => {
      if (same && !sameJson(s, segments[i])) same = false;
    }),
  );
  return same;
}

/**
 * Parses and validates the newest-points file (newest.ts) against the manifest it was written
 * beside: it must end where the log ends and hold at most what its bound allows.
 */
export function parseNewest(file: string, text: string, manifest: Manifest, most: number): Segment[] {
  const n = check('newest', validateNewest, file, text);
  if (n.to !== manifest.segments || n.from > n.to || n.to - n.from > most) {
    throw new TrendDataError(`${file}: holds segments ${n.from} to ${n.to - 1}, not the newest (at most ${most}) of the ${manifest.segments} the manifest counts`);
  }
  return refusedAsData(file, () => decodeNewest(n, manifest));
}

/**
 * The largest segment a publish writes (4 MiB). A segment holds one publish's points; past
 * MAX_SAMPLES a case keeps its statistics, not its runs, so a real one is kilobytes. The page
 * reads the newest segments on every visit.
 */
export const MAX_SEGMENT_BYTES = 4 * 1024 * 1024;

export { MAX_MANIFEST_SEGMENTS } from './manifest-counts.js';

const decoder = new TextDecoder('utf-8', { fatal: true });

/** Where a written file's error sits: `points[3].q3` of a segment names its case too. */
function caseOf(data: unknown, pointer: string): string | undefined {
  const m = /^(?:\/segments\/(\d+))?\/points\/(\d+)/.exec(pointer);
  if (!m || typeof data !== 'object' || data === null) return undefined;
  const seg = m[1] === undefined ? data : (data as { segments?: unknown[] }).segments?.[Number(m[1])];
  const point = (seg as { points?: unknown[] } | undefined)?.points?.[Number(m[2])];
  const name = (point as { case?: unknown } | undefined)?.case;
  return typeof name === 'string' ? name : undefined;
}

/** A file this publish would write that its readers would refuse: an input fault, nothing pushed. */
export function refuseWrite(file: string, why: string): never {
  throw new InputError(`${file}: benchtrend would write data its readers refuse (${why}); nothing was pushed`);
}

function pointsProblem(file: string, segment: Segment, prefix: string): void {
  for (const [i, p] of segment.points.entries()) {
    const why = pointProblem(p);
    if (why) refuseWrite(file, `case ${visible(p.case)}: ${prefix}points[${i}].${why}`);
  }
}

/** One kind of file the trend holds: how to recognise its path and how the readers check it. */
interface WrittenKind {
  readonly path: RegExp;
  /** `manifest` is the one this publish writes beside the file: format 2's chunks refer to it. */
  readonly check: (file: string, text: string, match: RegExpExecArray, manifest: Manifest | undefined) => void;
}

/** The names a new segment introduces, checked as text (a name stored before this rule stays readable), and its points. */
export function checkNewSegment(file: string, segment: Segment): void {
  for (const [what, name] of [['suite', segment.suite], ...segment.shapes.map((s) => ['shape', s] as const), ...segment.points.map((p) => ['case', p.case] as const)] as const) {
    const why = nameProblem(name);
    if (why) refuseWrite(file, `the ${what} ${visible(name)} ${why}`);
  }
  pointsProblem(file, segment, '');
}

function checkSegmentSize(file: string, text: string): void {
  if (text.length > MAX_SEGMENT_BYTES) {
    refuseWrite(file, `a segment of ${Math.ceil(text.length / 1024)} KiB, more than the ${MAX_SEGMENT_BYTES / 1024 / 1024} MiB one publish may write; publish fewer cases or fewer runs per case`);
  }
}

/**
 * Every kind of trend data a publish, import or merge may write, checked as its readers check it.
 * A new storage layout registers its files here; a data/ path no kind matches is refused.
 */
const WRITTEN_KINDS: readonly WrittenKind[] = [
  {
    path: /^manifest\.json$/,
    check: (file, text) => {
      parseManifest(file, text);
    },
  },
  {
    path: /^data\/seg\/\d{4}\/\d{2}\/(\d{8,})\.json$/,
    check: (file, text, m) => {
      checkSegmentSize(file, text);
      checkNewSegment(file, parseSegment(file, text, Number(m[1])));
    },
  },
  {
    path: /^data\/roll\/([12])\/\d{4}\/(\d{6,})\.json$/,
    check: (file, text, m) => {
      const level = Number(m[1]) as 1 | 2;
      parseRollup(file, text, level, Number(m[2]), ROLLUP_FANOUT ** level);
    },
  },
  {
    // Format 2 (issue #12): a level-0 chunk is one publish's segment, so it meets the segment's
    // bounds and name rules; a rollup chunk gathers segments that met them when they were written.
    path: /^data\/c\/([012])\/\d{4}\/(\d{8,})\.json$/,
    check: (file, text, m, manifest) => {
      if (manifest === undefined) refuseWrite(file, 'a chunk written without the manifest its cases refer to');
      const level = Number(m[1]) as 0 | 1 | 2;
      if (level === 0) checkSegmentSize(file, text);
      const segments = parseChunk(file, text, level, Number(m[2]), ROLLUP_FANOUT ** level, manifest);
      if (level === 0) for (const segment of segments) checkNewSegment(file, segment);
    },
  },
  {
    // Issue #12: a suite's regression state, checked against the manifest written beside it.
    path: STATE_PATH,
    check: (file, text, m, manifest) => {
      if (manifest === undefined) refuseWrite(file, 'a regression state written without the manifest its cases refer to');
      parseStateFile(file, text, Number(m[1]), m[2] === 'head' ? 'head' : Number(m[2]), manifest);
    },
  },
  {
    // A copy of the newest segments, each already checked in its own chunk.
    path: /^data\/newest\.json$/,
    check: (file, text, _m, manifest) => {
      if (manifest === undefined) refuseWrite(file, 'the newest points written without the manifest their cases refer to');
      parseNewest(file, text, manifest, NEWEST_SEGMENTS);
    },
  },
];

/**
 * Checks every file a publish is about to commit (paths relative to data-dir, as the plan gives
 * them) exactly as the readers will check it, before the commit is built: one odd input must never
 * make the trend unreadable. Files outside data/ and the manifest (the chart page) are not trend
 * data and pass. Throws an InputError naming the file, the case and the field.
 */
export function checkWrittenFiles(files: ReadonlyMap<string, string | Uint8Array>, location: string): void {
  let manifest: Manifest | undefined;
  // The manifest first: the chunks written beside it refer to its cases by index.
  const ordered = [...files].sort(([a], [b]) => Number(b === 'manifest.json') - Number(a === 'manifest.json'));
  for (const [path, content] of ordered) {
    const kind = WRITTEN_KINDS.map((k) => ({ k, m: k.path.exec(path) })).find((x) => x.m !== null);
    const file = location === '' ? path : `${location}/${path}`;
    if (!kind) {
      if (path.startsWith('data/')) refuseWrite(file, 'a path under data/ that no reader knows');
      continue;
    }
    let text: string;
    try {
      text = typeof content === 'string' ? content : decoder.decode(content);
    } catch {
      refuseWrite(file, 'not UTF-8');
    }
    try {
      kind.k.check(file, text, kind.m as RegExpExecArray, manifest);
      if (path === 'manifest.json') manifest = parseManifest(file, text);
    } catch (e) {
      if (!(e instanceof TrendDataError)) throw e;
      // The reader's words, with the case named where the fault is in a point; `null` in place of
      // a number is what JSON makes of NaN and Infinity.
      const pointer = /^(.*?): existing trend data does not match the \w+ schema: (\S+)/.exec(e.message)?.[2] ?? '';
      const name = caseOf(JSON.parse(text) as unknown, `/${pointer.replace(/\[(\d+)\]/g, '/$1').replace(/\./g, '/')}`);
      const why = e.message.replace(`${file}: `, '').replace(/^existing trend data does not match/, 'does not match').replace(/; refusing to publish over it$/, '');
      const nullNote = /got null$/.test(why) ? ' (JSON stores NaN and Infinity as null: a number overflowed)' : '';
      refuseWrite(file, `${name !== undefined ? `case ${visible(name)}: ` : ''}${why}${nullNote}`);
    }
  }
}
