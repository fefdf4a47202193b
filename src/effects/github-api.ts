/**
 * Commit and pull-request comments over the GitHub REST API (@actions/github's octokit), upserted
 * through a hidden marker: found and edited in place, created only when absent.
 *
 * Commenting never fails the build. Errors that pass (5xx, 429, a dropped connection) are retried
 * with backoff within a bound; errors that will not pass on their own (401, 403, 404, 422) are
 * reported at once. Either way the caller gets an outcome to log as a warning, never an exception.
 */
import { getOctokit } from '@actions/github';
import { runPullRequest, type RunPullRequest } from '../core/workflow-run.js';
import { retryWithBackoff, sleepMs } from './retry.js';
import type { Ancestry } from './ancestry.js';
import { DEFAULT_BOUNDS, seconds } from './timeouts.js';

export interface GitHubApiOptions {
  readonly token: string;
  /** GITHUB_API_URL (https://api.github.com, or a GHES or test server): passed explicitly, never read from a module-load default. */
  readonly baseUrl: string;
  /** owner/name of the repository commented on. */
  readonly repository: string;
  /** Attempts per request, the first included (default 4). */
  readonly attempts?: number;
  /** Upper bound of the first backoff wait in ms (default 1000); it doubles per retry. */
  readonly baseMs?: number;
  /** Cap on one wait, Retry-After included (default 10 s): a comment is not worth holding a runner for. */
  readonly maxMs?: number;
  /** Per-request timeout in ms (default DEFAULT_BOUNDS.requestMs, 20 s; the door passes its bounds). */
  readonly timeoutMs?: number;
  /**
   * Everything this client does, all requests and waits together, from its first request (default
   * DEFAULT_BOUNDS.budgetMs, 60 s): an API that hangs or keeps failing costs the job no more.
   */
  readonly budgetMs?: number;
  readonly now?: () => number;
  readonly sleep?: (ms: number) => Promise<void>;
  readonly random?: () => number;
  /** Progress lines (retries), for the log. */
  readonly log?: (line: string) => void;
}

/**
 * The log's line for a comment written or left: which one, what happened, where. A bare "Comment
 * skipped" (a run looking at an earlier culprit's comment and finding nothing to change) read
 * like a comment that failed or was turned off.
 */
export function commentLogLine(outcome: Extract<CommentOutcome, { ok: true }>): string {
  const what = outcome.what ? outcome.what.charAt(0).toUpperCase() + outcome.what.slice(1) : 'Comment';
  const done =
    outcome.action === 'skipped' ? 'nothing to write (no comment there to update, or nothing of it changed)' : outcome.action === 'unchanged' ? 'already up to date' : outcome.action;
  return `${what}: ${done}${outcome.url ? ` (${outcome.url})` : ''}`;
}

export type CommentOutcome =
  | {
      readonly ok: true;
      readonly action: 'created' | 'updated' | 'unchanged' | 'skipped';
      /** Which comment: `commit comment on c1dd175`, `comment on pull request #7`. */
      readonly what?: string;
      readonly id?: number;
      readonly url?: string;
      readonly requests: number;
    }
  | {
      readonly ok: false;
      /** One line for core.warning: what was not written and why, with no secret in it. */
      readonly warning: string;
      readonly status?: number;
      readonly requests: number;
    };

interface Comment {
  readonly id: number;
  readonly body?: string | undefined;
  readonly html_url: string;
  readonly user?: { readonly login: string; readonly type?: string } | null;
}

interface HttpErrorLike {
  readonly status?: number;
  readonly message?: string;
  readonly response?: { readonly headers?: Record<string, string | number | undefined>; readonly data?: unknown };
}

function httpError(error: unknown): HttpErrorLike {
  return typeof error === 'object' && error !== null ? (error as HttpErrorLike) : {};
}

function header(error: unknown, name: string): string | undefined {
  const v = httpError(error).response?.headers?.[name];
  return v === undefined ? undefined : String(v);
}

