/**
 * One publish as a pure function: the existing trend (through a reader) and this run's points in,
 * the files to write and the new manifest out. The effect that drives git calls it again on a
 * fresh tip after losing a race, so it must only read and compute.
 */
import { mergeAnnotations } from '../annotations.js';
import { InputError, type Point } from '../model.js';
import { editDistance } from '../text.js';
import { convertStoredPoint } from './convert-point.js';
import { importGab } from './import-gab.js';
import { applyDirectionOverrides, decidedBy, type DirectionOverride } from '../direction.js';
import { casesDigest, unitsDigest } from './case-digest.js';
import { encodeChunk, indexManifest } from './chunk.js';
import { FORMAT1_FOLDERS, MANIFEST_PATH, chunkPath, segmentPath } from './layout.js';
import { coverChunks, loadSegments, locate, readManifest, type TrendReader } from './load.js';
import { planNewest, previousNewestText } from './newest-plan.js';
import {
  ROLLUP_FANOUT,
  SEGMENT_VERSION,
  TREND_SCHEMA_VERSION,
  type Annotation,
  type CaseInfo,
  type CommitInfo,
  type Manifest,
  type Segment,
  type StoredAlert,
  type StoredPoint,
} from './types.js';
import { TrendDataError, checkNewSegment, chunkReadsAs, refuseWrite } from './validate.js';
import { statePath, type SuiteState } from './regress-state.js';
import { planRegressionState, readState } from './state-plan.js';

/** What the regression capability sees to recompute the stored alerts after a publish. */
export interface AlertContext {
  /** Alerts stored before this publish. */
  readonly previous: readonly StoredAlert[];
  /** The segments this publish appends, in seq order. */
  readonly added: readonly Segment[];
  /** The manifest after this publish (alerts still the previous ones). */
  readonly manifest: Manifest;
  /** Segments [from, to) as stored, validated; re-runs not resolved (see resolveSegments). */
  readonly load: (from: number, to: number) => Promise<Segment[]>;
  /** The regression state of each suite this publish adds to, after it (regress-state.ts). */
  readonly states?: ReadonlyMap<string, SuiteState>;
  /** Whether the run judged in each suite re-benches an older commit, where the state's plan told (StatePlan.rebenches). */
  readonly rebenches?: ReadonlyMap<string, boolean>;
}

export type AlertDeriver = (context: AlertContext) => Promise<readonly StoredAlert[]>;

export interface PageFiles {
  readonly version: string;
  /** Paths relative to data-dir. */
  readonly files: ReadonlyMap<string, Uint8Array>;
}

export interface PublishInput {
  readonly suite: string;
  readonly commit: CommitInfo;
  readonly points: readonly Point[];
  /** The workflow run publishing, when known. */
  readonly runUrl?: string;
  /** ISO time of this publish. */
  readonly publishedAt: string;
  /** Link to the repository the trend describes. */
  readonly repository?: string;
  readonly annotations?: readonly Annotation[];
  /** The chart page; written when the manifest's pageVersion differs, or a file of it is missing. */
  readonly page?: PageFiles;
  /**
   * Whether data-dir holds a file at `path`, without reading it: a page file taken off the branch
   * by hand is written again though the manifest says the page is current. Not given: not checked.
   */
  readonly exists?: (path: string) => Promise<boolean>;
  /**
   * A github-action-benchmark data.js to import into an empty trend; `from` names it. Read only
   * when the trend is empty: after the first run the input stays but is never read again.
   * `directionOverrides` decide its cases as they decide the run's points: a case an override
   * turns would otherwise be stored one way by the import and refused as a flip by the next publish.
   */
  readonly import?: { readonly from: string; readonly read: () => Promise<string>; readonly directionOverrides?: readonly DirectionOverride[] };
  readonly alerts?: AlertDeriver;
  /** How messages name data-dir, e.g. `gh-pages:dev/bench`. */
  readonly location: string;
  /**
   * The manifest `read` holds, when the caller has it already parsed and validated (the plan of
   * the group before, in a publish of several): spares parsing it again for every group.
   */
  readonly manifest?: Manifest;
}

