import { describe, expect, it } from 'vitest';
import { MAX_LABEL_LENGTH, mergeAnnotations, parseAnnotations } from '../../src/core/annotations.js';
import { InputError } from '../../src/core/model.js';

describe('the annotations input', () => {
  it('reads "<commit or date>: <label>" lines, skipping blanks and comments', () => {
    const text = [
      '# markers for the chart',
      '3F2A9C1: port from Python to Rust',
      '',
      '2024-03-05: new runners: 4 cores',
      '2024-03-05T10:30:00Z: hot fix',
      '2024-03-06 08:00: switched allocator',
      '0123456789abcdef0123456789abcdef01234567 :  full sha  ',
    ].join('\r\n');
    expect(parseAnnotations(text, 'input annotations')).toEqual([
      { at: '3f2a9c1', label: 'port from Python to Rust' },
      { at: '2024-03-05', label: 'new runners: 4 cores' },
      { at: '2024-03-05T10:30:00Z', label: 'hot fix' },
      { at: '2024-03-06T08:00', label: 'switched allocator' },
      { at: '0123456789abcdef0123456789abcdef01234567', label: 'full sha' },
    ]);
    expect(parseAnnotations('', 'input annotations')).toEqual([]);
  });

  it('keeps markup in a label as text: the page writes it as characters', () => {
    expect(parseAnnotations('abcdef0: <img src=x onerror=alert(1)>', 'x')).toEqual([{ at: 'abcdef0', label: '<img src=x onerror=alert(1)>' }]);
  });

  it('refuses a bad line naming the source, the line and what is wrong', () => {
    const refusal = (text: string): string => {
      try {
        parseAnnotations(text, 'input annotations');
      } catch (e) {
        expect(e).toBeInstanceOf(InputError);
        return (e as Error).message;
      }
      throw new Error('not refused');
    };
    expect(refusal('abc1234: fine\nno separator here')).toBe('input annotations: line 2: "no separator here" is not "<commit or date>: <label>"');
    expect(refusal('abc: too short')).toBe('input annotations: line 1: "abc" is neither a commit (7 to 40 hex digits) nor a date (YYYY-MM-DD, optionally with a time)');
    expect(refusal('2024-02-30: no such day')).toContain('"2024-02-30" is neither a commit');
    expect(refusal('2024-03-05T25:00: no such hour')).toContain('"2024-03-05T25:00" is neither');
    expect(refusal('abcdef0:   ')).toBe('input annotations: line 1: the label after "abcdef0" is empty');
    expect(refusal('2024-03-05: new runners\n# and\n2024-03-05: port to Rust')).toBe('input annotations: line 3: "2024-03-05" already has a marker, on line 1; a commit or date takes one label: join them on one line');
    expect(refusal('ABCDEF0: one\nabcdef0: two')).toBe('input annotations: line 2: "abcdef0" already has a marker, on line 1; a commit or date takes one label: join them on one line');
    expect(refusal(`abcdef0: ${'x'.repeat(MAX_LABEL_LENGTH + 1)}`)).toBe(`input annotations: line 1: the label is ${MAX_LABEL_LENGTH + 1} characters; at most ${MAX_LABEL_LENGTH} fit on a chart`);
  });

  it('merges into the stored list without duplicating a marker given again, letting the input correct a label', () => {
    const stored = [
      { at: 'abcdef0', label: 'port to Rust' },
      { at: '2024-01-01', label: 'new year' },
    ];
    const merged = mergeAnnotations(stored, [
      { at: 'abcdef0', label: 'port from Python to Rust' },
      { at: '1234567', label: 'new' },
    ]);
    expect(merged).toEqual([
      { at: 'abcdef0', label: 'port from Python to Rust' },
      { at: '2024-01-01', label: 'new year' },
      { at: '1234567', label: 'new' },
    ]);
    expect(mergeAnnotations(merged, merged)).toEqual(merged);
  });
});
