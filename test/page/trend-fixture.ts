/**
 * Published trends for the page's tests and benchmark, laid out exactly as src/core/trend/types.ts
 * and layout.ts describe, so the page reads them as it reads a publisher's: format 1 (segments,
 * level-1 and level-2 rollups of complete groups, manifest) or, with `format: 2`, format 2 (the
 * columnar chunks covering the log, each segment once, and data/newest.json, encoded by the
 * publisher's own codec). Also a deterministic generator of realistic
 * histories: job-level noise, outliers, a few steps, occasional missing stages.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { encodeChunk, indexManifest } from '../../src/core/trend/chunk.js';
import { chunkPath, MANIFEST_PATH, rollupPath, rollupSize, segmentPath } from '../../src/core/trend/layout.js';
import { coverChunks } from '../../src/core/trend/load.js';
import { NEWEST_PATH, NEWEST_SEGMENTS, encodeNewest } from '../../src/core/trend/newest.js';
import {
  ROLLUP_FANOUT,
  type Annotation,
  type CaseInfo,
  type CommitInfo,
  type Manifest,
  type Rollup,
  type Segment,
  type StoredAlert,
  type StoredPoint,
} from '../../src/core/trend/types.js';

export interface Publish {
  readonly suite: string;
  readonly commit: CommitInfo;
  readonly points: readonly StoredPoint[];
  readonly publishedAt?: string;
  readonly runUrl?: string;
  readonly imported?: boolean;
}

export interface TrendOptions {
  readonly updated: string;
  readonly repository?: string;
  readonly annotations?: readonly Annotation[];
  readonly alerts?: readonly StoredAlert[];
  readonly pageVersion?: string;
  /** Trend format: 1 (default, the files of older trends) or 2 (what a publish writes now). */
  readonly format?: 1 | 2;
  /**
   * Format 2 only: the seq of the first publish given (a multiple of 256). The publishes before it
   * are counted in the manifest but have no files: a benchmark of a first view at a long history
   * without generating all of it. The page can then not load back past it.
   */
  readonly offset?: number;
  /** Format 2 only: false leaves out data/newest.json, as trends written before it have none. */
  readonly newest?: boolean;
}

/** Every file of the trend by path inside data-dir, as the JSON text a publisher writes. */
export function trendFiles(publishes: readonly Publish[], options: TrendOptions): Map<string, string> {
  const files = new Map<string, string>();
  const segments: Segment[] = [];
  const cases = new Map<string, CaseInfo>();
  const suites: string[] = [];
  const offset = options.offset ?? 0;
  if (offset % 256 !== 0 || (offset > 0 && options.format !== 2)) throw new Error(`trendFiles: offset ${offset} needs format 2 and a multiple of 256`);
  publishes.forEach((p, i) => {
    const seq = offset + i;
    const segment: Segment = {
      schema: 'benchtrend/segment',
      version: 1,
      seq,
      suite: p.suite,
      commit: p.commit,
      ...(p.runUrl !== undefined ? { runUrl: p.runUrl } : {}),
      publishedAt: p.publishedAt ?? p.commit.timestamp,
      shapes: [...new Set(p.points.map((x) => x.shape))],
      points: p.points,
      ...(p.imported ? { imported: 'github-action-benchmark' as const } : {}),
    };
    segments.push(segment);
    if (options.format !== 2) files.set(segmentPath(seq), `${JSON.stringify(segment)}\n`);
    if (!suites.includes(p.suite)) suites.push(p.suite);
    for (const pt of p.points) {
      const key = `${p.suite}\u0000${pt.case}`;
      const known = cases.get(key);
      cases.set(key, {
        suite: p.suite,
        case: pt.case,
        shape: pt.shape,
        unit: known?.unit ?? pt.unit,
        direction: pt.direction,
        firstSeq: known?.firstSeq ?? seq,
        lastSeq: seq,
        points: (known?.points ?? 0) + 1,
      });
    }
    for (const level of [1, 2] as const) {
      if (options.format === 2) break;
      const size = rollupSize(level);
      if ((seq + 1) % size !== 0) continue;
      const index = (seq + 1) / size - 1;
      const rollup: Rollup = { schema: 'benchtrend/rollup', version: 1, level, index, segments: segments.slice(index * size, (index + 1) * size) };
      files.set(rollupPath(level, index), `${JSON.stringify(rollup)}\n`);
    }
  });
  const manifest: Manifest = {
    schema: 'benchtrend/manifest',
    version: options.format ?? 1,
    pageVersion: options.pageVersion ?? 'fixture',
    updated: options.updated,
    ...(options.repository !== undefined ? { repository: options.repository } : {}),
    segments: offset + segments.length,
    fanout: ROLLUP_FANOUT,
    suites,
    cases: [...cases.values()],
    annotations: options.annotations ?? [],
    alerts: options.alerts ?? [],
  };
  if (options.format === 2) {
    const index = indexManifest(manifest);
    for (const c of coverChunks(offset, offset + segments.length)) {
      files.set(chunkPath(c.level, c.index), `${JSON.stringify(encodeChunk(c.level, c.index, segments.slice(c.from - offset, c.to - offset), index))}\n`);
    }
    if (options.newest !== false && segments.length > 0) files.set(NEWEST_PATH, `${JSON.stringify(encodeNewest(segments.slice(-NEWEST_SEGMENTS), index))}\n`);
  }
  files.set(MANIFEST_PATH, `${JSON.stringify(manifest)}\n`);
  return files;
}