export interface PublishPlan {
  /** Files to write, relative to data-dir. Every one is new except the manifest and page files. */
  readonly files: ReadonlyMap<string, string | Uint8Array>;
  /**
   * Files and folders to take out of the tree (git history keeps them): the chunks a new, larger
   * chunk now holds, and format 1's folders once carried to format 2.
   */
  readonly removed: readonly string[];
  readonly manifest: Manifest;
  readonly previous: Manifest | undefined;
  /** The segments appended, in seq order. */
  readonly added: readonly Segment[];
  /** Things the user should read: an import skipped, benches left out, units converted. */
  readonly warnings: readonly string[];
  readonly imported?: { readonly entries: number; readonly points: number; readonly suites: number };
}

/** A point as stored: the foundation's Point without the redundant metric name. */
export function storedPoint(p: Point): StoredPoint {
  const { metric: _metric, ...rest } = p;
  return rest;
}

interface Draft {
  readonly suite: string;
  readonly commit: CommitInfo;
  readonly publishedAt: string;
  readonly runUrl?: string;
  readonly points: readonly StoredPoint[];
  readonly imported?: 'github-action-benchmark';
}

const caseKey = (suite: string, name: string) => `${suite}\u0000${name}`;
const json = (value: unknown) => `${JSON.stringify(value)}\n`;

function refuseDuplicateCases(points: readonly Point[]): void {
  const seen = new Set<string>();
  for (const p of points) {
    if (seen.has(p.case)) throw new InputError(`case "${p.case}" has two points in this run; one case has one point per commit`);
    seen.add(p.case);
  }
}

/**
 * Brings a draft's points into the units the trend already stores its cases in, and records
 * every case in `cases`. A new point whose unit cannot be converted is refused: a series that
 * silently switches from ms to s reads as a thousandfold regression.
 */
function admit(
  draft: Draft,
  seq: number,
  cases: Map<string, CaseInfo>,
  warnings: string[],
  storedIn: string,
): StoredPoint[] {
  // Conversions of a live run are said once per pair of units: a Catch2 run reports ns into a
  // history imported in us, 51 cases of minetest's on every run.
  const convertedCases = new Map<string, string[]>();
  const admitted = draft.points.map((p) => {
    const key = caseKey(draft.suite, p.case);
    const known = cases.get(key);
    let point = p;
    if (known && known.unit !== p.unit) {
      if (draft.imported) {
        // A tool that switched from µs to ns mid-history (Catch2 picks the unit per run) would
        // read as a thousandfold step: convertible points are written in the case's first unit,
        // said once per case; a unit that measures something else stays as it came, said each time.
        const converted = convertStoredPoint(p, known.unit);
        // A bench written without a unit is said as such, not as a blank between two words.
        const unit = (u: string) => (u === '' ? 'no unit' : u);
        const said = `${draft.suite} / ${p.case}: the imported history changes unit from ${unit(known.unit)} to ${unit(p.unit)}`;
        if (converted === undefined) warnings.push(`${said} at ${draft.commit.sha.slice(0, 7)}`);
        else {
          if (!warnings.some((w) => w.startsWith(said))) warnings.push(`${said} at ${draft.commit.sha.slice(0, 7)}; its points are converted to ${known.unit}`);
          point = converted;
        }
      } else {
        const converted = convertStoredPoint(p, known.unit);
        if (converted === undefined) {
          throw new InputError(
            `case "${p.case}" of suite "${draft.suite}" is stored in ${JSON.stringify(known.unit)} in ${storedIn} but this run reports ${JSON.stringify(p.unit)}, which does not convert to it; publish it under another suite or case name`,
          );
        }
        const pair = `${p.unit}\u0000${known.unit}`;
        convertedCases.set(pair, [...(convertedCases.get(pair) ?? []), p.case]);
        point = converted;
      }
    }
    if (known && known.direction !== point.direction) {
      const word = (d: string) => `${d}-is-better`;
      if (draft.imported) {
        warnings.push(`${draft.suite} / ${p.case}: the imported history changes direction from ${word(known.direction)} to ${word(point.direction)} at ${draft.commit.sha.slice(0, 7)}`);
      } else {
        // A case whose better side flips silently would turn every later alert into its opposite.
        throw new InputError(
          `case "${p.case}" of suite "${draft.suite}" is stored as ${word(known.direction)} in ${storedIn} but this run reports it ${word(point.direction)}; set direction-overrides ("${p.case}: ${known.direction}") to keep it, or publish it under another case name`,
        );
      }
    }
    cases.set(key, {
      suite: draft.suite,
      case: p.case,
      shape: p.shape,
      unit: draft.imported && known ? point.unit : (known?.unit ?? point.unit),
      direction: point.direction,
      firstSeq: known?.firstSeq ?? seq,
      lastSeq: seq,
      points: (known?.points ?? 0) + 1,
    });
    return point;
  });
  for (const [pair, names] of convertedCases) {
    const [from, to] = pair.split('\u0000') as [string, string];
    const shown = names.slice(0, 3).map((n) => `"${n}"`).join(', ');
    const more = names.length > 3 ? ` and ${names.length - 3} more` : '';
    warnings.push(`${names.length === 1 ? 'case' : `${names.length} cases:`} ${shown}${more}: converted from ${from} to ${to}, the unit ${names.length === 1 ? 'its trend is' : 'their trends are'} stored in`);
  }
  return admitted;
}

