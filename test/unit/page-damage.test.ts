import { describe, expect, it } from 'vitest';
import { manifestEntries, soundChunkRows, soundSegments } from '../../page/lib/damage.js';
import { decodeChunk, encodeChunk, indexManifest, type ChunkFile } from '../../src/core/trend/chunk.js';
import type { CaseInfo, Segment, StoredPoint } from '../../src/core/trend/types.js';

const info = (name: string): CaseInfo => ({ suite: 'main', case: name, shape: 'warm', unit: 's', direction: 'smaller', firstSeq: 0, lastSeq: 1, points: 2 });
const cases = [info('warm / a'), info('warm / b')];
const point = (name: string, value: number): StoredPoint => ({
  case: name,
  shape: 'warm',
  unit: 's',
  direction: 'smaller',
  value,
  q1: value - 0.1,
  q3: value + 0.1,
  min: value - 0.2,
  max: value + 0.2,
  stdev: 0.1,
  runs: 3,
  n: 3,
  samples: [value - 0.1, value, value + 0.1],
});
const segment = (seq: number): Segment => ({
  schema: 'benchtrend/segment',
  version: 1,
  seq,
  suite: 'main',
  commit: { sha: `${seq}`.repeat(40).slice(0, 40), message: 'm', author: 'a', timestamp: '2024-01-01T00:00:00Z' },
  publishedAt: '2024-01-01T00:00:00Z',
  shapes: ['warm'],
  points: [point('warm / a', 1 + seq), point('warm / b', 2 + seq)],
});
const chunk = (): Record<string, unknown> => JSON.parse(JSON.stringify(encodeChunk(1, 0, [segment(0), segment(1)], indexManifest({ suites: ['main'], cases })))) as Record<string, unknown>;
const decoded = (file: Record<string, unknown>): Segment[] => decodeChunk(file as unknown as ChunkFile, { suites: ['main'], cases }, 2, 0);
const pointsOf = (file: Record<string, unknown>): Record<string, unknown> => file['points'] as Record<string, unknown>;

describe('the page leaves out what it cannot read, entry by entry', () => {
  it('keeps the sound alerts, cases and annotations of a manifest, the left-out cases as holes at their index', () => {
    const m = {
      cases: [{}, cases[1]],
      alerts: [
        { kind: 'regression', suite: 'main', case: 'warm / b', sha: null, seq: 1, status: 'confirmed' },
        { kind: 'regression', suite: 'main', case: 'warm / b', sha: 'abc', seq: 1, status: 'confirmed', change: null },
        { kind: 'regression', suite: 'main', case: 'warm / b', sha: 'abc', seq: 'x', status: 'confirmed' },
      ],
      annotations: [{ at: null, label: 'x' }, { at: 'abc', label: 'ok' }],
    };
    const e = manifestEntries('manifest.json', m);
    expect(e.cases).toEqual([cases[1]]);
    expect(e.caseAt).toEqual([undefined, cases[1]]);
    expect(e.alerts).toHaveLength(1);
    expect(e.annotations).toEqual([{ at: 'abc', label: 'ok' }]);
    expect(e.problems).toEqual([
      'manifest.json: cases[0]: suite is missing, not text; that case is left out, and its points with it.',
      'manifest.json: alerts[0]: sha is null, not text; that alert and 1 more are left out.',
      'manifest.json: annotations[0]: at is null, not text; that annotation is left out.',
    ]);
    expect(manifestEntries('manifest.json', { cases, alerts: [], annotations: [] }).problems).toEqual([]);
  });

  it('takes a damaged row out of a chunk before it is decoded, and the other rows decode as written', () => {
    const file = chunk();
    (pointsOf(file)['value'] as unknown[])[1] = 'fast';
    const out = soundChunkRows('c.json', file, ['main'], cases);
    expect(out.problems).toEqual(['c.json: point 1 (\u2068warm / b\u2069 at 0000000): value is "fast", not a number; that point is left out.']);
    const [s0, s1] = decoded(out.file);
    expect(s0?.points.map((p) => p.case)).toEqual(['warm / a']);
    expect(s1?.points).toEqual(segment(1).points);
  });

  it('costs a file its points for a column that is none, and only the column when the points do without it', () => {
    const broken = chunk();
    pointsOf(broken)['q3'] = null;
    const out = soundChunkRows('c.json', broken, ['main'], cases);
    expect(out.problems).toEqual(['c.json: points.q3 is null, not a list of 4 numbers; its 4 points are left out.']);
    expect(decoded(out.file).map((s) => s.points.length)).toEqual([0, 0]);

    const samples = chunk();
    pointsOf(samples)['samples'] = [[1]];
    const kept = soundChunkRows('c.json', samples, ['main'], cases);
    expect(kept.problems).toEqual(['c.json: points.samples has 1 rows, not 4; the points are drawn without it.']);
    expect(decoded(kept.file).map((s) => s.points.length)).toEqual([2, 2]);
  });

  it('takes out silently the rows of a case the manifest check left out, and names a case the manifest never listed', () => {
    const file = chunk();
    expect(soundChunkRows('c.json', file, ['main'], [undefined, cases[1]]).problems).toEqual([]);
    expect(decodeChunk(soundChunkRows('c.json', file, ['main'], [undefined, cases[1]]).file as unknown as ChunkFile, { suites: ['main'], cases: [undefined, cases[1]] as CaseInfo[] }, 2, 0).map((s) => s.points.length)).toEqual([1, 1]);
    pointsOf(file)['case'] = [0, 7, 0, 1];
    expect(soundChunkRows('c.json', file, ['main'], cases).problems).toEqual(['c.json: point 1 (0000000): case is 7, not a case of suite \u2068main\u2069 in the manifest; that point is left out.']);
  });

  it('leaves out a format 1 point that cannot be drawn, and a publish whose commit has no sha', () => {
    const bad = { ...segment(0), points: [{ ...point('warm / a', 1), q1: null } as unknown as StoredPoint, point('warm / b', 2)] };
    const noSha = { ...segment(1), commit: { ...segment(1).commit, sha: null } } as unknown as Segment;
    const out = soundSegments('s.json', [bad, noSha, segment(2)]);
    expect(out.segments.map((s) => [s.seq, s.points.length])).toEqual([
      [0, 1],
      [2, 2],
    ]);
    expect(out.problems).toEqual([
      's.json: publish 1: commit.sha is null, not text; that publish is left out.',
      's.json: point 0 (\u2068warm / a\u2069 at 0000000): q1 is null, not a number; that point is left out.',
    ]);
  });
});
