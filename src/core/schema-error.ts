import type { ErrorObject } from 'ajv';

// How a refused JSON value is named in a message. Shared by the input readers (src/formats) and
// the trend's own readers (src/core/trend/validate.ts, src/core/collected.ts), so it lives below both.

/** Marks a bare NaN or Infinity that Python's json.dump writes and JSON.parse refuses. */
export const NON_FINITE = '\u0000non-finite:';

/** How a refused value is spelled in a message: `-0.2`, `"fast"`, `NaN`, `null`. */
export function describeValue(v: unknown): string {
  if (typeof v === 'string' && v.startsWith(NON_FINITE)) return v.slice(NON_FINITE.length);
  if (typeof v === 'string') return JSON.stringify(v.length > 40 ? `${v.slice(0, 40)}…` : v);
  if (Array.isArray(v)) return 'an array';
  if (v === null) return 'null';
  if (v === undefined) return 'nothing';
  if (typeof v === 'object') return 'an object';
  return String(v);
}

/** A JSON pointer (`/runs/1/stages/attach`) as a reader writes it: `runs[1].stages.attach`. */
export function pointerToPath(pointer: string): string {
  if (pointer === '') return '';
  return pointer
    .split('/')
    .slice(1)
    .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce((acc, part) => (/^\d+$/.test(part) ? `${acc}[${part}]` : acc === '' ? part : `${acc}.${part}`), '');
}

/** The value a JSON pointer names inside `data`, or undefined where the path leaves it. */
export function valueAtPointer(data: unknown, pointer: string): unknown {
  let node: unknown = data;
  for (const part of pointer.split('/').slice(1)) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[part.replace(/~1/g, '/').replace(/~0/g, '~')];
  }
  return node;
}

/**
 * An ajv error as one line a maintainer reads: where (`runs[1].stages.attach`, or `top` for the
 * document itself), what is wrong, and the value found there.
 */
export function schemaErrorLine(error: ErrorObject, data: unknown, top: string): string {
  const path = pointerToPath(error.instancePath) || top;
  if (error.keyword === 'required') return `${path} has no "${String(error.params['missingProperty'])}"`;
  return `${path} ${error.message ?? 'is invalid'}, got ${describeValue(valueAtPointer(data, error.instancePath))}`;
}
