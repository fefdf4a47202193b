/**
 * Every JSON Schema the project ships is itself valid against the JSON Schema meta-schema and
 * compiles in strict mode. The validators skip that check at load (src/core/schema-compile.ts),
 * so this test is where a broken schema is caught.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/paths.js';

const dir = join(ROOT, 'schemas');
const files = readdirSync(dir).filter((f) => f.endsWith('.schema.json'));

describe('the schemas in schemas/', () => {
  it('are all here', () => {
    expect(files).toEqual(expect.arrayContaining(['manifest.schema.json', 'chunk.schema.json', 'regression-state.schema.json', 'newest.schema.json', 'bench-record.schema.json']));
  });

  it.each(files)('%s matches the meta-schema and compiles strictly', (file) => {
    const schema = JSON.parse(readFileSync(join(dir, file), 'utf8')) as Record<string, unknown>;
    const ajv = new Ajv({ strict: true, allErrors: true });
    // The rollup schema refers to the segment schema by its $id, the newest points' to the chunk's.
    const refersTo: Record<string, string> = { 'rollup.schema.json': 'segment.schema.json', 'newest.schema.json': 'chunk.schema.json' };
    const dependency = refersTo[file];
    if (dependency) ajv.addSchema(JSON.parse(readFileSync(join(dir, dependency), 'utf8')) as object);
    expect(ajv.validateSchema(schema), JSON.stringify(ajv.errors)).toBe(true);
    expect(() => ajv.compile(schema)).not.toThrow();
  });
});

describe('docs/trend-format.md', () => {
  it('gives each file the format version a publish writes (format 1 in its own section)', async () => {
    const { TREND_SCHEMA_VERSION, SEGMENT_VERSION } = await import('../../src/core/trend/types.js');
    const { CHUNK_FORMAT_VERSION } = await import('../../src/core/trend/chunk.js');
    const { STATE_VERSION } = await import('../../src/core/trend/regress-state.js');
    const written: Record<string, number> = { manifest: TREND_SCHEMA_VERSION, chunk: CHUNK_FORMAT_VERSION, newest: CHUNK_FORMAT_VERSION, 'regression-state': STATE_VERSION, segment: SEGMENT_VERSION, rollup: 1 };
    const text = readFileSync(join(ROOT, 'docs/trend-format.md'), 'utf8');
    const quoted = [...text.matchAll(/\{ schema: "benchtrend\/([\w-]+)",\s+version: (\d+)/g)].map((m) => [m[1] as string, Number(m[2])] as const);
    expect(quoted.map(([name]) => name)).toEqual(expect.arrayContaining(['manifest', 'chunk', 'newest', 'regression-state']));
    for (const [name, version] of quoted) expect(version, name).toBe(written[name]);
  });
});