function segmentOf(draft: Draft, seq: number, points: readonly StoredPoint[]): Segment {
  return {
    schema: 'benchtrend/segment',
    version: SEGMENT_VERSION,
    seq,
    suite: draft.suite,
    commit: draft.commit,
    ...(draft.runUrl !== undefined ? { runUrl: draft.runUrl } : {}),
    publishedAt: draft.publishedAt,
    shapes: [...new Set(points.map((p) => p.shape))],
    points,
    ...(draft.imported ? { imported: draft.imported } : {}),
  };
}

/** A data.js read as an import's drafts, its warnings said in `warnings`. */
function importDrafts(
  from: string,
  source: string,
  overrides: readonly DirectionOverride[],
  warnings: string[],
): { drafts: Draft[]; suites: readonly string[]; points: number } {
  const gab = importGab(from, source);
  for (const s of gab.skipped) warnings.push(`${from}: left out ${s}`);
  const decided = decidedBy(overrides);
  for (const c of gab.conflicts) if (!decided(c.case)) warnings.push(`${from}: ${c.text}`);
  for (const r of gab.repeats) warnings.push(`${from}: ${r}`);
  for (const u of gab.unkeyed) warnings.push(`${from}: ${u}`);
  const drafts = gab.entries.map((e): Draft => ({ ...e, ...(overrides.length > 0 ? { points: applyDirectionOverrides(e.points, overrides) } : {}), imported: 'github-action-benchmark' }));
  return { drafts, suites: gab.suites, points: gab.points };
}

/**
 * The segments an import of a github-action-benchmark data.js writes into an empty trend, and
 * what it warns of, with nothing read or written: what `replay --import-from` judges, so a history
 * can be tried before any trend holds it.
 */
export function importedSegments(from: string, source: string, overrides: readonly DirectionOverride[]): { segments: Segment[]; warnings: string[] } {
  const warnings: string[] = [];
  const { drafts } = importDrafts(from, source, overrides, warnings);
  const cases = new Map<string, CaseInfo>();
  const segments = drafts.map((d, seq) => segmentOf(d, seq, admit(d, seq, cases, warnings, from)));
  // Refused as the import refuses it: what the trend's readers could not read is not judged either.
  for (const s of segments) checkNewSegment(`${from} (entry ${s.seq + 1} in date order)`, s);
  return { segments, warnings };
}

/**
 * The run's commit as its earlier run in the suite stored it, when this run was told nothing of it
 * but its sha (no message, no author: neither git in the checkout nor the API has it, a commit
 * since rebased away or another clone's): a re-run must not blank the message, author and time
 * the trend showed for its commit. The earlier run is looked for in the suite's regression state.
 */
async function knownCommit(read: TrendReader, location: string, previous: Manifest | undefined, input: PublishInput, warnings: string[]): Promise<CommitInfo> {
  const commit = input.commit;
  if (commit.message !== '' || commit.author !== '' || previous === undefined || previous.version < 2) return commit;
  const suite = previous.suites.indexOf(input.suite);
  if (suite < 0) return commit;
  let state: SuiteState | undefined;
  try {
    state = await readState(read, location, previous, suite);
  } catch (e) {
    // A damaged state is built again further on, with its own warning; the commit stays as given.
    if (e instanceof TrendDataError) return commit;
    throw e;
  }
  const entry = state?.entries.findLast((e) => e.sha === commit.sha);
  if (entry === undefined) return commit;
  const [earlier] = await loadSegments(read, location, entry.seq, entry.seq + 1, previous);
  // An earlier run told no more of it (another job of the same run) has nothing to keep.
  if (earlier === undefined || earlier.commit.sha !== commit.sha || (earlier.commit.message === '' && earlier.commit.author === '')) return commit;
  warnings.push(
    `commit ${commit.sha.slice(0, 7)}: this run was told nothing of it but its sha (git here and the API do not have it), so the message, author and time an earlier run of it published (segment ${earlier.seq}) are kept`,
  );
  return { ...earlier.commit, ...(earlier.commit.url === undefined && commit.url !== undefined ? { url: commit.url } : {}) };
}

