import { describe, expect, it } from 'vitest';
import manifestSchema from '../../schemas/manifest.schema.json' with { type: 'json' };
import { caseListProblem, casesDigest, fnv1a64 } from '../../src/core/trend/case-digest.js';
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
