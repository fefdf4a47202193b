/**
 * Scale-out, the pure part: the payload a `mode: collect` job uploads as an artifact, its
 * validation, the artifact names, and the merge of many payloads into the groups one publish writes.
 *
 * Why a payload of points and not the records: the collect job has already applied the user's
 * format, shape and require-stages settings, so the merge job needs none of them and cannot
 * re-read a record differently from the job that benched it.
 *
 * Duplicates. Two payloads holding the same shape of the same suite at the same commit are
 *   - a re-run of one job (same job id, same shapes, different run attempt): the later attempt
 *     wins, as a re-published segment supersedes an earlier one on the trend, and a warning says so;
 *   - anything else (two matrix legs benching one trend line): refused, naming both artifacts,
 *     because keeping either one would silently drop a measurement the user asked for.
 */
import type { ErrorObject } from 'ajv';
import { lazyValidator } from './schema-compile.js';
import { describeValue, schemaErrorLine } from './schema-error.js';
import { caseName } from './cases.js';
import { InputError, type Point } from './model.js';
import type { CommitInfo } from './trend/types.js';

export const COLLECTED_SCHEMA = 'benchtrend/collected';
export const COLLECTED_VERSION = 1;
/** The payload's file name inside a collect artifact, beside the records it came from. */
export const COLLECTED_FILE = 'benchtrend-collected.json';
/** Every collect artifact's name starts with this; merge downloads exactly those. */
export const COLLECT_PREFIX = 'benchtrend-collect-';
/** Default prefix of the evidence artifact a publish-mode run uploads. */
export const RUN_ARTIFACT_PREFIX = 'benchtrend-records-';

/** Which job produced a payload, so that a re-run can be told from a second matrix leg. */
export interface CollectedJob {
  /** The job's id in the workflow (GITHUB_JOB); shared by every leg of a matrix. */
  readonly id: string;
  /** GITHUB_RUN_ATTEMPT: 1 for the first run, higher for each re-run. */
  readonly attempt: number;
}

/** What one collect job uploads: the points of one suite at one commit. */
export interface CollectedPayload {
  readonly schema: typeof COLLECTED_SCHEMA;
  readonly version: number;
  readonly suite: string;
  readonly commit: CommitInfo;
  /** The workflow run that benched it. */
  readonly runUrl?: string;
  /** ISO time the job collected (passed in). */
  readonly collectedAt: string;
  readonly job: CollectedJob;
  /** Shapes the job benched; their earlier points at this suite and commit are superseded. */
  readonly shapes: readonly string[];
  /** The user's note for this job (runner OS, version), carried to each point's extra on merge. */
  readonly note?: string;
  readonly points: readonly Point[];
}

export interface PayloadInput {
  readonly suite: string;
  readonly commit: CommitInfo;
  readonly runUrl?: string | undefined;
  readonly collectedAt: string;
  readonly job: CollectedJob;
  readonly shapes: readonly string[];
  readonly note?: string | undefined;
  readonly points: readonly Point[];
}

const SHA = '^[0-9a-f]{40}([0-9a-f]{24})?$';