/**
 * A suite of the trend whose name is the new one mistyped: the same but for case, spaces or
 * punctuation, or a letter or two away (a transposition is one). Names that differ in a digit are
 * not (matrix legs: node18 beside node20), nor short ones, where two letters are much of the name.
 */
function nearSuite(suites: readonly string[], suite: string): string | undefined {
  if (suites.length === 0 || suites.includes(suite)) return undefined;
  const bare = (s: string) => s.toLowerCase().replace(/[\s\p{P}]+/gu, '');
  const digits = (s: string) => s.replace(/\D+/g, ' ').trim();
  // Lengths more than two apart are more than two edits apart: the quadratic distance is not run.
  const near = (s: string) => Math.min(s.length, suite.length) >= 6 && Math.abs(s.length - suite.length) <= 2 && digits(s) === digits(suite) && editDistance(s.toLowerCase(), suite.toLowerCase()) <= 2;
  return suites.find((s) => bare(s) === bare(suite) || near(s));
}

/** Plans one publish. Reads the manifest and, when a rollup falls due, the segments it gathers. */
export async function planPublish(read: TrendReader, input: PublishInput): Promise<PublishPlan> {
  const location = input.location;
  const previous = input.manifest ?? (await readManifest(read, location));
  const first = previous?.segments ?? 0;
  // The manifest counts the segments; a file already where the next one goes means the manifest
  // is behind its data (restored, hand-edited, or lost), and appending would overwrite history.
  const next = previous === undefined ? [segmentPath(0), chunkPath(0, 0), chunkPath(1, 0), chunkPath(2, 0)] : previous.version < 2 ? [segmentPath(first)] : [chunkPath(0, first)];
  // The suite's regression state is read after the chunks; asking for its head now shares their round trips.
  const suiteIndex = previous !== undefined && previous.version >= 2 ? previous.suites.indexOf(input.suite) : -1;
  if (suiteIndex >= 0) read(statePath(suiteIndex, 'head')).catch(() => undefined);
  // Asked for beside the next path, so that an effect fetches it in the same round trips.
  const newestText = previousNewestText(read, previous);
  const taken = (await Promise.all(next.map(async (path) => ((await read(path)) !== undefined ? path : undefined)))).find((p) => p !== undefined);
  if (taken !== undefined) {
    const why = previous ? `${locate(location, MANIFEST_PATH)} counts ${first} segments` : `there is no ${locate(location, MANIFEST_PATH)}`;
    throw new TrendDataError(`${locate(location, taken)}: already exists but ${why}; refusing to write over existing trend data`);
  }

  const warnings: string[] = [];
  const drafts: Draft[] = [];
  const suites = [...(previous?.suites ?? [])];
  let imported: PublishPlan['imported'];
  let importedNote: Manifest['imported'] = previous?.imported;
  let importedSuites: readonly string[] = [];
  if (input.import) {
    if (previous?.imported) {
      // The input stays in the workflow after the first run: importing again would double the history.
    } else if (first > 0) {
      warnings.push(
        `import-from ${input.import.from}: not imported, the trend already holds ${first} ${first === 1 ? 'segment' : 'segments'}; a history is imported only into an empty trend (to import it, publish into an empty data-dir: the trend here stays as it is)`,
      );
    } else {
      const gab = importDrafts(input.import.from, await input.import.read(), input.import.directionOverrides ?? [], warnings);
      drafts.push(...gab.drafts);
      // The order data.js lists its suites in is the order its page showed them.
      suites.push(...gab.suites);
      importedSuites = gab.suites;
      imported = { entries: gab.drafts.length, points: gab.points, suites: gab.suites.length };
      importedNote = { from: input.import.from, entries: gab.drafts.length, at: input.publishedAt };
    }
  }
  if (input.points.length > 0) {
    refuseDuplicateCases(input.points);
    const near = nearSuite(suites, input.suite);
    if (near !== undefined) {
      warnings.push(`suite ${JSON.stringify(input.suite)} is new to this trend, beside ${JSON.stringify(near)}: a new suite starts its own history; if ${JSON.stringify(near)} was meant, publish under that name`);
    } else if (importedSuites.length > 0 && !importedSuites.includes(input.suite)) {
      // github-action-benchmark's name defaults to "Benchmark" and the suite to "default": a
      // workflow that never set either imports its history and starts it over beside itself.
      warnings.push(
        `suite ${JSON.stringify(input.suite)} is none of the suites imported from ${input.import?.from ?? 'data.js'} (${importedSuites.map((s) => JSON.stringify(s)).join(', ')}): its points start a history of their own beside them; to continue one, publish under its name (github-action-benchmark's name input, "Benchmark" when it was not set)`,
      );
    }
    drafts.push({
      suite: input.suite,
      commit: await knownCommit(read, location, previous, input, warnings),
      publishedAt: input.publishedAt,
      ...(input.runUrl !== undefined ? { runUrl: input.runUrl } : {}),
      points: input.points.map(storedPoint),
    });
  }
  if (drafts.length === 0) throw new InputError('nothing to publish: no points, and no history to import');

  const cases = new Map<string, CaseInfo>((previous?.cases ?? []).map((c) => [caseKey(c.suite, c.case), c]));
  const added = drafts.map((d, i) => {
    if (!suites.includes(d.suite)) suites.push(d.suite);
    // A trend is imported into only when empty, so what this run's points meet was read from data.js.
    const storedIn = imported && input.import ? `${input.import.from} (the history this run imports)` : locate(location, MANIFEST_PATH);
    return segmentOf(d, first + i, admit(d, first + i, cases, warnings, storedIn));
  });

  const files = new Map<string, string | Uint8Array>();
  const removed: string[] = [];
  const cases_ = [...cases.values()];
  await addChunks(read, location, previous, added, { suites, cases: cases_ }, files, removed);
  files.set(...(await planNewest(await newestText, location, previous, added, { suites, cases: cases_ }, (from, to) => loadWithAdded(read, location, previous, added, from, to))));

  const page = input.page === undefined ? undefined : input.page.version !== previous?.pageVersion ? input.page : await pageTakenOff(input, input.page, warnings);
  if (page && previous === undefined) await refuseForeignPage(read, location, [...page.files.keys()]);
  for (const [path, bytes] of page?.files ?? []) {
    if (path === MANIFEST_PATH || path.startsWith('data/')) throw new Error(`page file ${path} would overwrite trend data`);
    files.set(path, bytes);
  }

  const repository = input.repository ?? previous?.repository;
  const base: Manifest = {
    schema: 'benchtrend/manifest',
    version: TREND_SCHEMA_VERSION,
    pageVersion: page?.version ?? previous?.pageVersion ?? '',
    updated: input.publishedAt,
    ...(repository !== undefined ? { repository } : {}),
    segments: first + added.length,
    fanout: ROLLUP_FANOUT,
    suites,
    cases: cases_,
    casesDigest: casesDigest({ suites, cases: cases_ }),
    unitsDigest: unitsDigest({ cases: cases_ }),
    annotations: mergeAnnotations(previous?.annotations ?? [], input.annotations ?? []),
    alerts: previous?.alerts ?? [],
    ...(importedNote !== undefined ? { imported: importedNote } : {}),
  };
  const load = (from: number, to: number) => loadWithAdded(read, location, previous, added, from, to);
  const state = await planRegressionState(read, location, previous, base, added, load);
  for (const [path, text] of state.files) files.set(path, text);
  removed.push(...state.removed);
  warnings.push(...state.warnings);
  const manifest: Manifest = input.alerts
    ? { ...base, alerts: await input.alerts({ previous: base.alerts, added, manifest: base, load, states: state.states, rebenches: state.rebenches }) }
    : base;
  files.set(MANIFEST_PATH, json(manifest));
  return { files, removed, manifest, previous, added, warnings, ...(imported ? { imported } : {}) };
}