/**
 * A 403 or 429 that is GitHub's rate limit: the primary one says `x-ratelimit-remaining: 0`, the
 * secondary one carries Retry-After. Waiting fixes it; a permission problem it is not.
 */
export function isRateLimited(error: unknown): boolean {
  const status = httpError(error).status;
  if (status === 429) return true;
  if (status !== 403) return false;
  // A secondary limit may come without either header; its message says what it is.
  return header(error, 'retry-after') !== undefined || header(error, 'x-ratelimit-remaining') === '0' || /secondary rate limit/i.test(httpError(error).message ?? '');
}

/**
 * Worth another try: a server error or a dropped connection or a timeout (octokit reports them as
 * 500, the latter two without a response), and rate limits. A plain 401/403/404/422 is a
 * permission or a wrong name: waiting does not fix it.
 */
export function isTransientApiError(error: unknown): boolean {
  const status = httpError(error).status;
  // No status at all is not an HTTP failure but a fault of ours: retrying repeats it.
  if (status === undefined) return false;
  if (status === 0) return true;
  if (status >= 500) return true;
  return isRateLimited(error);
}

/**
 * How long a rate-limited answer asks us to wait, in ms: Retry-After (seconds), else the
 * primary limit's reset time (epoch seconds), else a minute, the least GitHub asks for when it
 * names no time ("wait for at least one minute before retrying", its best practices).
 */
export function rateLimitWaitMs(error: unknown, now: number): number {
  const retryAfter = header(error, 'retry-after')?.trim();
  const after = Number(retryAfter);
  if (retryAfter !== undefined && retryAfter !== '' && Number.isFinite(after) && after >= 0) return after * 1000;
  // Retry-After may also be an HTTP date (RFC 9110), as a proxy in front of the API may send it;
  // read as no time at all it cost a wait of a minute, more than the budget, and the comment.
  const at = retryAfter ? Date.parse(retryAfter) : NaN;
  if (Number.isFinite(at)) return Math.max(0, at - now);
  const reset = Number(header(error, 'x-ratelimit-reset'));
  if (header(error, 'x-ratelimit-remaining') === '0' && Number.isFinite(reset) && reset > 0) return Math.max(0, reset * 1000 - now);
  return 60_000;
}

/**
 * An answer that is no answer: octokit hands a JSON body it could not parse over as its text, and
 * one cut short (a timeout while it came, a dropped connection) or empty as "", which its pagination
 * reads as an empty list, so a comment there was taken for absent and written a second time.
 * `status` 0 (as for a connection that failed) when the body was empty or cut, which passes; none
 * when the body is something else than JSON (a proxy's page), which will not.
 */
function unreadableAnswer(method: string, url: string, status: number, data: unknown, timedOut: boolean, timeoutMs: number): Error & { status?: number } {
  let path = url;
  try {
    path = new URL(url).pathname;
  } catch {
    // Shown as given.
  }
  const what = `${method} ${path}`;
  if (timedOut) return Object.assign(new Error(`${what} answered ${status} but did not send its whole body within ${seconds(timeoutMs)}`), { status: 0 });
  if (data === '' || data === undefined) return Object.assign(new Error(`${what} answered ${status} with an empty or cut-short body where JSON was expected`), { status: 0 });
  const text = typeof data === 'string' ? data : `${data instanceof ArrayBuffer ? data.byteLength : 0} bytes of binary data`;
  return new Error(`${what} answered ${status} with a body that is not JSON: ${JSON.stringify(text.slice(0, 80))}${text.length > 80 ? ' …' : ''}`);
}

/**
 * An octokit whose every request, paginate's included (it drops a `request.signal` given per
 * call), is cut after `timeoutMs()`, and whose every answer is JSON or refused (unreadableAnswer).
 * Set on the options object itself: before-after-hook hands the inner hooks the options it was
 * first called with, so options passed to `request(...)` would be ignored.
 */
