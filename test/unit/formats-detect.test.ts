/**
 * `format: auto` picks the right format for every fixture: the first format in registry order
 * whose detect accepts the text is the format the fixture is in.
 */
import { describe, expect, it } from 'vitest';
import { detectFormat, FORMAT_NAMES, parseInput } from '../../src/formats/registry.js';
import { fixtureFiles, readFixture } from './fixtures.js';

/** What each fixture is, by folder and, in the github-action-benchmark inputs, by file name. */
function formatOf(rel: string): string {
  const [dir, ...rest] = rel.split('/');
  const name = rest.join('/');
  switch (dir) {
    case 'hyperfine':
      return 'hyperfine';
    case 'dl-timing-json':
      return 'dl-timing-json';
    case 'qwen-code':
      return 'qwen-code';
    case 'orca':
      return 'orca';
    case 'ab':
      return 'record';
    case 'records':
      // benchtrend's own flat case array: github-action-benchmark's customSmallerIsBetter format.
      return name === 'cases.expected.json' ? 'customSmallerIsBetter' : 'record';
  }
  const base = name.replace(/^input\//, '');
  const byPrefix: readonly [string, string][] = [
    ['benchmarkdotnet', 'benchmarkdotnet'],
    ['benchmarkjs', 'benchmarkjs'],
    ['benchmarkluau', 'benchmarkluau'],
    ['cargo_', 'cargo'],
    ['catch2_', 'catch2'],
    ['issue16_', 'catch2'],
    ['criterion_', 'criterion'],
    ['customBiggerIsBetter', 'customBiggerIsBetter'],
    ['customSmallerIsBetter', 'customSmallerIsBetter'],
    ['go_', 'go'],
    ['googlecpp', 'googlecpp'],
    ['jmh_', 'jmh'],
    ['julia_', 'julia'],
    ['pytest_', 'pytest'],
  ];
  const hit = byPrefix.find(([p]) => base.startsWith(p));
  if (!hit) throw new Error(`no format known for fixture ${rel}`);
  return hit[1];
}

const FIXTURES = [
  ...fixtureFiles('github-action-benchmark/input'),
  ...fixtureFiles('hyperfine'),
  ...fixtureFiles('dl-timing-json'),
  ...fixtureFiles('qwen-code'),
  ...fixtureFiles('orca'),
  ...fixtureFiles('records'),
  ...fixtureFiles('ab'),
];

describe('format: auto', () => {
  it('there are fixtures of every format', () => {
    expect(new Set(FIXTURES.map(formatOf))).toEqual(new Set(FORMAT_NAMES));
  });

  it.each(FIXTURES)('%s', (rel) => {
    const text = readFixture(rel);
    expect(detectFormat(text, rel)?.name).toBe(formatOf(rel));
    const records = parseInput(rel, text, 'auto');
    expect(records.length).toBeGreaterThan(0);
    // Criterion's bencher lines alone are cargo's output, as github-action-benchmark's history names them.
    const recordFormat = rel.endsWith('criterion_output.txt') ? 'cargo' : formatOf(rel);
    expect(records.every((r) => r.format === recordFormat)).toBe(true);
  });

  it('a custom array named for neither direction is read as smaller-is-better, and the record says so', () => {
    const text = readFixture('github-action-benchmark/input/customBiggerIsBetter_output.json');
    const [record] = parseInput('results/throughput.json', text, 'auto');
    expect(record?.format).toBe('customSmallerIsBetter');
    // The throughput's unit says which way is better whatever the format's name, and says so.
    expect(record?.metrics.map((m) => [m.unit, m.direction])).toEqual([
      ['req/s', 'bigger'],
      ['Megabytes', 'smaller'],
    ]);
    expect(record?.notes).toEqual([
      'customSmallerIsBetter / My Custom Bigger Is Better Benchmark - Throughput: its unit "req/s" says bigger is better, customSmallerIsBetter says smaller; the unit is used (set direction-overrides to choose)',
      'read as customSmallerIsBetter: a custom JSON array does not say which way is better; set format: customBiggerIsBetter if bigger is',
    ]);
    // From the CLI the note names the CLI's option.
    expect(parseInput('results/throughput.json', text, 'auto', { formatOption: '--format' })[0]?.notes?.at(-1)).toBe(
      'read as customSmallerIsBetter: a custom JSON array does not say which way is better; give --format customBiggerIsBetter if bigger is',
    );
    // Named explicitly, only the case whose unit says otherwise needs saying.
    expect(parseInput('results/throughput.json', text, 'customBiggerIsBetter')[0]?.notes).toEqual([
      'customBiggerIsBetter / My Custom Bigger Is Better Benchmark - Free Memory: its unit "Megabytes" says smaller is better, customBiggerIsBetter says bigger; the unit is used (set direction-overrides to choose)',
    ]);
  });

  it('a fault in a custom array named explicitly is named as it is, not blamed on the other custom format', () => {
    // The two custom arrays look alike: the other would refuse the file as well.
    const text = JSON.stringify([{ name: 'load', unit: 'ops/s', value: 'fast' }]);
    expect(() => parseInput('out.json', text, 'customBiggerIsBetter')).toThrow(/^out\.json: \[0\]\.value must be a number/);
  });

  it('text that is no format says which formats were tried and what the text looked like', () => {
    const tried = FORMAT_NAMES.join(', ');
    expect(() => parseInput('out.txt', 'hello\nworld\n', 'auto')).toThrow(
      `out.txt: format not recognised (no line matches any of their result lines); tried ${tried}; set input format to name one`,
    );
    expect(() => parseInput('out.json', '{"answer": 42}', 'auto')).toThrow(`out.json: format not recognised (it is JSON, but its fields match none of them); tried ${tried}`);
    // A binary file (or one allocated and never written) is said to be no text, not a format's miss.
    expect(() => parseInput('out.json', '\u0000\u0000{"shape": "warm"}', 'auto')).toThrow(`out.json: format not recognised (it is not text: it holds NUL bytes, as a binary file does); tried ${tried}`);
    // An empty file is what a bench step that exited 0 without writing leaves: said as such, not as bad JSON.
    expect(() => parseInput('out.json', '  \n', 'auto')).toThrow('out.json: the file is empty; the bench step may have exited 0 without writing it');
  });
});
