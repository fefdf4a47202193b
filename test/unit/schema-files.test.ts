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
