/**
 * The counts a manifest claims, checked before anything plans reads for them: a damaged count
 * (`segments: 1e15`) made `history` allocate until it ran out of heap and the page plan reads of
 * files that never existed (issue #15). Shared by parseManifest and the page, which reads the
 * manifest without the schema: every field is checked for its type here too.
 */

/**
 * Counts a manifest may claim. A trend of one publish a minute for a century has 53 million
 * segments; a larger count is damage, and readers refuse it instead of planning reads for it.
 */
export const MAX_MANIFEST_SEGMENTS = 100_000_000;

const isCount = (x: unknown): x is number => typeof x === 'number' && Number.isSafeInteger(x) && x >= 0;

/** Why the manifest's counts cannot be real, in the words readers print; undefined when they can. */
export function manifestCountsProblem(m: { readonly segments?: unknown; readonly cases?: unknown }): string | undefined {
  const n = m.segments;
  if (!isCount(n)) return `segments is ${JSON.stringify(n) ?? 'missing'}, not a whole number of segments`;
  if (n > MAX_MANIFEST_SEGMENTS) return `segments is ${n}, more than the ${MAX_MANIFEST_SEGMENTS} a real trend can hold`;
  if (!Array.isArray(m.cases)) return undefined;
  for (const [i, c] of (m.cases as unknown[]).entries()) {
    const { firstSeq, lastSeq, points } = (typeof c === 'object' && c !== null ? c : {}) as Record<string, unknown>;
    if (!isCount(firstSeq) || !isCount(lastSeq) || !isCount(points)) continue;
    if (firstSeq > lastSeq || lastSeq >= n || points > n) {
      return `cases[${i}] says segments ${firstSeq}..${lastSeq} and ${points} points, but the trend counts ${n} segments`;
    }
  }
  return undefined;
}
