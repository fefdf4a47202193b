/**
 * A small stand-in for the GitHub REST API on 127.0.0.1, for tests that talk to it over real
 * HTTP (point GITHUB_API_URL or octokit's baseUrl at `url`). It keeps commit comments and
 * issue (pull-request) comments in memory, paginates lists like GitHub (per_page, page, a Link
 * header), records every request, and can be scripted to fail: a status (with headers) or a
 * dropped connection, for the next N matching requests.
 *
 *   await using api = await GitHubApiServer.start();
 *   api.failNext({ method: 'POST', status: 500, times: 2 });
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  readonly method: string;
  /** Path and query as sent. */
  readonly url: string;
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
  readonly body: unknown;
  /** What the server answered: a status, or 0 for a dropped connection. */
  status: number;
  /** A failure to answer with once the request is carried out (Failure.afterDoing). */
  late?: Failure | undefined;
}

export interface StoredComment {
  readonly id: number;
  body: string;
  readonly html_url: string;
  /** Its author; GitHub's type is `Bot` for an app's account (`github-actions[bot]`), `User` for a person. */
  readonly user: { readonly login: string; readonly type: 'Bot' | 'User' };
  readonly created_at: string;
  updated_at: string;
}

export interface Failure {
  /** Matches every method when absent. */
  readonly method?: string;
  /** Matches the path (without the query); every path when absent. */
  readonly path?: RegExp;
  /** HTTP status to answer, or 'drop' to destroy the connection without an answer. */
  readonly status: number | 'drop';
  readonly headers?: Readonly<Record<string, string>>;
  readonly body?: unknown;
  /** How many matching requests fail (default: every one). */
  readonly times?: number;
  /**
   * The request is carried out first and only its answer fails: a comment stored, then a 502 from
   * a proxy, or an answer that never comes back.
   */
  readonly afterDoing?: boolean;
}

const FIXED_TIME = '2026-01-01T00:00:00Z';

/** An artifact of a workflow run as `GET /repos/{owner}/{repo}/actions/runs/{id}/artifacts` lists it. */
export interface RunArtifact {
  readonly id: number;
  readonly name: string;
  readonly size_in_bytes: number;
  readonly digest?: string;
  readonly created_at?: string;
}

/** A pull request of the repository, for the commit and head lookups. */
export interface StoredPull {
  readonly number: number;
  state: 'open' | 'closed';
  head: { sha: string; ref: string; label: string; repo: { full_name: string } };
  readonly base: { ref: string; repo: { full_name: string } };
  /**
   * Whether `GET /commits/{sha}/pulls` lists it. GitHub often does not for a fork's head commit,
   * which lives in the fork; the head lookup still finds it.
   */
  listedForCommit: boolean;
}

export class GitHubApiServer {
  readonly requests: RecordedRequest[] = [];
  /** Comments by commit sha, oldest first. */
  readonly commitComments = new Map<string, StoredComment[]>();
  /** Comments by issue or pull-request number, oldest first. */
  readonly issueComments = new Map<number, StoredComment[]>();
  /** Artifacts by workflow run id. */
  readonly runArtifacts = new Map<number, RunArtifact[]>();
  /** Where `GET /repos/{owner}/{repo}/actions/artifacts/{id}/zip` redirects: blob storage's signed URL. */
  readonly artifactDownloads = new Map<number, string>();
  readonly pulls: StoredPull[] = [];
  /**
   * Tokens that are a person's (a personal access token) by the login they act as; any other token
   * acts as `github-actions[bot]`, as GITHUB_TOKEN does, and `GET /user` refuses it as GitHub
   * refuses an installation token.
   */
  readonly personalTokens = new Map<string, string>();
  private readonly failures: { failure: Failure; left: number }[] = [];
  private nextId = 1000;

  private constructor(
    private readonly server: Server,
    readonly url: string,
  ) {}

