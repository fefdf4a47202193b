import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildPoints } from '../../src/core/cases.js';
import {
  COLLECT_PREFIX,
  RUN_ARTIFACT_PREFIX,
  artifactKey,
  buildPayload,
  collectArtifactName,
  mergeCollected,
  parsePayload,
  runArtifactName,
  serializePayload,
  type CollectedPayload,
  type NamedPayload,
} from '../../src/core/collected.js';
import { InputError, type Point } from '../../src/core/model.js';
import type { CommitInfo } from '../../src/core/trend/types.js';
import { parseRecord } from '../../src/formats/record.js';
import { FIXTURES } from '../helpers/paths.js';

const fixture = (name: string) => parseRecord(name, readFileSync(join(FIXTURES, 'records', name), 'utf8'));
const warm = buildPoints([fixture('warm.json')]).points;
const cold = buildPoints([fixture('cold-recreate.json')]).points;

const commit: CommitInfo = {
  sha: '0123456789abcdef0123456789abcdef01234567',
  message: 'Speed up attach',
  author: 'Ada',
  timestamp: '2024-01-02T03:04:05Z',
  url: 'https://github.com/owner/repo/commit/0123456789abcdef0123456789abcdef01234567',
};
const { url: _url, ...withoutUrl } = commit;
const otherCommit: CommitInfo = { ...withoutUrl, sha: 'fedcba9876543210fedcba9876543210fedcba98' };

function payload(over: { suite?: string; points?: readonly Point[]; shapes?: string[]; job?: string; attempt?: number; note?: string; commit?: CommitInfo }): CollectedPayload {
  const points = over.points ?? warm;
  return buildPayload({
    suite: over.suite ?? 'linux',
    commit: over.commit ?? commit,
    runUrl: 'https://github.com/owner/repo/actions/runs/7',
    collectedAt: '2024-01-02T04:00:00Z',
    job: { id: over.job ?? 'bench', attempt: over.attempt ?? 1 },
    shapes: over.shapes ?? [...new Set(points.map((p) => p.shape))],
    note: over.note,
    points,
  });
}

const named = (p: CollectedPayload): NamedPayload => ({ artifact: collectArtifactName(p.suite, p.shapes, p.job.attempt), payload: p });

/** A payload text with one field replaced, to see what the merge job says about it. */
function tampered(edit: (data: Record<string, unknown>) => void): string {
  const data = JSON.parse(serializePayload(payload({}))) as Record<string, unknown>;
  edit(data);
  return JSON.stringify(data);
}

describe('the collected payload', () => {
  it('round-trips through its serialized text unchanged', () => {
    const p = payload({ note: 'Linux-X64' });
    const back = parsePayload('benchtrend-collect-linux-warm-1', serializePayload(p));
    expect(back).toEqual(p);
    expect(back.points.map((x) => [x.case, x.value])).toEqual([
      ['warm / host-prep', 0.03],
      ['warm / devpod-up', 0.46],
      ['warm / attach', 1.61],
      ['warm / total', 2.1],
    ]);
    expect(back.note).toBe('Linux-X64');
  });

  it('declares the shapes of its points even when the caller forgot one', () => {
    expect(payload({ points: [...warm, ...cold], shapes: ['warm'] }).shapes).toEqual(['warm', 'cold-recreate']);
  });

  it('keeps a declared shape that produced no point, so it still supersedes', () => {
    expect(payload({ points: warm, shapes: ['warm', 'empty'] }).shapes).toEqual(['warm', 'empty']);
  });

  it('leaves out an empty note', () => {
    expect('note' in payload({ note: '' })).toBe(false);
  });
});

