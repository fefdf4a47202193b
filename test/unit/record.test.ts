import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { InputError } from '../../src/core/model.js';
import { parseRecord } from '../../src/formats/record.js';
import { FIXTURES } from '../helpers/paths.js';

const warmText = readFileSync(join(FIXTURES, 'records/warm.json'), 'utf8');

function refusal(text: string, file = 'bench/warm.json'): string {
  try {
    parseRecord(file, text);
  } catch (e) {
    expect(e).toBeInstanceOf(InputError);
    const message = (e as Error).message;
    expect(message.split('\n')).toHaveLength(1);
    expect(message.startsWith(`${file}: `)).toBe(true);
    return message;
  }
  throw new Error('expected a refusal');
}

describe('parseRecord', () => {
  it('reads the warm fixture into stages then total, seconds, smaller is better', () => {
    const r = parseRecord('warm.json', warmText);
    expect(r.shape).toBe('warm');
    expect(r.runs).toBe(3);
    expect(r.metrics.map((m) => m.name)).toEqual(['host-prep', 'devpod-up', 'attach', 'total']);
    expect(r.metrics.every((m) => m.unit === 's' && m.direction === 'smaller')).toBe(true);
    expect(r.metrics[2]?.samples).toEqual([1.43, 1.61, 1.79]);
    expect(r.wall).toEqual([2.0, 2.2, 2.4]);
    expect(r.claimedMedians).toMatchObject({ attach: 1.61, total: 2.1 });
  });

  it('keeps a stage that only some runs reported as null in the others, never 0', () => {
    const text = JSON.stringify({
      shape: 'cold',
      runs: [{ stages: { a: 1, b: 2 } }, { stages: { a: 3 } }, { stages: { a: 2, b: 4 } }],
    });
    const r = parseRecord('cold.json', text);
    expect(r.metrics.find((m) => m.name === 'b')?.samples).toEqual([2, null, 4]);
    expect(r.metrics.some((m) => m.name === 'total')).toBe(false);
  });

  it('refuses text that is not JSON, saying an interrupted bench leaves that', () => {
    expect(refusal(warmText.slice(0, 200))).toMatch(/not JSON .*interrupted while writing/);
    expect(refusal('')).toMatch(/not JSON \(the file is empty\)/);
  });
  it('refuses a JSON value that is not an object', () => {
    expect(refusal('[1, 2]')).toMatch(/not an object: .*got an array/);
    expect(refusal('"warm"')).toMatch(/not an object/);
  });
  it('refuses a record without runs, or with an empty runs array', () => {
    expect(refusal('{"shape": "warm"}')).toMatch(/no runs: the record has no "runs" array/);
    expect(refusal('{"shape": "warm", "runs": []}')).toMatch(/no runs: the "runs" array is empty/);
  });
  it('refuses a record without a shape, or with a blank one', () => {
    expect(refusal('{"runs": [{"stages": {"a": 1}}]}')).toMatch(/no shape/);
    expect(refusal('{"shape": "  ", "runs": [{"stages": {"a": 1}}]}')).toMatch(/no shape/);
  });
  it('refuses a negative value naming the run and the stage', () => {
    const m = refusal('{"shape": "warm", "runs": [{"stages": {"a": 1}}, {"stages": {"attach": -0.2}}]}');
    expect(m).toBe('bench/warm.json: runs[1].stages.attach must not be negative, got -0.2');
  });
  it('refuses NaN (as Python writes it) naming the field', () => {
    const m = refusal('{"shape": "warm", "runs": [{"total_seconds": NaN, "stages": {}}]}');
    expect(m).toBe('bench/warm.json: runs[0].total_seconds must be a number of seconds, got NaN');
    expect(refusal('{"shape": "w", "runs": [{"stages": {"x": -Infinity}}]}')).toMatch(/runs\[0\]\.stages\.x must be a number of seconds, got -Infinity/);
  });
  it('refuses a non-numeric value', () => {
    expect(refusal('{"shape": "w", "runs": [{"stages": {"attach": "fast"}}]}')).toBe(
      'bench/warm.json: runs[0].stages.attach must be a number of seconds, got "fast"',
    );
    expect(refusal('{"shape": "w", "runs": [{"wall_seconds": null}]}')).toMatch(/runs\[0\]\.wall_seconds must be a number of seconds, got null/);
  });
  it('refuses a stage named total, which would collide with the total case', () => {
    expect(refusal('{"shape": "w", "runs": [{"stages": {"total": 1}}]}')).toMatch(/stage is named "total"/);
  });
  it('notes a record whose n disagrees with its runs', () => {
    const r = parseRecord('w.json', '{"shape": "w", "n": 5, "runs": [{"stages": {"a": 1}}]}');
    expect(r.notes?.[0]).toMatch(/n=5 but holds 1 runs/);
  });
});