function apiClient(token: string, baseUrl: string, timeoutMs: () => number): ReturnType<typeof getOctokit> {
  const octokit = getOctokit(token, { baseUrl: baseUrl.replace(/\/+$/, '') });
  octokit.hook.wrap('request', async (request, endpoint) => {
    const ms = timeoutMs();
    const signal = AbortSignal.timeout(ms);
    endpoint.request = { ...endpoint.request, signal };
    const response = await request(endpoint);
    // 204: a delete's answer, which has no body.
    if (response.status !== 204 && (typeof response.data !== 'object' || response.data === null || response.data instanceof ArrayBuffer)) {
      throw unreadableAnswer(endpoint.method, response.url, response.status, response.data, signal.aborted, ms);
    }
    return response;
  });
  return octokit;
}

/** Rate limited for longer than the budget leaves: said as such, not as a permission problem. */
class RateLimitExceeded extends Error {
  override readonly name = 'RateLimitExceeded';
}

/**
 * Before a rate-limited request is tried again, the whole wait it names, when the budget has that
 * long (`remainingMs`); else RateLimitExceeded. A retry before then does not pass and, GitHub
 * warns, can get the token banned.
 */
async function waitOutRateLimit(error: unknown, now: number, remainingMs: number, budgetMs: number, sleep: (ms: number) => Promise<void>): Promise<void> {
  if (!isRateLimited(error)) return;
  const wait = rateLimitWaitMs(error, now);
  if (wait <= 0) return;
  if (wait >= remainingMs) throw new RateLimitExceeded(`rate limited by the GitHub API for another ${seconds(wait)}, longer than the ${seconds(budgetMs)} benchtrend waits`);
  await sleep(wait);
}

/** Where a comment goes: a fork's pull request is told apart, since its token cannot be given more. */
type CommentKind = 'commit' | 'pull-request' | 'fork-pull-request';

/** What to tell the user for a status that will not pass on its own. */
function hint(status: number | undefined, what: CommentKind): string {
  if (status === 401) return 'the token was refused; check github-token';
  // No `permissions:` gives a fork's pull_request run more than read access.
  if (status === 403 && what === 'fork-pull-request') {
    return 'a pull request from a fork gets a read-only token whatever the workflow asks for: comment from a workflow_run job instead (README, "Pull requests from forks")';
  }
  if (status === 403 || status === 404) {
    return what === 'commit'
      ? 'the token may lack permission: give the workflow `permissions: contents: write` for commit comments'
      : 'the token may lack permission: give the workflow `permissions: pull-requests: write` for pull-request comments';
  }
  return '';
}

/**
 * An API error as one log line: the token taken out, whatever the server echoed back, and a long
 * answer (an HTML error page) cut at its last full sentence or word, marked with an ellipsis, so no
 * warning stops mid-word as if it were the whole message.
 */
export function apiErrorText(text: string, token: string | undefined, max = 300): string {
  const line = (token ? text.split(token).join('***') : text).replace(/[\r\n]+/g, ' ');
  if (line.length <= max) return line;
  const head = line.slice(0, max);
  const sentence = head.lastIndexOf('. ');
  const cut = sentence > max / 2 ? sentence + 1 : Math.max(head.lastIndexOf(' '), max / 2);
  return `${head.slice(0, cut).trimEnd()} …`;
}

/** How one kind of comment is listed, written and taken away. */
interface CommentOps {
  readonly list: () => Promise<Comment[]>;
  readonly create: (body: string) => Promise<Comment>;
  readonly update: (id: number, body: string) => Promise<Comment>;
  readonly remove: (id: number) => Promise<void>;
}

export class GitHubComments {
  private readonly octokit: ReturnType<typeof getOctokit>;
  private readonly owner: string;
  private readonly repo: string;
  private readonly options: GitHubApiOptions;
  private requests = 0;
  /** The login a personal access token acts as (null: the token is an app's, GITHUB_TOKEN's); asked once. */
  private self: Promise<string | null> | undefined;
  /** Epoch ms: set by the first request, the end of the budget. */
  private deadline: number | undefined;

