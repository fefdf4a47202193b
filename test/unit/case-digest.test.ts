import { describe, expect, it } from 'vitest';
import manifestSchema from '../../schemas/manifest.schema.json' with { type: 'json' };
import { caseListProblem, casesDigest, fnv1a64, unitsDigest } from '../../src/core/trend/case-digest.js';
import { parseManifest, TrendDataError } from '../../src/core/trend/validate.js';

const manifest = (extra: Record<string, unknown> = {}) => ({
  schema: 'benchtrend/manifest',
  version: 2,
  pageVersion: '',
  updated: '2024-01-01T00:00:00Z',
  segments: 1,
  fanout: 16,
  suites: ['default'],
  cases: ['zeta', 'alpha'].map((name) => ({ suite: 'default', case: name, shape: 's', unit: 'ms', direction: 'smaller', firstSeq: 0, lastSeq: 0, points: 1 })),
  annotations: [],
  alerts: [],
  ...extra,
});

describe('casesDigest', () => {
  it('is FNV-1a 64 as published (the schema describes it so a reader can be written from it)', () => {
    expect(fnv1a64('')).toBe('cbf29ce484222325');
    expect(fnv1a64('a')).toBe('af63dc4c8601ec8c');
    expect(fnv1a64('foobar')).toBe('85944171f73967e8');
    const m = manifest();
    expect(casesDigest(m)).toBe(fnv1a64(JSON.stringify([m.suites, m.cases.map((c) => [c.suite, c.case])])));
    expect(manifestSchema.properties.casesDigest.description).toContain('JSON.stringify([suites, cases.map(c => [c.suite, c.case])])');
  });

  it('changes with the order, a name or a suite, not with the rest of a case', () => {
    const m = manifest();
    const d = casesDigest(m);
    expect(casesDigest({ ...m, cases: [...m.cases].reverse() })).not.toBe(d);
    expect(casesDigest({ ...m, cases: m.cases.map((c, i) => (i === 0 ? { ...c, case: 'zeta2' } : c)) })).not.toBe(d);
    expect(casesDigest({ ...m, suites: ['other'] })).not.toBe(d);
    expect(casesDigest({ ...m, cases: m.cases.map((c) => ({ ...c, points: 9, lastSeq: 0 })) })).toBe(d);
  });

  it('refuses a manifest whose lists do not match it, and reads one without it as before', () => {
    const m = manifest();
    const good = { ...m, casesDigest: casesDigest(m) };
    expect(parseManifest('manifest.json', JSON.stringify(good)).cases.map((c) => c.case)).toEqual(['zeta', 'alpha']);
    expect(parseManifest('manifest.json', JSON.stringify(m)).casesDigest).toBeUndefined();
    expect(caseListProblem(m)).toBeUndefined();
    const sorted = { ...good, cases: [...m.cases].reverse() };
    expect(() => parseManifest('gh-pages:dev/bench/manifest.json', JSON.stringify(sorted))).toThrow(TrendDataError);
    expect(() => parseManifest('gh-pages:dev/bench/manifest.json', JSON.stringify(sorted))).toThrow(/^gh-pages:dev\/bench\/manifest\.json: "suites" or "cases" was edited: .*undo that edit/);
    expect(() => parseManifest('manifest.json', JSON.stringify({ ...m, casesDigest: 'not hex' }))).toThrow(/casesDigest/);
  });
});

describe('unitsDigest', () => {
  it('is FNV-1a 64 of the units and directions in order, as the schema describes', () => {
    const m = manifest();
    expect(unitsDigest(m)).toBe(fnv1a64(JSON.stringify(m.cases.map((c) => [c.unit, c.direction]))));
    expect(manifestSchema.properties.unitsDigest.description).toContain('JSON.stringify(cases.map(c => [c.unit, c.direction]))');
  });

  it('refuses a case whose unit or direction was edited, and reads one without it as before', () => {
    const m = manifest();
    const good = { ...m, casesDigest: casesDigest(m), unitsDigest: unitsDigest(m) };
    expect(parseManifest('manifest.json', JSON.stringify(good)).cases).toHaveLength(2);
    const edit = (change: Record<string, string>) => ({ ...good, cases: good.cases.map((c, i) => (i === 1 ? { ...c, ...change } : c)) });
    for (const edited of [edit({ unit: 's' }), edit({ direction: 'bigger' })]) {
      // The names still match casesDigest: only the second check tells.
      expect(casesDigest(edited)).toBe(good.casesDigest);
      expect(() => parseManifest('m.json', JSON.stringify(edited))).toThrow(/^m\.json: a case's "unit" or "direction" was edited: the cases no longer match unitsDigest /);
    }
    const { unitsDigest: _, ...older } = edit({ unit: 's' });
    expect(caseListProblem(older)).toBeUndefined();
    // Points, seqs and shape are not covered: every publish changes the counts.
    expect(caseListProblem({ ...good, cases: good.cases.map((c) => ({ ...c, points: 7, shape: 't' })) })).toBeUndefined();
  });
});
