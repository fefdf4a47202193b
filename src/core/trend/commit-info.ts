/**
 * Where a point's commit metadata comes from: the event payload when it describes the commit
 * (a push's head_commit), else git in the user's checkout, else the REST API. The sources are
 * passed in, so the choice is testable without a runner.
 */
import { normaliseText } from '../text.js';
import type { CommitInfo } from './types.js';

export interface CommitSources {
  readonly sha: string;
  /** Link to the commit on the forge (`<server>/<owner>/<name>/commit/<sha>`), when known. */
  readonly url?: string;
  readonly fromEvent?: () => CommitInfo | undefined;
  readonly fromGit?: () => Promise<CommitInfo | undefined>;
  readonly fromApi?: () => Promise<CommitInfo | undefined>;
  /** Called when a source fails, so the failure is visible but not fatal. */
  readonly onSourceError?: (source: 'git' | 'api', error: unknown) => void;
  /** When no source knows the commit: the time to record, ISO. */
  readonly fallbackTimestamp: string;
}

/** The commit page on the forge: `<server>/<owner>/<name>/commit/<sha>`. */
export function commitUrl(serverUrl: string, repository: string | undefined, sha: string): string | undefined {
  if (!repository) return undefined;
  return `${serverUrl.replace(/\/+$/, '')}/${repository}/commit/${sha}`;
}

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

/** A push event's head_commit, when it is the commit being published. */
export function commitFromEvent(payload: unknown, sha: string): CommitInfo | undefined {
  if (!isObject(payload) || !isObject(payload['head_commit'])) return undefined;
  const head = payload['head_commit'];
  if (str(head['id'])?.toLowerCase() !== sha.toLowerCase()) return undefined;
  const author = isObject(head['author']) ? head['author'] : {};
  const url = str(head['url']);
  return {
    sha: sha.toLowerCase(),
    message: str(head['message']) ?? '',
    author: str(author['name']) ?? str(author['username']) ?? '',
    timestamp: str(head['timestamp']) ?? '',
    ...(url !== undefined ? { url } : {}),
  };
}

/** The first source that knows the commit; a failing source is reported and skipped. */
export async function resolveCommitInfo(sources: CommitSources): Promise<CommitInfo> {
  // Messages and authors are free text from git or the forge: stored normalised (src/core/text.ts).
  const withUrl = (c: CommitInfo): CommitInfo => ({
    ...c,
    message: normaliseText(c.message),
    author: normaliseText(c.author),
    ...(c.url === undefined && sources.url !== undefined ? { url: sources.url } : {}),
  });
  const event = sources.fromEvent?.();
  if (event) return withUrl(event);
  for (const [name, source] of [['git', sources.fromGit], ['api', sources.fromApi]] as const) {
    if (!source) continue;
    try {
      const found = await source();
      if (found) return withUrl(found);
    } catch (e) {
      sources.onSourceError?.(name, e);
    }
  }
  return withUrl({ sha: sources.sha.toLowerCase(), message: '', author: '', timestamp: sources.fallbackTimestamp });
}
