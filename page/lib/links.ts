import type { CommitInfo } from '../../src/core/trend/types.js';

/**
 * Links built from published data. The data is written by whoever can push to the trend branch, so
 * a link is followed only when it is plain http(s): a `javascript:` URL in a commit's `url` field
 * must not become something a click runs.
 */

export function httpUrl(text: string | undefined): string | undefined {
  if (text === undefined) return undefined;
  try {
    const u = new URL(text);
    return u.protocol === 'https:' || u.protocol === 'http:' ? u.href : undefined;
  } catch {
    return undefined;
  }
}

/** The commit's own link, else `<repository>/commit/<sha>` for a repository on a forge. */
export function commitUrl(commit: CommitInfo, repository: string | undefined): string | undefined {
  const own = httpUrl(commit.url);
  if (own) return own;
  const repo = httpUrl(repository);
  if (!repo || !/^[0-9a-f]{7,64}$/i.test(commit.sha)) return undefined;
  return `${repo.replace(/\/+$/, '')}/commit/${commit.sha}`;
}
