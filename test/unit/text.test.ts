import { describe, expect, it } from 'vitest';
import { pointProblem } from '../../src/core/cases.js';
import { sampleStdev } from '../../src/core/stats.js';
import { decodeText, nameProblem, normaliseText, visible } from '../../src/core/text.js';
import { checkWrittenFiles, parseManifest } from '../../src/core/trend/validate.js';

const point = { case: 'w / a', shape: 'w', unit: 's', direction: 'smaller' as const, value: 1, q1: 1, q3: 1, min: 1, max: 1, stdev: null, runs: 1, n: 1, samples: [1] };

describe('names are text', () => {
  it('refuses lone surrogates, NUL, line breaks, controls and the BOM in names, and keeps whole emoji', () => {
    expect(nameProblem('load 🚀')).toBeUndefined();
    expect(nameProblem('load \ud83d')).toMatch(/lone surrogate/);
    expect(nameProblem('\udc00x')).toMatch(/lone surrogate/);
    expect(nameProblem('a\u0000b')).toBe('holds NUL (U+0000)');
    expect(nameProblem('a\nb')).toBe('holds a line break (U+000A)');
    expect(nameProblem('a\u001bb')).toBe('holds a control character (U+001B)');
    expect(nameProblem('\ufeffa')).toBe('holds a byte order mark (U+FEFF)');
  });

  it('reads bytes that are not UTF-8 as one mark per byte, so two Latin-1 names stay two and are refused by name', () => {
    const latin1 = (text: string) => Uint8Array.from(text, (c) => c.charCodeAt(0));
    const a = decodeText(latin1('BenchmarkGr\xf6\xdfe'));
    const b = decodeText(latin1('BenchmarkGr\xe4\xdfe'));
    expect(a).not.toBe(b);
    expect(nameProblem(a)).toBe('holds the byte 0xF6, which is not UTF-8 (the file is in another encoding: write it as UTF-8)');
    // Valid UTF-8 around the bad byte, overlong forms and encoded surrogates are told apart byte by byte.
    const bytes = [...new TextEncoder().encode('µs '), 0xc0, 0xaf, 0xed, 0xa0, 0x80, ...new TextEncoder().encode(' 🚀'), 0xf0, 0x9f];
    expect(decodeText(Uint8Array.from(bytes))).toBe('µs \udcc0\udcaf\udced\udca0\udc80 🚀\udcf0\udc9f');
    expect(decodeText(new TextEncoder().encode('plain µs 🚀'))).toBe('plain µs 🚀');
    // UTF-16 with its byte order mark (Windows PowerShell's `>`), either order, is read as the text it is.
    const text = 'BenchmarkA-8\t100\t50 ns/op µs 🚀\r\n';
    const le = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
    expect(decodeText(le)).toBe(text);
    expect(decodeText(Buffer.from(le).swap16())).toBe(text);
    // In free text each mark becomes U+FFFD, as before.
    expect(normaliseText(decodeText(latin1('caf\xe9')))).toBe('caf\uFFFD');
  });

  it('normalises free text: U+FFFD for a lone surrogate, controls dropped, line breaks and tabs kept', () => {
    expect(normaliseText('fix \ud83d\u0000 bug\r\n\tdetails 🚀')).toBe('fix \uFFFD bug\n\tdetails 🚀');
  });

  it('spells invisible characters in refusals as JSON does', () => {
    expect(visible('\ufeffa\u200b\ud83d')).toBe('"\\ufeffa\\u200b\\ud83d"');
    expect(visible('ok 🚀')).toBe('"ok 🚀"');
  });
});

describe('points that would not round-trip', () => {
  it('names the field of a non-finite, subnormal or negative number and of a bad count', () => {
    expect(pointProblem(point)).toBeUndefined();
    expect(pointProblem({ ...point, q3: Infinity })).toMatch(/^q3 is Infinity/);
    expect(pointProblem({ ...point, samples: [1, 1e-320] })).toMatch(/^samples\[1\] is 1e-320, a subnormal/);
    expect(pointProblem({ ...point, min: -1 })).toMatch(/^min is -1, but a time or a rate cannot be negative/);
    expect(pointProblem({ ...point, unit: 'allocs/op', min: -1 })).toBeUndefined();
    // A tool's own bar may reach below zero; its value may not.
    expect(pointProblem({ ...point, summaryOnly: true, samples: [], q1: -2801, min: -2801 })).toBeUndefined();
    expect(pointProblem({ ...point, summaryOnly: true, samples: [], value: -1 })).toMatch(/^value is -1/);
    expect(pointProblem({ ...point, unit: 'ops/s', value: -1 })).toMatch(/^value is -1/);
    expect(pointProblem({ ...point, runs: -3 })).toMatch(/^runs is -3/);
    expect(pointProblem({ ...point, n: 1.5 })).toMatch(/^n is 1\.5/);
  });

  it('computes a finite stdev for samples near the largest double', () => {
    const sd = sampleStdev([1.5e308, 1.7e308, 1.6e308]) as number;
    expect(Number.isFinite(sd)).toBe(true);
    expect(sd / 1e307).toBeCloseTo(1, 10);
    expect(sampleStdev([1, 2, 3, 4])).toBeCloseTo(1.2909944487358056, 14);
  });
});

describe('the write gate', () => {
  const manifest = { schema: 'benchtrend/manifest', version: 1, pageVersion: '', updated: 'x', segments: 1, fanout: 16, suites: ['s'], cases: [], annotations: [], alerts: [] };

  it('refuses a path under data/ that no reader knows, and passes page files', () => {
    expect(() => checkWrittenFiles(new Map([['index.html', '<!doctype html>']]), 'gh-pages:dev/bench')).not.toThrow();
    expect(() => checkWrittenFiles(new Map([['data/new/x.json', '{}']]), 'gh-pages:dev/bench')).toThrow(
      'gh-pages:dev/bench/data/new/x.json: benchtrend would write data its readers refuse (a path under data/ that no reader knows); nothing was pushed',
    );
  });

  it('refuses a manifest whose counts cannot be real', () => {
    expect(() => parseManifest('m.json', JSON.stringify({ ...manifest, segments: 1e15 }))).toThrow(/^m\.json: segments is 1000000000000000, more than the 100000000/);
    const c = { suite: 's', case: 'c', shape: 'w', unit: 's', direction: 'smaller', firstSeq: 0, lastSeq: 5, points: 1 };
    expect(() => parseManifest('m.json', JSON.stringify({ ...manifest, cases: [c] }))).toThrow(/^m\.json: cases\[0\] says segments 0\.\.5 and 1 points, but the trend counts 1 segments/);
  });
});
