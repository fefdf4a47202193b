/**
 * The manifest's `casesDigest`: a fingerprint of its `suites` and of its cases' names, in order.
 * Chunks, data/newest.json and the regression state name a suite or a case by its place in those
 * lists, so a manifest edited by hand on the branch (its cases sorted, one renamed or taken out)
 * would silently read every older point as another case's. The digest, written beside the lists by
 * every publish, lets a reader tell. Pure and dependency-free: the page checks it too.
 *
 * `unitsDigest` does the same for each case's `unit` and `direction`. They are not in
 * `casesDigest` because that one was written by earlier builds, whose manifests must keep reading;
 * a separate field is checked only where it was written, like `casesDigest` itself. No publish
 * changes a stored case's unit or direction (a run in another unit is converted into it, one of
 * the other direction refused; `direction-overrides` decide the run's points before that
 * comparison), so a mismatch can only be an edit: one that would convert every later run into the
 * edited unit, or judge the case's whole history the wrong way round.
 */

/** What is hashed: the suites, then each case's suite and name, as JSON writes them. */
function digestText(suites: unknown, cases: unknown): string {
  const list = Array.isArray(cases) ? cases : [];
  return JSON.stringify([suites ?? [], list.map((c) => (typeof c === 'object' && c !== null ? [(c as Record<string, unknown>)['suite'], (c as Record<string, unknown>)['case']] : c))]);
}

/** What `unitsDigest` hashes: each case's unit and direction, in the order of `cases`. */
function unitsText(cases: unknown): string {
  const list = Array.isArray(cases) ? cases : [];
  return JSON.stringify(list.map((c) => (typeof c === 'object' && c !== null ? [(c as Record<string, unknown>)['unit'], (c as Record<string, unknown>)['direction']] : c)));
}

const encoder = new TextEncoder();

/**
 * FNV-1a (64 bits) of the UTF-8 of `text`, as 16 lowercase hex digits. Two 32-bit halves rather
 * than BigInt: the page and every publish compute it over the whole case list (snarkVM's 363
 * cases, an import's thousands).
 */
export function fnv1a64(text: string): string {
  let hi = 0xcbf29ce4;
  let lo = 0x84222325;
  for (const byte of encoder.encode(text)) {
    lo = (lo ^ byte) >>> 0;
    // h * 0x100000001b3 = h * 0x1b3 + (h << 40), modulo 2^64.
    const low = lo * 0x1b3;
    hi = (Math.imul(hi, 0x1b3) + (lo << 8) + Math.floor(low / 0x100000000)) >>> 0;
    lo = low >>> 0;
  }
  return hi.toString(16).padStart(8, '0') + lo.toString(16).padStart(8, '0');
}

/** The digest of a manifest's lists: `casesDigest` as a publish writes it. */
export function casesDigest(manifest: { readonly suites?: unknown; readonly cases?: unknown }): string {
  return fnv1a64(digestText(manifest.suites, manifest.cases));
}

/** The digest of the cases' units and directions: `unitsDigest` as a publish writes it. */
export function unitsDigest(manifest: { readonly cases?: unknown }): string {
  return fnv1a64(unitsText(manifest.cases));
}

/**
 * Why a manifest's lists are not those its data was written against, in the words readers print;
 * undefined when they are, or when the manifest carries no digest (written before it existed:
 * read as before, and the next publish adds one). `unitsDigest` is checked the same way.
 */
export function caseListProblem(manifest: { readonly suites?: unknown; readonly cases?: unknown; readonly casesDigest?: unknown; readonly unitsDigest?: unknown }): string | undefined {
  const stored = manifest.casesDigest;
  if (stored !== undefined) {
    const actual = casesDigest(manifest);
    if (stored !== actual) {
      return (
        `"suites" or "cases" was edited: the lists no longer match casesDigest (${JSON.stringify(stored)}; they read as ${JSON.stringify(actual)}), ` +
        `and the data names each suite and case by its place in them, so older points would be read as other cases'; undo that edit (revert the commit that made it)`
      );
    }
  }
  const units = manifest.unitsDigest;
  if (units !== undefined) {
    const actual = unitsDigest(manifest);
    if (units !== actual) {
      return (
        `a case's "unit" or "direction" was edited: the cases no longer match unitsDigest (${JSON.stringify(units)}; they read as ${JSON.stringify(actual)}), ` +
        `and every stored point of a case is in its unit and was judged in its direction, so later runs would be converted into the edited unit or the history judged the wrong way round; ` +
        `undo that edit (revert the commit that made it), and publish a case measured another way under another name`
      );
    }
  }
  return undefined;
}
