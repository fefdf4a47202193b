/** The two commit-metadata sources that need the outside world: git in the checkout, and the REST API. */
import { git, type Env } from './git.js';
import type { CommitInfo } from '../core/trend/types.js';
import { DEFAULT_BOUNDS, seconds } from './timeouts.js';

/**
 * `git log -1` of the commit in the user's checkout (read only), or undefined when the checkout
 * does not have it (a shallow clone of another ref, no checkout at all) or cannot say within
 * `timeoutMs`: in a partial clone (actions/checkout's `filter: blob:none`) a commit it lacks is
 * fetched from its remote, and a remote that never answered held the job until the runner's limit.
 */
export async function commitFromGit(cwd: string, sha: string, env: Env, timeoutMs: number = DEFAULT_BOUNDS.requestMs): Promise<CommitInfo | undefined> {
  const clean: Record<string, string> = { GIT_TERMINAL_PROMPT: '0', LC_ALL: 'C' };
  for (const [k, v] of Object.entries(env)) if (v !== undefined && !(k in clean)) clean[k] = v;
  try {
    const out = (await git(['log', '-1', '--no-show-signature', '--format=%H%x00%an%x00%aI%x00%B', sha, '--'], { cwd, env: clean, timeoutMs })).stdout.toString('utf8');
    const [full, author, timestamp, ...message] = out.split('\0');
    if (!full || !/^[0-9a-f]{40}([0-9a-f]{24})?$/.test(full)) return undefined;
    return { sha: full, author: author ?? '', timestamp: timestamp ?? '', message: message.join('\0').replace(/\n+$/, '') };
  } catch {
    return undefined;
  }
}

/** The commit checked out in `cwd` (`git rev-parse HEAD`), or undefined when it is no checkout. */
export async function checkoutHead(cwd: string, env: Env, timeoutMs: number = DEFAULT_BOUNDS.requestMs): Promise<string | undefined> {
  return checkoutCommit(cwd, 'HEAD', env, timeoutMs);
}

/** The commit `ref` names in the checkout in `cwd` (a sha, a branch, a tag), or undefined when it names none there. */
export async function checkoutCommit(cwd: string, ref: string, env: Env, timeoutMs: number = DEFAULT_BOUNDS.requestMs): Promise<string | undefined> {
  const clean: Record<string, string> = { GIT_TERMINAL_PROMPT: '0', LC_ALL: 'C' };
  for (const [k, v] of Object.entries(env)) if (v !== undefined && !(k in clean)) clean[k] = v;
  try {
    const out = (await git(['rev-parse', '--verify', '--quiet', `${ref}^{commit}`], { cwd, env: clean, timeoutMs })).stdout.toString('utf8').trim();
    return /^[0-9a-f]{40}([0-9a-f]{24})?$/.test(out) ? out : undefined;
  } catch {
    return undefined;
  }
}

export interface ApiSource {
  /** GITHUB_API_URL: https://api.github.com or a GHES `<server>/api/v3`. */
  readonly apiUrl: string;
  /** owner/name */
  readonly repository: string;
  readonly sha: string;
  readonly token?: string;
  readonly fetch?: typeof fetch;
  /** Cut the request after this long (DEFAULT_BOUNDS.requestMs by default, 20 s). */
  readonly timeoutMs?: number;
}

/**
 * GET /repos/{owner}/{repo}/git/commits/{sha}: the commit object alone. `/commits/{sha}` would
 * also build its diff, which on a huge commit is slow or refused. Undefined on 404 (and a 422),
 * an Error on other failures.
 */
export async function commitFromApi(source: ApiSource): Promise<CommitInfo | undefined> {
  const doFetch = source.fetch ?? fetch;
  const url = `${source.apiUrl.replace(/\/+$/, '')}/repos/${source.repository}/git/commits/${encodeURIComponent(source.sha)}`;
  const headers: Record<string, string> = { accept: 'application/vnd.github+json', 'x-github-api-version': '2022-11-28', 'user-agent': 'benchtrend' };
  if (source.token) headers['authorization'] = `Bearer ${source.token}`;
  const timeoutMs = source.timeoutMs ?? DEFAULT_BOUNDS.requestMs;
  // One signal for the answer and its body: a server that sends headers and then stalls is cut too.
  const signal = AbortSignal.timeout(timeoutMs);
  let res: Response;
  try {
    res = await doFetch(url, { headers, signal });
  } catch (e) {
    if (signal.aborted) throw new Error(`GET ${url} got no answer within ${seconds(timeoutMs)}`);
    throw e;
  }
  if (res.status === 404 || res.status === 422) return undefined;
  if (!res.ok) throw new Error(`GET ${url} answered ${res.status} ${res.statusText}`);
  const body = (await res.json().catch((e: unknown) => {
    throw new Error(signal.aborted ? `GET ${url} did not send its answer within ${seconds(timeoutMs)}` : `GET ${url}: ${e instanceof Error ? e.message : String(e)}`);
  })) as { sha?: unknown; html_url?: unknown; message?: unknown; author?: { name?: unknown; date?: unknown } };
  if (typeof body.sha !== 'string') return undefined;
  const s = (v: unknown) => (typeof v === 'string' ? v : '');
  return {
    sha: body.sha,
    message: s(body.message),
    author: s(body.author?.name),
    timestamp: s(body.author?.date),
    ...(typeof body.html_url === 'string' ? { url: body.html_url } : {}),
  };
}