describe('refusals of a collected payload name the artifact and the field', () => {
  const A = 'benchtrend-collect-linux-warm-1';
  const cases: [string, string, RegExp][] = [
    ['an empty file', '', /^artifact benchtrend-collect-linux-warm-1: benchtrend-collected\.json: not JSON \(the file is empty\)$/],
    ['a truncated file', serializePayload(payload({})).slice(0, 200), /: not JSON \(/],
    ['an array', '[]', /: not a collected payload: expected one JSON object, got an array$/],
    ['another schema', tampered((d) => (d['schema'] = 'benchtrend/segment')), /: schema must be equal to constant, got "benchtrend\/segment"$/],
    ['no suite', tampered((d) => delete d['suite']), /: the payload has no "suite"$/],
    ['an empty suite', tampered((d) => (d['suite'] = '')), /: suite must NOT have fewer than 1 characters, got ""$/],
    ['a short sha', tampered((d) => ((d['commit'] as Record<string, unknown>)['sha'] = 'abc1234')), /: commit\.sha must match pattern .*, got "abc1234"$/],
    ['attempt 0', tampered((d) => ((d['job'] as Record<string, unknown>)['attempt'] = 0)), /: job\.attempt must be >= 1, got 0$/],
    [
      'a value written as null (NaN through JSON.stringify)',
      tampered((d) => (((d['points'] as Record<string, unknown>[])[2] as Record<string, unknown>)['value'] = null)),
      /: points\[2\]\.value must be number, got null$/,
    ],
    [
      'a point of an undeclared shape',
      tampered((d) => {
        const p = (d['points'] as Record<string, unknown>[])[0]!;
        p['shape'] = 'cold';
        p['case'] = 'cold / host-prep';
      }),
      /: points\[0\]\.shape "cold" is not among the payload's shapes \(warm\)$/,
    ],
    ['a case not named after its shape and metric', tampered((d) => ((d['points'] as Record<string, unknown>[])[1]!['case'] = 'warm / up')), /: points\[1\]\.case "warm \/ up" is not "<shape> \/ <metric>" \("warm \/ devpod-up"\)$/],
    [
      'a repeated case',
      tampered((d) => {
        const pts = d['points'] as unknown[];
        pts.push(pts[0]);
      }),
      /: points\[4\] repeats the case "warm \/ host-prep"$/,
    ],
    ['a newer format', tampered((d) => (d['version'] = 2)), /: written by a newer benchtrend \(collected format 2, this one reads 1\); use one action version in the collect and merge jobs$/],
  ];
  it.each(cases)('%s', (_title, text, message) => {
    let error: unknown;
    try {
      parsePayload(A, text);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(InputError);
    const msg = (error as Error).message;
    expect(msg).toMatch(message);
    expect(msg.startsWith(`artifact ${A}: benchtrend-collected.json: `)).toBe(true);
    expect(msg).not.toContain('\n');
  });
});

describe('merging collected payloads', () => {
  it('puts the points of one suite at one commit in one group, whichever job benched them', () => {
    const a = payload({ points: warm, note: 'Linux-X64' });
    const b = payload({ points: cold });
    const merged = mergeCollected([named(b), named(a)]);
    expect(merged.groups).toHaveLength(1);
    const [g] = merged.groups;
    expect(g!.suite).toBe('linux');
    expect(g!.commit).toEqual(commit);
    expect(g!.runUrl).toBe('https://github.com/owner/repo/actions/runs/7');
    // Artifacts are taken in name order: cold-recreate's artifact sorts before warm's.
    expect(g!.artifacts).toEqual(['benchtrend-collect-linux-cold-recreate-1', 'benchtrend-collect-linux-warm-1']);
    expect(g!.shapes).toEqual(['cold-recreate', 'warm']);
    expect(g!.points.map((p) => [p.case, p.value])).toEqual([...cold, ...warm].map((p) => [p.case, p.value]));
    expect(merged.used).toEqual(g!.artifacts);
    expect(merged.superseded).toEqual([]);
    expect(merged.warnings).toEqual([]);
  });

  it("gives a group the address of the newest attempt it holds, a re-run leg's", () => {
    const rerun = { ...payload({ points: warm, attempt: 2 }), runUrl: 'https://github.com/owner/repo/actions/runs/7/attempts/2' };
    const merged = mergeCollected([named(payload({ points: cold })), named(rerun)]);
    expect(merged.groups.map((g) => g.runUrl)).toEqual(['https://github.com/owner/repo/actions/runs/7/attempts/2']);
    expect(Object.keys(merged.groups[0]!)).not.toContain('attempt');
  });

  it("folds each job's note into its points' extra, keeping the tool's extra first", () => {
    const tooled = warm.map((p, i) => (i === 0 ? { ...p, extra: '15 samples' } : p));
    const merged = mergeCollected([named(payload({ points: tooled, note: 'macOS-ARM64' })), named(payload({ points: cold }))]);
    const extras = Object.fromEntries(merged.groups[0]!.points.map((p) => [p.case, p.extra]));
    expect(extras['warm / host-prep']).toBe('15 samples macOS-ARM64');
    expect(extras['warm / attach']).toBe('macOS-ARM64');
    expect(extras['cold-recreate / attach']).toBeUndefined();
  });

  it('keeps suites and commits apart, one group each', () => {
    const merged = mergeCollected([
      named(payload({ suite: 'linux', points: warm })),
      named(payload({ suite: 'macos', points: warm })),
      { artifact: 'benchtrend-collect-linux-warm-other', payload: payload({ suite: 'linux', points: warm, commit: otherCommit }) },
    ]);
    expect(merged.groups.map((g) => [g.suite, g.commit.sha.slice(0, 7), g.points.length])).toEqual([
      ['linux', '0123456', 4],
      ['linux', 'fedcba9', 4],
      ['macos', '0123456', 4],
    ]);
  });

  it('lets a re-run of the same job win over its first attempt, and says so', () => {
    const first = payload({ points: warm, attempt: 1 });
    const slower = warm.map((p) => ({ ...p, value: p.value * 2 }));
    const rerun = payload({ points: slower, attempt: 2 });
    for (const order of [[first, rerun], [rerun, first]]) {
      const merged = mergeCollected([...order.map(named), named(payload({ points: cold }))]);
      expect(merged.superseded).toEqual(['benchtrend-collect-linux-warm-1']);
      expect(merged.used).toEqual(['benchtrend-collect-linux-cold-recreate-1', 'benchtrend-collect-linux-warm-2']);
      expect(merged.groups[0]!.points.filter((p) => p.shape === 'warm').map((p) => p.value)).toEqual(slower.map((p) => p.value));
      expect(merged.warnings).toEqual([
        'artifact benchtrend-collect-linux-warm-1 (run attempt 1) is superseded by benchtrend-collect-linux-warm-2 (run attempt 2), a re-run of job bench',
      ]);
    }
  });

  it('keeps only the last of three attempts', () => {
    const merged = mergeCollected([1, 3, 2].map((attempt) => named(payload({ points: warm.map((p) => ({ ...p, value: attempt })), attempt }))));
    expect(merged.used).toEqual(['benchtrend-collect-linux-warm-3']);
    expect(merged.groups[0]!.points.every((p) => p.value === 3)).toBe(true);
  });

  it('refuses two matrix legs that benched one shape of one suite, naming both artifacts', () => {
    const legA = { artifact: 'benchtrend-collect-linux-warm-1', payload: payload({ points: warm }) };
    const legB = { artifact: 'benchtrend-collect-linux-cold-recreate+warm-1', payload: payload({ points: [...cold, ...warm] }) };
    expect(() => mergeCollected([legA, legB])).toThrow(
      new InputError(
        'artifacts benchtrend-collect-linux-cold-recreate+warm-1 and benchtrend-collect-linux-warm-1 both hold shape "warm" of suite "linux" at commit 0123456; two jobs benched one trend line: give each matrix job its own shape or suite',
      ),
    );
  });

  it('refuses one shape from two different jobs even across attempts', () => {
    const a = { artifact: 'benchtrend-collect-a', payload: payload({ points: warm, job: 'bench-linux', attempt: 1 }) };
    const b = { artifact: 'benchtrend-collect-b', payload: payload({ points: warm, job: 'bench-other', attempt: 2 }) };
    expect(() => mergeCollected([a, b])).toThrow(/^artifacts benchtrend-collect-a and benchtrend-collect-b both hold shape "warm"/);
  });

  it('refuses two payloads of one job and one attempt holding the same shape', () => {
    const a = { artifact: 'benchtrend-collect-a', payload: payload({ points: warm }) };
    const b = { artifact: 'benchtrend-collect-b', payload: payload({ points: warm }) };
    expect(() => mergeCollected([a, b])).toThrow(InputError);
  });

  it('gives the same groups whatever order the artifacts were listed in', () => {
    const items = [named(payload({ points: warm })), named(payload({ points: cold })), named(payload({ suite: 'macos', points: cold }))];
    const forward = mergeCollected(items);
    const backward = mergeCollected([...items].reverse());
    expect(backward).toEqual(forward);
  });
});

describe('artifact names', () => {
  const forbidden = /[":<>|*?\r\n\\/]/;

  it('name the suite and the shapes, and end with the run attempt', () => {
    expect(collectArtifactName('linux', ['warm', 'cold-recreate'], 1)).toBe(`${COLLECT_PREFIX}linux-cold-recreate+warm-1`);
    expect(runArtifactName('default', ['warm'], 3)).toBe(`${RUN_ARTIFACT_PREFIX}default-warm-3`);
  });

  it('do not depend on the order the shapes were benched in', () => {
    expect(artifactKey('s', ['b', 'a'])).toBe(artifactKey('s', ['a', 'b']));
  });

  it('replace the characters the service refuses and keep names that differ only there apart', () => {
    const a = artifactKey('ubuntu/x64: "fast"', ['warm|cold']);
    const b = artifactKey('ubuntu_x64_ _fast_', ['warm_cold']);
    expect(a).not.toMatch(forbidden);
    expect(a).not.toBe(b);
    expect(a.startsWith('ubuntu_x64_')).toBe(true);
  });

  it('shorten a long key to a readable head and a stable hash of the whole', () => {
    const shapes = Array.from({ length: 30 }, (_, i) => `shape-number-${i}`);
    const key = artifactKey('linux', shapes);
    expect(key.length).toBeLessThanOrEqual(80);
    expect(key).toMatch(/^linux-shape-number-0\+.*-[0-9a-f]{8}$/);
    expect(artifactKey('linux', [...shapes].reverse())).toBe(key);
    expect(artifactKey('linux', shapes.slice(1))).not.toBe(key);
  });
});