export function writeFiles(dir: string, files: ReadonlyMap<string, string | Uint8Array>): void {
  for (const [path, content] of files) {
    const target = join(dir, path);
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, content);
  }
}

/** A small deterministic PRNG (mulberry32): the same history on every run. */
export function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function hex(rand: () => number, n: number): string {
  let s = '';
  for (let i = 0; i < n; i++) s += Math.floor(rand() * 16).toString(16);
  return s;
}

const round = (x: number): number => Number(x.toPrecision(6));

/** A point computed from run values the way the foundation does (median, type-7 quartiles). */
export function pointFrom(caseName: string, shape: string, unit: string, samples: readonly number[], extra?: string): StoredPoint {
  const s = [...samples].sort((a, b) => a - b);
  const q = (p: number): number => {
    const pos = (s.length - 1) * p;
    const lo = Math.floor(pos);
    const hi = Math.ceil(pos);
    return (s[lo] as number) + ((s[hi] as number) - (s[lo] as number)) * (pos - lo);
  };
  const mean = s.reduce((t, v) => t + v, 0) / s.length;
  const stdev = s.length > 1 ? Math.sqrt(s.reduce((t, v) => t + (v - mean) ** 2, 0) / (s.length - 1)) : null;
  return {
    case: caseName,
    shape,
    unit,
    direction: unit === 'ops/s' ? 'bigger' : 'smaller',
    value: round(q(0.5)),
    q1: round(q(0.25)),
    q3: round(q(0.75)),
    min: round(s[0] as number),
    max: round(s[s.length - 1] as number),
    stdev: stdev === null ? null : round(stdev),
    runs: s.length,
    n: s.length,
    samples: samples.map(round),
    ...(extra !== undefined ? { extra } : {}),
  };
}

export interface HistorySpec {
  readonly suite?: string;
  /** Shapes and their stages; cases are `<shape> / <stage>`. */
  readonly shapes: readonly { readonly shape: string; readonly stages: readonly string[]; readonly unit?: string }[];
  readonly commits: number;
  readonly runs?: number;
  readonly seed?: number;
  /** Seconds between commits. */
  readonly spacing?: number;
  readonly start?: string;
  /** Commit index from which a stage is slower by a factor: steps to see on the chart. */
  readonly steps?: readonly { readonly case: string; readonly at: number; readonly factor: number }[];
  /** Commits at which a case was not measured. */
  readonly missing?: readonly { readonly case: string; readonly at: number }[];
  readonly repository?: string;
}

/** Publishes of one suite, one per commit, with job-level noise and the requested steps and gaps. */
export function syntheticHistory(spec: HistorySpec): Publish[] {
  const rand = random(spec.seed ?? 1);
  const runs = spec.runs ?? 5;
  const start = Date.parse(spec.start ?? '2024-01-01T00:00:00Z');
  const base = new Map<string, number>();
  for (const sh of spec.shapes) for (const st of sh.stages) base.set(`${sh.shape} / ${st}`, 0.01 + rand() * 2);
  const out: Publish[] = [];
  const authors = ['Ada Lovelace', 'Grace Hopper', 'Alan Turing', 'Edsger Dijkstra'];
  for (let i = 0; i < spec.commits; i++) {
    const sha = hex(rand, 40);
    const job = 1 + (rand() - 0.5) * 0.06;
    const points: StoredPoint[] = [];
    for (const sh of spec.shapes) {
      for (const st of sh.stages) {
        const name = `${sh.shape} / ${st}`;
        if (spec.missing?.some((m) => m.case === name && m.at === i)) continue;
        let level = base.get(name) as number;
        for (const s of spec.steps ?? []) if (s.case === name && i >= s.at) level *= s.factor;
        const samples = Array.from({ length: runs }, () => level * job * (1 + (rand() - 0.5) * 0.08) * (rand() < 0.03 ? 1.3 : 1));
        points.push(pointFrom(name, sh.shape, sh.unit ?? 's', samples));
      }
    }
    const when = new Date(start + i * (spec.spacing ?? 3600) * 1000).toISOString().replace('.000Z', 'Z');
    out.push({
      suite: spec.suite ?? 'main',
      commit: {
        sha,
        message: `Change ${i}: tune the launcher\n\nLonger description of change ${i}.`,
        author: authors[i % authors.length] as string,
        timestamp: when,
        ...(spec.repository ? { url: `${spec.repository}/commit/${sha}` } : {}),
      },
      points,
    });
  }
  return out;
}