  constructor(options: GitHubApiOptions) {
    const [owner, repo, ...rest] = options.repository.split('/');
    if (!owner || !repo || rest.length > 0) throw new Error(`repository ${JSON.stringify(options.repository)} is not owner/name`);
    this.owner = owner;
    this.repo = repo;
    this.options = options;
    // Each request's timeout is cut short so that it cannot outlast the budget.
    this.octokit = apiClient(options.token, options.baseUrl, () => this.requestTimeout());
  }

  private now(): number {
    // Wall time, not performance.now: the rate limit's reset is an epoch second (rateLimitWaitMs).
    // eslint-disable-next-line no-restricted-properties
    return (this.options.now ?? Date.now)();
  }

  private remaining(): number {
    this.deadline ??= this.now() + (this.options.budgetMs ?? DEFAULT_BOUNDS.budgetMs);
    return this.deadline - this.now();
  }

  private requestTimeout(): number {
    return Math.max(1, Math.min(this.options.timeoutMs ?? DEFAULT_BOUNDS.requestMs, this.remaining()));
  }

  /** The text of an error with the token taken out, whatever the server echoed back. */
  private clean(text: string): string {
    return apiErrorText(text, this.options.token);
  }

  /** One API call with retries on transient failures, within the budget; throws the last error otherwise. */
  private async call<T>(label: string, fn: () => Promise<T>): Promise<T> {
    const sleep = this.options.sleep ?? sleepMs;
    const maxMs = this.options.maxMs ?? 10_000;
    if (this.remaining() <= 0) throw new Error(`the GitHub API did not answer within ${seconds(this.options.budgetMs ?? DEFAULT_BOUNDS.budgetMs)}`);
    return retryWithBackoff(
      async () => {
        this.requests++;
        try {
          return await fn();
        } catch (error) {
          await waitOutRateLimit(error, this.now(), this.remaining(), this.options.budgetMs ?? DEFAULT_BOUNDS.budgetMs, sleep);
          throw error;
        }
      },
      (error) => isTransientApiError(error) && this.remaining() > 0,
      {
        attempts: this.options.attempts ?? 4,
        budgetMs: this.remaining(),
        baseMs: this.options.baseMs ?? 1000,
        maxMs,
        sleep,
        ...(this.options.now ? { now: this.options.now } : {}),
        ...(this.options.random ? { random: this.options.random } : {}),
        onRetry: (attempt, error, wait) =>
          this.options.log?.(`${label}: attempt ${attempt} failed (${this.describe(error)}); retrying in ${wait} ms`),
      },
    );
  }

  private describe(error: unknown): string {
    const e = httpError(error);
    const last = (error as { last?: unknown }).last;
    if (last !== undefined) return this.describe(last);
    if (e.status && e.response) return this.clean(`GitHub API answered ${e.status}: ${e.message ?? ''}`);
    if (e.status === undefined) return this.clean(e.message ?? String(error));
    return this.clean(`no answer from the GitHub API: ${e.message ?? String(error)}`);
  }

  /**
   * A request cut because the budget ran out reads "aborted due to timeout" however fast the API
   * had answered until then (a thousand pages of comments): the clause that says which bound it met.
   */
  private budgetSpent(inner: unknown): string {
    return !httpError(inner).response && this.deadline !== undefined && this.remaining() <= 0
      ? `; the ${seconds(this.options.budgetMs ?? DEFAULT_BOUNDS.budgetMs)} benchtrend gives the GitHub API in a run were spent`
      : '';
  }

  private failure(what: string, kind: CommentKind, error: unknown, before: number): CommentOutcome {
    const inner = (error as { last?: unknown }).last ?? error;
    const status = httpError(inner).response ? httpError(inner).status : undefined;
    const tries = (error as { attempts?: number }).attempts;
    const gaveUp = tries !== undefined ? ` after ${tries} attempt${tries === 1 ? '' : 's'}` : '';
    const why = isRateLimited(inner) ? 'GitHub rate-limited the token; the comment will be written by the next run' : hint(status, kind);
    return {
      ok: false,
      warning: `${what} not written${gaveUp}: ${this.describe(inner)}${this.budgetSpent(inner)}${why ? `; ${why}` : ''}`,
      ...(status !== undefined ? { status } : {}),
      requests: this.requests - before,
    };
  }

