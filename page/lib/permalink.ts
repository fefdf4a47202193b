/**
 * The page's address fragment: `#case=<name>` points at one chart (with `&suite=<suite>` when the
 * same case name exists in several suites), and `&commit=<sha>` at one commit of it (the full sha
 * or a prefix of at least 7 hex digits). Names are percent-encoded, so any name round-trips.
 */

export interface Permalink {
  readonly case?: string;
  readonly suite?: string;
  /** Lower case: shas are stored so, and a prefix pasted in capitals names the same commit. */
  readonly commit?: string;
}

export function parsePermalink(hash: string): Permalink {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const name = params.get('case');
  const suite = params.get('suite');
  const commit = params.get('commit')?.toLowerCase();
  return { ...(name ? { case: name } : {}), ...(suite ? { suite } : {}), ...(commit ? { commit } : {}) };
}

/**
 * A name with every lone surrogate as U+FFFD. encodeURIComponent throws "URI malformed" on a lone
 * surrogate (an emoji cut in half in a stored name, issue #15), which blanked the whole page; the
 * link of such a case carries U+FFFD instead, and findCard compares names the same way.
 */
export function wellFormed(text: string): string {
  return text.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');
}

/** `encodeURIComponent` rather than URLSearchParams' `+` for spaces: the link stays readable when pasted. */
export function formatPermalink(link: Permalink): string {
  const parts: string[] = [];
  if (link.case !== undefined) parts.push(`case=${encodeURIComponent(wellFormed(link.case))}`);
  if (link.suite !== undefined) parts.push(`suite=${encodeURIComponent(wellFormed(link.suite))}`);
  if (link.commit !== undefined) parts.push(`commit=${encodeURIComponent(link.commit)}`);
  return parts.length ? `#${parts.join('&')}` : '';
}