/**
 * The files of the current page missing from data-dir (taken off the branch by hand, a site's
 * cleanup), as a page to write; undefined when none is. The manifest's pageVersion alone would
 * leave the chart unreachable for good. The files still there stay as they are, edited or not.
 */
async function pageTakenOff(input: PublishInput, page: PageFiles, warnings: string[]): Promise<PageFiles | undefined> {
  const exists = input.exists;
  if (exists === undefined) return undefined;
  const names = [...page.files.keys()];
  const found = await Promise.all(names.map((name) => exists(name)));
  const missing = new Map([...page.files].filter((_, i) => !found[i]));
  if (missing.size === 0) return undefined;
  const list = [...missing.keys()].map((name) => locate(input.location, name)).join(', ');
  warnings.push(`${list}: not on the branch, though the trend's chart page is this version; written again, so that the chart loads`);
  return { version: page.version, files: missing };
}

/**
 * A first publish into a folder whose page is someone else's is refused: `data-dir: .` on a
 * branch that serves a site would put the chart over its `index.html`. github-action-benchmark's
 * page (beside its data.js, or reading it) is the one a migration means to replace.
 */
async function refuseForeignPage(read: TrendReader, location: string, pageFiles: readonly string[]): Promise<void> {
  const index = pageFiles.includes('index.html') ? await read('index.html') : undefined;
  if (index === undefined || /data\.js|BENCHMARK_DATA/.test(index) || (await read('data.js')) !== undefined) return;
  throw new InputError(
    `${locate(location, 'index.html')}: already exists and benchtrend did not write it (the branch's own site?); refusing to write the chart page over it: publish into a folder of its own, like dev/bench (data-dir, or --dir)`,
  );
}

