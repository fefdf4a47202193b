/**
 * JSON Schema validators compiled on first use, without checking the schema itself against the
 * meta-schema again: the schemas are ours and fixed, test/unit/schema-files.test.ts checks each
 * against the meta-schema, and doing it at load took about 0.3 s of every run's start, before any
 * input was read (issue #12: most of what loading dist/index.js cost). A run compiles only the
 * validators it uses.
 */
import { Ajv, type AnySchema, type ValidateFunction } from 'ajv';

/** The options every validator of the project is compiled with. */
export const AJV_OPTIONS = { allErrors: false, strict: true, validateSchema: false } as const;

/** A function returning the compiled validator of `schema` (`refs` are the schemas it refers to), compiled once, when first asked for. */
export function lazyValidator<T>(schema: AnySchema, refs: readonly AnySchema[] = []): () => ValidateFunction<T> {
  let compiled: ValidateFunction<T> | undefined;
  return () => {
    if (compiled === undefined) {
      const ajv = new Ajv(AJV_OPTIONS);
      for (const r of refs) ajv.addSchema(r);
      compiled = ajv.compile<T>(schema);
    }
    return compiled;
  };
}