  private async upsert(
    what: string,
    kind: CommentKind,
    ops: CommentOps,
    markers: string | readonly [string, ...string[]],
    render: (existing: string | undefined) => string | undefined,
    createIfMissing: boolean,
  ): Promise<CommentOutcome> {
    const before = this.requests;
    // The first marker is the one written; the others (those of a build before 1.0.0) only find a comment.
    const [marker, ...former] = typeof markers === 'string' ? [markers] : markers;
    try {
      // benchtrend's comments begin with their marker; another app's that quotes one (a summary
      // of the thread, a reply) only holds it, and a token that may write comments may also edit
      // and delete that app's: it was overwritten, or removed as a second copy.
      const marked = (body: string) => [marker, ...former].some((m) => body.startsWith(m));
      // One with the marker written now comes first: where a build between the two also wrote one
      // beside the old, that newer comment holds the later rows, and the old one is the copy to go.
      const current = (c: Comment) => ((c.body ?? '').trimStart().startsWith(marker) ? 0 : 1);
      const ours = async (comments: readonly Comment[]) =>
        (await this.own(what, comments.filter((c) => marked((c.body ?? '').trimStart())))).sort((a, b) => current(a) - current(b));
      const [found, ...extra] = await ours(await this.call(`${what}: listing comments`, ops.list));
      const body = render(found?.body);
      if (body === undefined || (!found && !createIfMissing)) return { ok: true, action: 'skipped', what, requests: this.requests - before };
      if (!body.startsWith(marker)) throw new Error(`comment body does not begin with its marker ${marker}`);
      if (found) {
        const c = found.body === body ? found : await this.call(`${what}: updating comment ${found.id}`, () => ops.update(found.id, body));
        // Two runs that each found no comment both wrote one: the first is kept, the others go.
        for (const e of extra) await this.call(`${what}: deleting the second comment ${e.id}`, () => ops.remove(e.id)).catch(() => undefined);
        return { ok: true, action: found.body === body ? 'unchanged' : 'updated', what, id: c.id, url: c.html_url, requests: this.requests - before };
      }
      let tries = 0;
      const c = await this.call(`${what}: creating comment`, async () => {
        // A create that failed may have landed all the same (a 502 or a timeout after the write):
        // the next try looks again and edits that comment rather than writing a second.
        if (tries++ > 0) {
          const [landed] = await ours(await ops.list());
          if (landed) return landed.body === body ? landed : ops.update(landed.id, body);
        }
        return ops.create(body);
      });
      return { ok: true, action: 'created', what, id: c.id, url: c.html_url, requests: this.requests - before };
    } catch (error) {
      return this.failure(what, kind, error, before);
    }
  }

  /**
   * Which of the comments carrying the marker benchtrend wrote. Anyone who can comment can paste
   * the marker, and a comment they wrote is never edited, nor its hidden data read back. A bot's
   * is ours: GITHUB_TOKEN writes as github-actions[bot], an app's token as its own bot, and no
   * person can write as one. A person's is ours only when the token is that person's (a personal
   * access token), which `GET /user` tells; it is asked only when such a comment is there, and
   * GitHub refuses it to an app's token.
   */
  private async own(what: string, marked: readonly Comment[]): Promise<Comment[]> {
    const bots = marked.filter((c) => c.user?.type === 'Bot');
    if (bots.length > 0 || marked.length === 0) return bots;
    this.self ??= this.call(`${what}: asking whose the token is`, async () => (await this.octokit.rest.users.getAuthenticated()).data.login).catch((error: unknown) => {
      const status = httpError(error).response ? httpError(error).status : undefined;
      if (status === 401 || status === 403 || status === 404) return null;
      // Not an answer about the token: the next comment asks again.
      this.self = undefined;
      throw error;
    });
    const self = await this.self;
    return self === null ? [] : marked.filter((c) => c.user?.login === self);
  }

