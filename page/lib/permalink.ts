/**
 * The page's address fragment: `#case=<name>` points at one chart (with `&suite=<suite>` when the
 * same case name exists in several suites). Names are percent-encoded, so any name round-trips.
 */

export interface Permalink {
  readonly case?: string;
  readonly suite?: string;
}

export function parsePermalink(hash: string): Permalink {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const name = params.get('case');
  const suite = params.get('suite');
  return { ...(name ? { case: name } : {}), ...(suite ? { suite } : {}) };
}

/** `encodeURIComponent` rather than URLSearchParams' `+` for spaces: the link stays readable when pasted. */
export function formatPermalink(link: Permalink): string {
  const parts: string[] = [];
  if (link.case !== undefined) parts.push(`case=${encodeURIComponent(link.case)}`);
  if (link.suite !== undefined) parts.push(`suite=${encodeURIComponent(link.suite)}`);
  return parts.length ? `#${parts.join('&')}` : '';
}