// Inline so the payload's contract sits beside its type; it is an internal hand-over between two
// jobs of one workflow run, never published, so it gets no file under schemas/.
const schema = {
  type: 'object',
  required: ['schema', 'version', 'suite', 'commit', 'collectedAt', 'job', 'shapes', 'points'],
  properties: {
    schema: { const: COLLECTED_SCHEMA },
    version: { type: 'integer', minimum: 1 },
    suite: { type: 'string', minLength: 1 },
    commit: {
      type: 'object',
      required: ['sha', 'message', 'author', 'timestamp'],
      properties: {
        sha: { type: 'string', pattern: SHA },
        message: { type: 'string' },
        author: { type: 'string' },
        timestamp: { type: 'string' },
        url: { type: 'string' },
      },
    },
    runUrl: { type: 'string' },
    collectedAt: { type: 'string', minLength: 1 },
    job: {
      type: 'object',
      required: ['id', 'attempt'],
      properties: { id: { type: 'string' }, attempt: { type: 'integer', minimum: 1 } },
    },
    shapes: { type: 'array', items: { type: 'string', minLength: 1 } },
    note: { type: 'string' },
    points: {
      type: 'array',
      items: {
        type: 'object',
        required: ['case', 'shape', 'metric', 'unit', 'direction', 'value', 'q1', 'q3', 'min', 'max', 'stdev', 'runs', 'n', 'samples'],
        properties: {
          case: { type: 'string', minLength: 1 },
          shape: { type: 'string', minLength: 1 },
          metric: { type: 'string', minLength: 1 },
          unit: { type: 'string' },
          direction: { enum: ['smaller', 'bigger'] },
          value: { type: 'number' },
          q1: { type: 'number' },
          q3: { type: 'number' },
          min: { type: 'number' },
          max: { type: 'number' },
          stdev: { type: ['number', 'null'] },
          runs: { type: 'integer', minimum: 0 },
          n: { type: 'integer', minimum: 0 },
          samples: { type: 'array', items: { type: 'number' } },
          wall: { type: 'number' },
          extra: { type: 'string' },
          summaryOnly: { type: 'boolean' },
          range: { type: 'string' },
          failed: { type: 'integer', minimum: 0 },
        },
      },
    },
  },
} as const;

const validator = lazyValidator<CollectedPayload>(schema);

function explain(error: ErrorObject, data: unknown): string {
  if (error.instancePath === '' && error.keyword === 'type') return `not a collected payload: expected one JSON object, got ${describeValue(data)}`;
  return schemaErrorLine(error, data, 'the payload');
}

/** Builds the payload a collect job uploads; refuses points of a shape the job did not declare. */
export function buildPayload(input: PayloadInput): CollectedPayload {
  const shapes = [...new Set([...input.shapes, ...input.points.map((p) => p.shape)])];
  return {
    schema: COLLECTED_SCHEMA,
    version: COLLECTED_VERSION,
    suite: input.suite,
    commit: input.commit,
    ...(input.runUrl !== undefined ? { runUrl: input.runUrl } : {}),
    collectedAt: input.collectedAt,
    job: input.job,
    shapes,
    ...(input.note !== undefined && input.note !== '' ? { note: input.note } : {}),
    points: input.points,
  };
}

export function serializePayload(payload: CollectedPayload): string {
  return `${JSON.stringify(payload, null, 1)}\n`;
}

/**
 * Reads one downloaded payload. Every refusal is one line naming the artifact and the field:
 * a payload the merge cannot trust is never half-published.
 */
export function parsePayload(artifact: string, text: string): CollectedPayload {
  const where = `artifact ${artifact}: ${COLLECTED_FILE}`;
  let data: unknown;
  try {
    data = JSON.parse(text) as unknown;
  } catch (e) {
    const why = text.trim() === '' ? 'the file is empty' : e instanceof Error ? e.message : String(e);
    throw new InputError(`${where}: not JSON (${why})`);
  }
  if (data !== null && typeof data === 'object' && 'version' in data && typeof data.version === 'number' && data.version > COLLECTED_VERSION) {
    throw new InputError(
      `${where}: written by a newer benchtrend (collected format ${data.version}, this one reads ${COLLECTED_VERSION}); use one action version in the collect and merge jobs`,
    );
  }
  const validate = validator();
  if (!validate(data)) {
    const first = validate.errors?.[0];
    throw new InputError(`${where}: ${first ? explain(first, data) : 'does not match the collected payload schema'}`);
  }
  const seen = new Set<string>();
  data.points.forEach((p, i) => {
    if (!data.shapes.includes(p.shape)) {
      throw new InputError(`${where}: points[${i}].shape ${JSON.stringify(p.shape)} is not among the payload's shapes (${data.shapes.join(', ')})`);
    }
    if (p.case !== caseName(p.shape, p.metric)) {
      throw new InputError(`${where}: points[${i}].case ${JSON.stringify(p.case)} is not "<shape> / <metric>" (${JSON.stringify(caseName(p.shape, p.metric))})`);
    }
    if (seen.has(p.case)) throw new InputError(`${where}: points[${i}] repeats the case ${JSON.stringify(p.case)}`);
    seen.add(p.case);
  });
  return data;
}

