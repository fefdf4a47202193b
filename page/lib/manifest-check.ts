import { caseListProblem } from '../../src/core/trend/case-digest.js';
import { manifestCountsProblem } from '../../src/core/trend/manifest-counts.js';

/**
 * The one line the page shows for a manifest whose counts cannot be real, in the CLI's words, or
 * undefined. Checked before any read is planned: `segments: 1e15` would have the page ask for
 * files that never existed and fail with an unrelated 404.
 */
export function manifestDamage(path: string, manifest: Readonly<Record<string, unknown>>): string | undefined {
  // A list edited by hand would have every older point drawn as another case's: nothing is drawn.
  const why = manifestCountsProblem(manifest) ?? caseListProblem(manifest);
  return why === undefined ? undefined : `${path}: ${why}; the manifest is damaged, so the page reads nothing more (restore it from the branch's history)`;
}
