/**
 * Format 2's chunk codec: every field of every point and segment comes back as format 1 stored
 * it, whichever columns collapse to one value, whichever optional fields only some rows have.
 */
import { describe, expect, it } from 'vitest';
import { decodeChunk, eachDecoded, encodeChunk, indexManifest, sameJson, sameSegments, type ChunkFile } from '../../src/core/trend/chunk.js';
import { TrendDataError, chunkReadsAs } from '../../src/core/trend/validate.js';
import type { CaseInfo, Segment, StoredPoint } from '../../src/core/trend/types.js';

const sha = (n: number) => n.toString(16).padStart(40, '0');
const base: StoredPoint = { case: 'warm / total', shape: 'warm', unit: 's', direction: 'smaller', value: 1.5, q1: 1.4, q3: 1.6, min: 1.3, max: 1.7, stdev: 0.1, runs: 5, n: 5, samples: [1.3, 1.4, 1.5, 1.6, 1.7] };

function seg(seq: number, suite: string, points: StoredPoint[], extra: Partial<Segment> = {}): Segment {
  return { schema: 'benchtrend/segment', version: 1, seq, suite, commit: { sha: sha(seq + 1), message: `m ${seq}\n\nbody`, author: 'Ada', timestamp: '2024-01-01T00:00:00Z', url: `https://github.com/o/r/commit/${sha(seq + 1)}` }, publishedAt: '2024-01-02T00:00:00Z', shapes: [...new Set(points.map((p) => p.shape))], points, ...extra };
}

const cases: CaseInfo[] = [
  { suite: 'a', case: 'warm / total', shape: 'warm', unit: 's', direction: 'smaller', firstSeq: 0, lastSeq: 15, points: 16 },
  { suite: 'a', case: 'cargo / fib', shape: 'cargo', unit: 'ns/iter', direction: 'smaller', firstSeq: 0, lastSeq: 15, points: 16 },
  { suite: 'b', case: 'warm / total', shape: 'warm', unit: 's', direction: 'bigger', firstSeq: 3, lastSeq: 3, points: 1 },
];
const manifest = { suites: ['a', 'b'], cases };

describe('a chunk', () => {
  it('decodes to the segments it was made from, field for field', () => {
    const segments: Segment[] = [...Array(16).keys()].map((i) => {
      if (i === 3) return seg(i, 'b', [{ ...base, direction: 'bigger', wall: 2.5, failed: 1, extra: 'runs=5/5' }], { runUrl: 'https://github.com/o/r/actions/runs/3' });
      const summary: StoredPoint = { ...base, case: 'cargo / fib', shape: 'cargo', unit: i > 10 ? 'us/iter' : 'ns/iter', value: 100 + i, q1: 99, q3: 101 + i, min: 99, max: 101 + i, stdev: i % 2 ? null : 1, samples: [], summaryOnly: true, range: `± ${i}` };
      const points = i === 7 ? [summary] : [{ ...base, value: base.value + i, summaryOnly: false }, summary];
      return seg(i, 'a', points, i < 5 ? { imported: 'github-action-benchmark' } : {});
    });
    segments[9] = { ...segments[9]!, commit: { sha: sha(10), message: 'no url', author: 'Bo', timestamp: '2024-02-01T00:00:00Z' } };
    const chunk = JSON.parse(JSON.stringify(encodeChunk(1, 0, segments, indexManifest(manifest)))) as ChunkFile;
    expect(decodeChunk(chunk, manifest, 16)).toEqual(segments);
    // Nothing per point repeats the case, its suite, shape or unit as text; the url is stored once as a template.
    expect(chunk.strings.filter((s) => s.includes('/commit/'))).toEqual(['https://github.com/o/r/commit/\u0000']);
    expect(JSON.stringify(chunk.points)).not.toContain('warm / total');
    expect(chunk.points.runs).toBe(5);
  });

  it('keeps min and max as their own columns when they differ from the bar', () => {
    const s = [seg(0, 'a', [{ ...base, min: 1.4, max: 1.6 }, { ...base, case: 'cargo / fib', min: 1.0, max: 1.6 }])];
    const chunk = encodeChunk(0, 0, s, indexManifest(manifest));
    expect(chunk.points.min).toEqual([1.4, 1.0]);
    expect(chunk.points.max).toEqual('q3');
    expect(decodeChunk(chunk, manifest, 1)).toEqual(s);
  });

  it('refuses a chunk that does not fit its place or its manifest', () => {
    const s = [seg(0, 'a', [base])];
    const chunk = encodeChunk(0, 0, s, indexManifest(manifest));
    expect(() => decodeChunk(chunk, manifest, 16)).toThrow('holds 1 segments, its place 16');
    expect(() => decodeChunk({ ...chunk, points: { ...chunk.points, case: 2 } }, manifest, 1)).toThrow('points.case[0] is 2, not a case of suite "a" in the manifest');
    expect(() => decodeChunk({ ...chunk, strings: [] }, manifest, 1)).toThrow(/refers to string \d+, which is not in "strings"/);
    expect(() => encodeChunk(0, 0, [seg(0, 'c', [base])], indexManifest(manifest))).toThrow('suite "c" is not in the manifest the chunk refers to');
  });
});