  static async start(): Promise<GitHubApiServer> {
    const holder: { self?: GitHubApiServer } = {};
    const server = createServer((req, res) => {
      void holder.self?.handle(req, res);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    holder.self = new GitHubApiServer(server, `http://127.0.0.1:${port}`);
    return holder.self;
  }

  /** Fails the next matching requests as scripted; scripts are consulted in the order given. */
  failNext(failure: Failure): void {
    this.failures.push({ failure, left: failure.times ?? Infinity });
  }

  /** Drops every scripted failure still waiting: the service is back. */
  clearFailures(): void {
    this.failures.length = 0;
  }

  /** Puts a comment on a commit as if someone had written it earlier. */
  seedCommitComment(sha: string, body: string, login = 'someone'): StoredComment {
    const c = this.comment(body, login, `commit/${sha}`);
    this.commitComments.set(sha, [...(this.commitComments.get(sha) ?? []), c]);
    return c;
  }

  /** Puts a comment on a pull request as if someone had written it earlier. */
  seedIssueComment(issue: number, body: string, login = 'someone'): StoredComment {
    const c = this.comment(body, login, `pull/${issue}`);
    this.issueComments.set(issue, [...(this.issueComments.get(issue) ?? []), c]);
    return c;
  }

  /** Requests of one method whose path matches. */
  requestsTo(method: string, path: RegExp): RecordedRequest[] {
    return this.requests.filter((r) => r.method === method && path.test(r.url.split('?')[0] ?? ''));
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  async [Symbol.asyncDispose](): Promise<void> {
    await this.close();
  }

  private comment(body: string, login: string, where: string): StoredComment {
    const id = this.nextId++;
    const user = { login, type: login.endsWith('[bot]') ? ('Bot' as const) : ('User' as const) };
    return { id, body, html_url: `https://github.example/owner/repo/${where}#comment-${id}`, user, created_at: FIXED_TIME, updated_at: FIXED_TIME };
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    let body: unknown = undefined;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      body = text;
    }
    const method = req.method ?? 'GET';
    const url = req.url ?? '/';
    const record: RecordedRequest = { method, url, headers: req.headers, body, status: 0 };
    this.requests.push(record);
    const path = url.split('?')[0] ?? '/';

    const scripted = this.failures.find((f) => f.left > 0 && (!f.failure.method || f.failure.method === method) && (!f.failure.path || f.failure.path.test(path)));
    if (scripted?.failure.afterDoing) {
      scripted.left--;
      record.late = scripted.failure;
    } else if (scripted) {
      scripted.left--;
      if (scripted.failure.status === 'drop') {
        req.socket.destroy();
        return;
      }
      this.send(res, record, scripted.failure.status, scripted.failure.body ?? { message: `scripted failure ${scripted.failure.status}` }, scripted.failure.headers);
      return;
    }
    const token = /^(?:token|Bearer) (\S+)$/.exec(String(req.headers.authorization ?? ''))?.[1];
    if (token === undefined) {
      this.send(res, record, 401, { message: 'Requires authentication' });
      return;
    }
    const person = this.personalTokens.get(token);
    const actor = person ?? 'github-actions[bot]';
    if (path === '/user' && method === 'GET') {
      if (person === undefined) return this.send(res, record, 403, { message: 'Resource not accessible by integration', documentation_url: 'https://docs.github.com/rest/users/users#get-the-authenticated-user' });
      return this.send(res, record, 200, { login: person, type: 'User' });
    }

    // GitHub refuses a comment body over 65,536 characters, on create and on edit alike.
    const posted = (body as { body?: unknown } | undefined)?.body;
    if ((method === 'POST' || method === 'PATCH') && /\/comments(\/\d+)?$/.test(path) && typeof posted === 'string' && [...posted].length > 65_536) {
      this.send(res, record, 422, { message: 'Validation Failed', errors: [{ resource: 'Comment', code: 'custom', field: 'body', message: 'body is too long (maximum is 65536 characters)' }], documentation_url: 'https://docs.github.com/rest' });
      return;
    }

    let m: RegExpExecArray | null;
    if ((m = /^\/repos\/[^/]+\/[^/]+\/commits\/([0-9a-f]{4,40})\/comments$/.exec(path))) {
      const sha = m[1] as string;
      if (method === 'GET') return this.page(res, record, url, this.commitComments.get(sha) ?? []);
      if (method === 'POST') {
        const c = this.comment(String((body as { body?: unknown })?.body ?? ''), actor, `commit/${sha}`);
        this.commitComments.set(sha, [...(this.commitComments.get(sha) ?? []), c]);
        return this.send(res, record, 201, c);
      }
    }
    if ((m = /^\/repos\/[^/]+\/[^/]+\/comments\/(\d+)$/.exec(path)) && method === 'PATCH') {
      return this.edit(res, record, [...this.commitComments.values()].flat(), Number(m[1]), body, actor);
    }
    if ((m = /^\/repos\/[^/]+\/[^/]+\/comments\/(\d+)$/.exec(path)) && method === 'DELETE') {
      return this.remove(res, record, this.commitComments, Number(m[1]), actor);
    }
    if ((m = /^\/repos\/[^/]+\/[^/]+\/issues\/(\d+)\/comments$/.exec(path))) {
      const issue = Number(m[1]);
      if (method === 'GET') return this.page(res, record, url, this.issueComments.get(issue) ?? []);
      if (method === 'POST') {
        const c = this.comment(String((body as { body?: unknown })?.body ?? ''), actor, `pull/${issue}`);
        this.issueComments.set(issue, [...(this.issueComments.get(issue) ?? []), c]);
        return this.send(res, record, 201, c);
      }
    }
    if ((m = /^\/repos\/[^/]+\/[^/]+\/issues\/comments\/(\d+)$/.exec(path)) && method === 'PATCH') {
      return this.edit(res, record, [...this.issueComments.values()].flat(), Number(m[1]), body, actor);
    }
    if ((m = /^\/repos\/[^/]+\/[^/]+\/issues\/comments\/(\d+)$/.exec(path)) && method === 'DELETE') {
      return this.remove(res, record, this.issueComments, Number(m[1]), actor);
    }
    if ((m = /^\/repos\/[^/]+\/[^/]+\/pulls\/(\d+)$/.exec(path)) && method === 'GET') {
      const pull = this.pulls.find((p) => p.number === Number(m?.[1]));
      return pull ? this.send(res, record, 200, pull) : this.send(res, record, 404, { message: 'Not Found' });
    }
    if ((m = /^\/repos\/[^/]+\/[^/]+\/actions\/runs\/(\d+)\/artifacts$/.exec(path)) && method === 'GET') {
      const all = this.runArtifacts.get(Number(m[1])) ?? [];
      const q = new URL(url, this.url).searchParams;
      const per = Math.min(100, Number(q.get('per_page') ?? 30) || 30);
      const page = Math.max(1, Number(q.get('page') ?? 1) || 1);
      return this.send(res, record, 200, { total_count: all.length, artifacts: all.slice((page - 1) * per, page * per) });
    }
    if ((m = /^\/repos\/[^/]+\/[^/]+\/actions\/artifacts\/(\d+)\/zip$/.exec(path)) && method === 'GET') {
      const location = this.artifactDownloads.get(Number(m[1]));
      if (!location) return this.send(res, record, 404, { message: 'Not Found' });
      record.status = 302;
      res.writeHead(302, { location });
      res.end();
      return;
    }
    if ((m = /^\/repos\/[^/]+\/[^/]+\/commits\/([0-9a-f]{4,40})\/pulls$/.exec(path)) && method === 'GET') {
      const sha = m[1] as string;
      return this.send(res, record, 200, this.pulls.filter((p) => p.listedForCommit && p.head.sha === sha));
    }
    if (path.match(/^\/repos\/[^/]+\/[^/]+\/pulls$/) && method === 'GET') {
      const q = new URL(url, this.url).searchParams;
      const head = q.get('head');
      const state = q.get('state') ?? 'open';
      return this.send(res, record, 200, this.pulls.filter((p) => (head === null || p.head.label === head) && (state === 'all' || p.state === state)));
    }
    this.send(res, record, 404, { message: 'Not Found', documentation_url: 'https://docs.github.com/rest' });
  }

  private edit(res: ServerResponse, record: RecordedRequest, all: StoredComment[], id: number, body: unknown, actor: string): void {
    const c = all.find((x) => x.id === id);
    if (!c) return this.send(res, record, 404, { message: 'Not Found' });
    // benchtrend must never edit a comment it did not write (one that only quotes its marker): the
    // stand-in refuses it, so that a test notices.
    if (c.user.login !== actor) return this.send(res, record, 403, { message: 'Resource not accessible by integration' });
    c.body = String((body as { body?: unknown })?.body ?? '');
    c.updated_at = FIXED_TIME;
    this.send(res, record, 200, c);
  }

  private remove<K>(res: ServerResponse, record: RecordedRequest, store: Map<K, StoredComment[]>, id: number, actor: string): void {
    for (const [key, list] of store) {
      const c = list.find((x) => x.id === id);
      if (!c) continue;
      if (c.user.login !== actor) return this.send(res, record, 403, { message: 'Resource not accessible by integration' });
      store.set(key, list.filter((x) => x !== c));
      record.status = 204;
      res.writeHead(204);
      res.end();
      return;
    }
    this.send(res, record, 404, { message: 'Not Found' });
  }

  /** GitHub's pagination: per_page (default 30, at most 100), page from 1, a Link header to the next. */
  private page(res: ServerResponse, record: RecordedRequest, url: string, items: readonly StoredComment[]): void {
    const q = new URL(url, this.url).searchParams;
    const per = Math.min(100, Number(q.get('per_page') ?? 30) || 30);
    const page = Math.max(1, Number(q.get('page') ?? 1) || 1);
    const slice = items.slice((page - 1) * per, page * per);
    const headers: Record<string, string> = {};
    if (page * per < items.length) {
      const next = new URL(url, this.url);
      next.searchParams.set('page', String(page + 1));
      const last = new URL(url, this.url);
      last.searchParams.set('page', String(Math.ceil(items.length / per)));
      headers['link'] = `<${next.toString()}>; rel="next", <${last.toString()}>; rel="last"`;
    }
    this.send(res, record, 200, slice, headers);
  }

  private send(res: ServerResponse, record: RecordedRequest, status: number, body: unknown, headers: Readonly<Record<string, string>> = {}): void {
    const late = record.late;
    if (late) {
      record.late = undefined;
      if (late.status === 'drop') {
        res.socket?.destroy();
        return;
      }
      return this.send(res, record, late.status, late.body ?? { message: `scripted failure ${late.status}` }, late.headers);
    }
    record.status = status;
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
    res.end(JSON.stringify(body));
  }
}
