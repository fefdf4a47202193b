import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { readSettings } from '../../src/settings.js';
import { actionTables, withTables } from '../../scripts/docs.mjs';
import { ROOT } from '../helpers/paths.js';

interface ActionYml {
  runs: { using: string; main: string };
  inputs: Record<string, { description?: string; required?: boolean; default?: string }>;
  outputs: Record<string, { description?: string }>;
}
const actionText = readFileSync(join(ROOT, 'action.yml'), 'utf8');
const action = parse(actionText) as ActionYml;

/** Every input name readSettings asks for, given values that pass validation. */
function inputsRead(): Set<string> {
  const names = new Set<string>();
  const valid: Record<string, string> = { records: 'a.json' };
  readSettings(
    (name) => {
      names.add(name);
      return valid[name] ?? '';
    },
    // Every boolean is left unset here, so none is read past its text.
    (name) => {
      throw new Error(`${name} is unset`);
    },
  );
  return names;
}

describe('action.yml', () => {
  it('runs the bundled action on node24', () => {
    expect(action.runs).toEqual({ using: 'node24', main: 'dist/index.js' });
  });

  it('declares exactly the inputs the settings read, each documented with its default', () => {
    const declared = Object.keys(action.inputs).sort();
    expect([...inputsRead()].sort()).toEqual(declared);
    for (const [name, input] of Object.entries(action.inputs)) {
      expect(input.description, name).toBeTruthy();
      if (!input.required) expect(input, `${name} has a default`).toHaveProperty('default');
    }
    for (const [name, output] of Object.entries(action.outputs)) expect(output.description, name).toBeTruthy();
  });

  it('is what the README tables say', () => {
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    expect(withTables(readme, actionTables(actionText))).toBe(readme);
  });
});

describe('package', () => {
  it('is ESM with the benchtrend bin', () => {
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { type: string; bin: Record<string, string> };
    expect(pkg.type).toBe('module');
    expect(pkg.bin).toEqual({ benchtrend: 'dist/cli.js' });
  });
});

describe('the one list of formats', () => {
  it('is what action.yml, benchtrend cases --help and benchtrend publish --help name', async () => {
    const { FORMAT_NAMES } = await import('../../src/formats/registry.js');
    const { USAGE: casesHelp } = await import('../../src/cli/cases.js');
    const { USAGE: publishHelp } = await import('../../src/cli/publish.js');
    const words = (text: string) => new Set(text.split(/[\s,().]+/).filter(Boolean));
    const described = words(action.inputs['format']!.description!);
    expect(FORMAT_NAMES.length).toBeGreaterThan(15);
    for (const name of FORMAT_NAMES) {
      expect(described.has(name), `action.yml format names ${name}`).toBe(true);
      expect(words(casesHelp).has(name), `cases --help names ${name}`).toBe(true);
      expect(words(publishHelp).has(name), `publish --help names ${name}`).toBe(true);
    }
    // And nothing that is not a format is offered as one.
    const listed = action.inputs['format']!.description!.replace(/\s+/g, ' ').match(/one of (.*) \(see/)?.[1]?.split(/,\s*/) ?? [];
    expect(listed).toEqual([...FORMAT_NAMES]);
  });
});

describe('the outputs', () => {
  /** Output names each file of the action sets. */
  const setBy = (file: string): Set<string> => new Set([...readFileSync(join(ROOT, file), 'utf8').matchAll(/setOutput\('([\w-]+)'/g)].map((m) => m[1] as string));

  it('are every output the action sets, and the ones mode merge never sets say so', () => {
    const records = setBy('src/action/records.ts');
    const merge = setBy('src/action/merge.ts');
    const every = setBy('src/main.ts');
    const published = setBy('src/action/publish.ts');
    expect(new Set(Object.keys(action.outputs))).toEqual(new Set([...records, ...merge, ...every, ...published]));
    // A merge job reads no records and uploads nothing: an output wired up in its workflow would be empty.
    for (const name of records) expect(action.outputs[name]?.description, name).toMatch(/not set in mode merge/i);
    for (const name of merge) expect(action.outputs[name]?.description, name).toMatch(/^In mode merge/);
  });
});