/** Segments [from, to) across what is published and what this plan adds. */
async function loadWithAdded(
  read: TrendReader,
  location: string,
  previous: Manifest | undefined,
  added: readonly Segment[],
  from: number,
  to: number,
): Promise<Segment[]> {
  const first = previous?.segments ?? 0;
  const old = from < first ? await loadSegments(read, location, from, Math.min(to, first), previous) : [];
  return [...old, ...added.slice(Math.max(0, from - first), Math.max(0, to - first))];
}

/**
 * Writes the chunks of format 2 that the log now needs and takes out those they replace: the tree
 * holds exactly coverChunks(0, segments), so each segment is in one file, a publish writes one
 * chunk (and on every 16th and 256th the one that gathers the group), and whole rollups are never
 * kept beside their parts. A format 1 trend is carried over whole on its next publish: every
 * segment read as it is, re-written into chunks, and format 1's folders taken out of the tree.
 */
async function addChunks(
  read: TrendReader,
  location: string,
  previous: Manifest | undefined,
  added: readonly Segment[],
  manifest: Pick<Manifest, 'suites' | 'cases'>,
  files: Map<string, string | Uint8Array>,
  removed: string[],
): Promise<void> {
  const first = previous?.segments ?? 0;
  const carry = previous !== undefined && previous.version < 2;
  const before = carry ? [] : coverChunks(0, first);
  const after = coverChunks(0, first + added.length);
  const keep = new Set(before.map((c) => chunkPath(c.level, c.index)));
  const now = new Set(after.map((c) => chunkPath(c.level, c.index)));
  const index = indexManifest(manifest);
  const checked = { version: TREND_SCHEMA_VERSION, ...manifest } as Manifest;
  // New points first, in their own words (the case and the field): a number that overflowed in
  // conversion or a name that is not text is the input's fault, not damage to the trend.
  for (const s of added) checkNewSegment(locate(location, chunkPath(0, s.seq)), s);
  for (const c of after) {
    const path = chunkPath(c.level, c.index);
    if (keep.has(path)) continue;
    const segments = await loadWithAdded(read, location, previous, added, c.from, c.to);
    const text = json(encodeChunk(c.level, c.index, segments, index));
    // Read back as any reader will: a chunk that would not decode to exactly what it was made from
    // fails here, before the push, so carrying a trend over can never lose or change a point.
    let same: boolean;
    try {
      same = chunkReadsAs(locate(location, path), text, c.level, c.index, c.to - c.from, checked, segments);
    } catch (e) {
      if (!(e instanceof TrendDataError)) throw e;
      refuseWrite(locate(location, path), e.message.replace(`${locate(location, path)}: `, '').replace(/^existing trend data does not match/, 'does not match').replace(/; refusing to publish over it$/, ''));
    }
    if (!same) throw new Error(`${locate(location, path)}: the chunk written would not read back as the segments it holds; nothing was published`);
    files.set(path, text);
  }
  for (const path of keep) if (!now.has(path)) removed.push(path);
  if (carry) removed.push(...FORMAT1_FOLDERS);
}