/** One suite at one commit, as one segment of the single publish. */
export interface MergedGroup {
  readonly suite: string;
  readonly commit: CommitInfo;
  readonly runUrl?: string;
  /** Shapes this group supersedes at its suite and commit, in first-seen order. */
  readonly shapes: string[];
  /** Every point of the group; each job's note is folded into the point's extra. */
  readonly points: Point[];
  /** The artifacts whose points it holds. */
  readonly artifacts: string[];
}

export interface MergedCollection {
  readonly groups: MergedGroup[];
  /** Artifacts whose payloads were used, in name order. */
  readonly used: string[];
  /** Artifacts superseded by a later attempt of the same job. */
  readonly superseded: string[];
  readonly warnings: string[];
}

export interface NamedPayload {
  readonly artifact: string;
  readonly payload: CollectedPayload;
}

function sameShapes(a: readonly string[], b: readonly string[]): boolean {
  const x = [...a].sort();
  const y = [...b].sort();
  return x.length === y.length && x.every((s, i) => s === y[i]);
}

function withNote(p: Point, note: string | undefined): Point {
  if (!note) return p;
  return { ...p, extra: p.extra ? `${p.extra} ${note}` : note };
}

/**
 * Combines collected payloads into groups by suite and commit. Deterministic: artifacts are taken
 * in name order, so the same artifacts always give the same publish.
 */
export function mergeCollected(items: readonly NamedPayload[]): MergedCollection {
  const ordered = [...items].sort((a, b) => (a.artifact < b.artifact ? -1 : a.artifact > b.artifact ? 1 : 0));
  const warnings: string[] = [];
  const superseded = new Set<string>();
  const groupKey = (p: CollectedPayload): string => `${p.suite}\u0000${p.commit.sha}`;

  // Resolve re-runs first, so that which attempt wins does not depend on the order of artifacts.
  for (const a of ordered) {
    for (const b of ordered) {
      if (a === b || superseded.has(a.artifact) || superseded.has(b.artifact)) continue;
      if (groupKey(a.payload) !== groupKey(b.payload)) continue;
      const shared = a.payload.shapes.find((s) => b.payload.shapes.includes(s));
      if (shared === undefined) continue;
      const rerun = a.payload.job.id === b.payload.job.id && sameShapes(a.payload.shapes, b.payload.shapes) && a.payload.job.attempt !== b.payload.job.attempt;
      if (!rerun) {
        const [first, second] = [a.artifact, b.artifact].sort();
        throw new InputError(
          `artifacts ${first} and ${second} both hold shape ${JSON.stringify(shared)} of suite ${JSON.stringify(a.payload.suite)} at commit ${a.payload.commit.sha.slice(0, 7)}; ` +
            'two jobs benched one trend line: give each matrix job its own shape or suite',
        );
      }
      const [older, newer] = a.payload.job.attempt < b.payload.job.attempt ? [a, b] : [b, a];
      superseded.add(older.artifact);
      warnings.push(
        `artifact ${older.artifact} (run attempt ${older.payload.job.attempt}) is superseded by ${newer.artifact} (run attempt ${newer.payload.job.attempt}), a re-run of job ${newer.payload.job.id}`,
      );
    }
  }

  const groups = new Map<string, { suite: string; commit: CommitInfo; runUrl?: string; attempt: number; shapes: string[]; points: Point[]; artifacts: string[] }>();
  const used: string[] = [];
  for (const { artifact, payload } of ordered) {
    if (superseded.has(artifact)) continue;
    used.push(artifact);
    const key = groupKey(payload);
    let g = groups.get(key);
    if (!g) {
      g = { suite: payload.suite, commit: payload.commit, ...(payload.runUrl !== undefined ? { runUrl: payload.runUrl } : {}), attempt: payload.job.attempt, shapes: [], points: [], artifacts: [] };
      groups.set(key, g);
    } else if (payload.job.attempt > g.attempt && payload.runUrl !== undefined) {
      // The newest attempt's page: with a re-run leg in it, this merge re-runs the earlier attempt's
      // merge, which the publisher tells from another job of the same attempt by the run's address
      // (sameRunSuperseded); the first attempt's address had it warn of two jobs replacing each other.
      g.runUrl = payload.runUrl;
      g.attempt = payload.job.attempt;
    }
    for (const s of payload.shapes) if (!g.shapes.includes(s)) g.shapes.push(s);
    for (const p of payload.points) g.points.push(withNote(p, payload.note));
    g.artifacts.push(artifact);
  }
  return { groups: [...groups.values()].map(({ attempt: _attempt, ...g }) => g), used, superseded: [...superseded].sort(), warnings };
}

