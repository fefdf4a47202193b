/** docs/formats.md documents every format in the registry, and no format the registry lacks. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildPoints } from '../../src/core/cases.js';
import { describeFormats, detectFormat, FORMAT_CHOICES, FORMAT_NAMES, FORMATS, parseInput } from '../../src/formats/registry.js';

const docs = readFileSync(new URL('../../docs/formats.md', import.meta.url), 'utf8');
/** Each format has a section headed "## `name`". */
const documented = [...docs.matchAll(/^## `([^`]+)`/gm)].map((m) => m[1] as string);

describe('docs/formats.md', () => {
  it('has a section for every registry entry, in registry order, and none other', () => {
    expect(documented).toEqual(['auto', ...FORMAT_NAMES]);
  });

  const examples = docs
    .split(/^## `/m)
    .slice(1)
    .map((s) => [s.slice(0, s.indexOf('`')), /```[a-z]*\n([\s\S]*?)```/.exec(s)?.[1]] as const)
    .filter(([name]) => name !== 'auto');

  it.each(examples)('the example under %s is read by that format, and auto agrees', (name, example) => {
    expect(example, `no example under ${name}`).toBeDefined();
    const text = example as string;
    const { points } = buildPoints(parseInput(`docs/formats.md#${name}`, text, name));
    expect(points.length).toBeGreaterThan(0);
    const file = name === 'customBiggerIsBetter' ? 'bigger-is-better.json' : 'example';
    expect(detectFormat(text, file)?.name).toBe(name);
  });

  it('the registry gives action.yml and the CLI one line per format, auto first', () => {
    const lines = describeFormats().split('\n');
    expect(lines.map((l) => l.slice(0, l.indexOf(':')))).toEqual([...FORMAT_CHOICES]);
    expect(FORMATS.every((f) => f.description.length > 20 && !f.description.includes('\n'))).toBe(true);
  });
});