  /**
   * The comment on commit `sha` that begins with `marker` (or with any of several, the first
   * written): edited in place when it exists, created
   * otherwise (unless `createIfMissing` is false). `render` gets the existing body, if any, and
   * returns the new one (or undefined to leave things as they are).
   */
  upsertCommitComment(
    sha: string,
    marker: string | readonly [string, ...string[]],
    render: (existing: string | undefined) => string | undefined,
    options: { readonly createIfMissing?: boolean } = {},
  ): Promise<CommentOutcome> {
    const { owner, repo, octokit } = this;
    return this.upsert(
      `commit comment on ${sha.slice(0, 7)}`,
      'commit',
      {
        list: () => octokit.paginate(octokit.rest.repos.listCommentsForCommit, { owner, repo, commit_sha: sha, per_page: 100 }),
        create: async (body) => (await octokit.rest.repos.createCommitComment({ owner, repo, commit_sha: sha, body })).data,
        update: async (id, body) => (await octokit.rest.repos.updateCommitComment({ owner, repo, comment_id: id, body })).data,
        remove: async (id) => void (await octokit.rest.repos.deleteCommitComment({ owner, repo, comment_id: id })),
      },
      marker,
      render,
      options.createIfMissing ?? true,
    );
  }

  /**
   * The pull request's head commit and whether it is still open, as they are now, or undefined when
   * they cannot be read (the check they serve then holds nothing back): a run of an older head must
   * not write over a newer one's comment, nor a run that finished late on a closed pull request.
   */
  async pullRequestNow(pullNumber: number): Promise<{ readonly head: string | undefined; readonly open: boolean } | undefined> {
    const { owner, repo, octokit } = this;
    try {
      const pr = await this.call(`reading pull request #${pullNumber}`, async () => (await octokit.rest.pulls.get({ owner, repo, pull_number: pullNumber })).data);
      return { head: typeof pr.head?.sha === 'string' ? pr.head.sha : undefined, open: pr.state !== 'closed' };
    } catch {
      return undefined;
    }
  }

  /**
   * How commit `sha` stands to `other` by the compare API (GET /repos/{owner}/{repo}/compare/
   * {other}...{sha}): `behind` is an ancestor of it, `ahead` a descendant, `diverged` neither.
   * Undefined when it cannot be read (a commit the API does not know, a token without contents:
   * read, the budget spent): the run then takes the commit as news, as before it asked.
   */
  async commitAncestry(sha: string, other: string): Promise<Ancestry | undefined> {
    const { owner, repo, octokit } = this;
    try {
      const { status } = await this.call(
        `comparing ${other.slice(0, 7)}...${sha.slice(0, 7)}`,
        async () => (await octokit.rest.repos.compareCommitsWithBasehead({ owner, repo, basehead: `${other}...${sha}`, per_page: 1 })).data,
      );
      return status === 'behind' ? 'older' : status === 'ahead' ? 'newer' : status === 'diverged' ? 'diverged' : undefined;
    } catch {
      return undefined;
    }
  }

  /**
   * The pull request's comment that carries `marker`: created once, then edited. `fromFork`: the
   * pull request's head is another repository's, so a refusal says why no permission helps.
   */
  upsertPullRequestComment(pullNumber: number, marker: string | readonly [string, ...string[]], body: string, options: { readonly fromFork?: boolean } = {}): Promise<CommentOutcome> {
    const { owner, repo, octokit } = this;
    return this.upsert(
      `comment on pull request #${pullNumber}`,
      options.fromFork ? 'fork-pull-request' : 'pull-request',
      {
        list: () => octokit.paginate(octokit.rest.issues.listComments, { owner, repo, issue_number: pullNumber, per_page: 100 }),
        create: async (b) => (await octokit.rest.issues.createComment({ owner, repo, issue_number: pullNumber, body: b })).data,
        update: async (id, b) => (await octokit.rest.issues.updateComment({ owner, repo, comment_id: id, body: b })).data,
        remove: async (id) => void (await octokit.rest.issues.deleteComment({ owner, repo, comment_id: id })),
      },
      marker,
      () => body,
      true,
    );
  }