// Characters the artifact service refuses in a name (NTFS limits), plus anything unreadable.
const UNSAFE = /[^A-Za-z0-9._+-]+/g;
const MAX_KEY = 80;

/** FNV-1a, 32 bits, as 8 hex digits: a short stable tag for a name that had to be shortened. */
function fnv1a(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h.toString(16).padStart(8, '0');
}

/**
 * `<suite>-<shape>+<shape>`, safe for an artifact name. Matrix legs share GITHUB_JOB, so the
 * job id cannot tell them apart; the suite and shapes do, and two legs with the same ones would
 * collide on the trend anyway. Long keys keep a readable head and a hash of the whole.
 */
export function artifactKey(suite: string, shapes: readonly string[]): string {
  const raw = `${suite}-${[...shapes].sort().join('+')}`;
  const safe = raw.replace(UNSAFE, '_');
  if (safe.length <= MAX_KEY && safe === raw) return safe;
  return `${safe.slice(0, MAX_KEY - 9)}-${fnv1a(raw)}`;
}

/** The collect artifact's name; the run attempt keeps a re-run from colliding with its first run. */
export function collectArtifactName(suite: string, shapes: readonly string[], attempt: number): string {
  return `${COLLECT_PREFIX}${artifactKey(suite, shapes)}-${attempt}`;
}

/**
 * Name of a publish-mode run's evidence artifact: the input `artifact-name` when given, else the
 * default. A re-run of the job cannot upload a name its first attempt took (the service refuses
 * it), so a chosen name gains `-<attempt>` from the second attempt on, as the default carries it.
 */
export function runArtifactName(suite: string, shapes: readonly string[], attempt: number, chosen?: string): string {
  if (chosen !== undefined) return attempt > 1 ? `${chosen}-${attempt}` : chosen;
  return `${RUN_ARTIFACT_PREFIX}${artifactKey(suite, shapes)}-${attempt}`;
}

/**
 * Bounds on a collect artifact from another workflow run (a fork's pull request): the zip as the
 * service lists it, payload and evidence together, and the payload once inflated. A matrix leg of
 * 1,000 cases with 100 samples each is about 3 MB of payload; the bounds leave room for that and
 * its records, and keep a hostile artifact from filling the runner's disk or memory.
 */
export const MAX_FOREIGN_ARTIFACT_BYTES = 64 * 1024 * 1024;
export const MAX_FOREIGN_PAYLOAD_BYTES = 16 * 1024 * 1024;

/**
 * A payload from the artifact of a triggering workflow run: parsed and validated as any payload,
 * and refused unless it is about the commit that run benched, so an artifact cannot speak for
 * another commit than the pull request's head.
 */
export function parseForeignPayload(artifact: string, text: string, headSha: string): CollectedPayload {
  const payload = parsePayload(artifact, text);
  if (payload.commit.sha !== headSha) {
    throw new InputError(`artifact ${artifact}: ${COLLECTED_FILE}: commit.sha ${payload.commit.sha} is not the commit the triggering run benched (${headSha})`);
  }
  return payload;
}