describe('the same data as JSON writes it', () => {
  it('ignores key order and keys whose value is undefined, nothing else', () => {
    expect(sameJson({ a: 1, b: [1, { c: 'x', d: undefined }] }, { b: [1, { c: 'x' }], a: 1 })).toBe(true);
    expect(sameJson({ a: 1 }, { a: 1, b: null })).toBe(false);
    expect(sameJson({ a: 1, b: undefined }, { a: 1, c: undefined })).toBe(true);
    expect(sameJson({ a: 1, b: undefined }, { a: 1, c: 2 })).toBe(false);
    expect(sameJson({ a: undefined, b: 2 }, { a: 2 })).toBe(false);
    expect(sameJson([1, 2], [2, 1])).toBe(false);
    expect(sameJson([1, 2], { 0: 1, 1: 2 })).toBe(false);
    expect(sameJson([], {})).toBe(false);
    expect(sameJson({ a: [] }, { a: null })).toBe(false);
    expect(sameJson('1', 1)).toBe(false);
    expect(sameJson(1, 1.0000000000000002)).toBe(false);
    // As JSON writes them: -0 is 0, NaN and Infinity are null.
    expect(sameJson(-0, 0)).toBe(true);
    expect(sameJson(NaN, null)).toBe(true);
    expect(sameJson(Infinity, NaN)).toBe(true);
    expect(sameJson(null, {})).toBe(false);
    expect(sameJson({}, null)).toBe(false);
  });

  it('tells a segment changed in any field from the one it was made from', () => {
    const s = seg(0, 'a', [base]);
    expect(sameSegments([s], [JSON.parse(JSON.stringify(s)) as Segment])).toBe(true);
    expect(sameSegments([s], [])).toBe(false);
    expect(sameSegments([s], [{ ...s, commit: { ...s.commit, message: `${s.commit.message ?? ''}!` } }])).toBe(false);
    expect(sameSegments([s], [{ ...s, points: [{ ...base, value: base.value * (1 + 1e-15) }] }])).toBe(false);
    expect(sameSegments([s], [{ ...s, points: [{ ...base, samples: [...(base.samples ?? []), 1] }] }])).toBe(false);
    expect(sameSegments([s], [{ ...s, imported: 'github-action-benchmark' }])).toBe(false);
  });
});

describe('the check of a chunk just written', () => {
  const segments: Segment[] = [...Array(16).keys()].map((i) => seg(i, 'a', [{ ...base, value: base.value + i }, { ...base, case: 'cargo / fib', shape: 'cargo', unit: 'ns/iter', value: 100 + i, wall: i, extra: `x${i}` }]));
  const text = JSON.stringify(encodeChunk(1, 0, segments, indexManifest(manifest)));
  const file = 'dev/bench/data/1/0.json';

  it('hands each segment to the visitor in order, as decodeChunk returns them', () => {
    const seen: [number, Segment][] = [];
    eachDecoded(JSON.parse(text) as ChunkFile, manifest, 16, 0, (s, i) => seen.push([i, s]));
    expect(seen.map(([i]) => i)).toEqual([...Array(16).keys()]);
    expect(seen.map(([, s]) => s)).toEqual(decodeChunk(JSON.parse(text) as ChunkFile, manifest, 16));
    expect(seen.map(([, s]) => s)).toEqual(segments);
  });

  it('reads back as the segments it was made from, and as nothing else', () => {
    expect(chunkReadsAs(file, text, 1, 0, 16, manifest, segments)).toBe(true);
    const changed = segments.map((s, i) => (i === 9 ? { ...s, points: s.points.map((p, k) => (k === 1 ? { ...p, value: p.value * (1 + 1e-15) } : p)) } : s));
    expect(chunkReadsAs(file, text, 1, 0, 16, manifest, changed)).toBe(false);
    expect(chunkReadsAs(file, text, 1, 0, 16, manifest, segments.map((s, i) => (i === 15 ? { ...s, runUrl: 'https://github.com/o/r/actions/runs/1' } : s)))).toBe(false);
    expect(chunkReadsAs(file, text, 1, 0, 16, manifest, segments.slice(1))).toBe(false);
  });

  it('refuses a chunk the readers would refuse, naming the file, as parseChunk does', () => {
    const chunk = JSON.parse(text) as ChunkFile;
    const broken = JSON.stringify({ ...chunk, points: { ...chunk.points, extra: chunk.points.extra === undefined ? undefined : (chunk.points.extra as number[]).map(() => 999) } });
    expect(() => chunkReadsAs(file, broken, 1, 0, 16, manifest, segments)).toThrow(TrendDataError);
    expect(() => chunkReadsAs(file, broken, 1, 0, 16, manifest, segments)).toThrow(`${file}: points.extra[0] refers to string 999, which is not in "strings"; refusing to publish over it`);
    expect(() => chunkReadsAs(file, text, 1, 1, 16, manifest, segments)).toThrow(`${file}: holds level-1 chunk 0 but its path is that of level-1 chunk 1`);
  });
});