  /**
   * The open pull request whose head is `query.headSha`: first through the commit (`GET
   * /repos/{owner}/{repo}/commits/{sha}/pulls`), then through the head branch (`GET
   * /repos/{owner}/{repo}/pulls?head=owner:branch&state=open`), which finds a fork's pull request
   * when the commit lookup does not. Transient failures are retried as for comments, within the
   * same budget; any other failure throws an Error whose message is one line without the token.
   */
  async findRunPullRequest(query: RunPullRequestQuery): Promise<RunPullRequestLookup> {
    const { owner, repo, octokit } = this;
    const repository = `${owner}/${repo}`;
    const call = <T>(label: string, fn: () => Promise<T>): Promise<T> =>
      this.call(label, fn).catch((error: unknown) => {
        const inner = (error as { last?: unknown }).last ?? error;
        throw new Error(this.clean(`${label} failed: ${this.describe(inner)}${this.budgetSpent(inner)}`));
      });
    // Every one: a branch proposed to two base branches is two pull requests with one head.
    const open = (list: readonly unknown[], sha: string | undefined): RunPullRequest[] =>
      list
        .filter((p) => (p as { state?: unknown }).state === undefined || (p as { state?: unknown }).state === 'open')
        .map((p) => runPullRequest(p, repository))
        .filter((p): p is RunPullRequest => p !== undefined && (sha === undefined || p.head === sha));

    // A commit lookup that fails (a 404 or 422 for a fork's commit, an outage) leaves the head
    // branch to try; its error is the one told when that finds nothing either.
    let failed: unknown;
    try {
      const byCommit = await call(`listing the pull requests of commit ${query.headSha.slice(0, 7)}`, async () =>
        (await octokit.request('GET /repos/{owner}/{repo}/commits/{commit_sha}/pulls', { owner, repo, commit_sha: query.headSha, per_page: 100 })).data as unknown[],
      );
      const [fromCommit, ...more] = open(byCommit, query.headSha);
      if (fromCommit) return { pullRequest: fromCommit, ...(more.length ? { more } : {}), source: 'commit' };
    } catch (error) {
      failed = error;
    }
    if (!query.headOwner || !query.headBranch || (failed !== undefined && this.remaining() <= 0)) {
      if (failed !== undefined) throw failed;
      return { pullRequest: undefined };
    }
    const head = `${query.headOwner}:${query.headBranch}`;
    const byHead = await call(`listing the open pull requests with head ${head}`, async () =>
      (await octokit.request('GET /repos/{owner}/{repo}/pulls', { owner, repo, head, state: 'open', per_page: 100 })).data as unknown[],
    ).catch((error: unknown) => {
      throw failed ?? error;
    });
    // The branch may have moved on since the run: the caller tells by the pull request's head.
    const [fromHead, ...more] = open(byHead, undefined);
    if (fromHead) return { pullRequest: fromHead, ...(more.length ? { more } : {}), source: 'head' };
    if (failed !== undefined) throw failed;
    return { pullRequest: undefined };
  }
}

/** What `findRunPullRequest` is asked: the commit and head a `workflow_run`'s triggering run benched. */
export interface RunPullRequestQuery {
  readonly headSha: string;
  /** The head repository's owner and branch, for `head=owner:branch` (a fork's branch). */
  readonly headOwner?: string | undefined;
  readonly headBranch?: string | undefined;
}

/** The pull request found, and where; or undefined with the places looked. */
export interface RunPullRequestLookup {
  readonly pullRequest: RunPullRequest | undefined;
  /** Other open pull requests with the same head, when there are any. */
  readonly more?: readonly RunPullRequest[];
  readonly source?: 'commit' | 'head';
}

/**
 * The open pull request of `options.repository` whose head is `query.headSha` (see
 * GitHubComments.findRunPullRequest), with a client of its own.
 */
export async function findRunPullRequest(options: GitHubApiOptions, query: RunPullRequestQuery): Promise<RunPullRequestLookup> {
  return new GitHubComments(options).findRunPullRequest(query);
}
