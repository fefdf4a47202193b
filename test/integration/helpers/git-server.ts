/**
 * Real git remotes for tests: bare repositories in a temporary folder, isolated from the
 * machine's git configuration, reachable over file:// and over smart HTTP through `git
 * http-backend` behind a node:http server on 127.0.0.1 that records every request.
 *
 *   const git = await gitSandbox();                 // temp folder + isolated env
 *   const remote = await git.bareRemote('trend');   // file path of a bare repo
 *   const server = await startGitServer({ root: git.root, tokens: { s3cret: 'write' } });
 *   server.url('trend')                             // http://127.0.0.1:PORT/trend.git
 *   ...
 *   await server.close(); await git.dispose();
 */
import { execFile, spawn } from 'node:child_process';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { chmod, cp, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GITHUB_LIKE_UPLOAD_PACK } from '../../../src/jobs/demo-trend.js';

/** Fixed dates and identity so that every object id a test creates is reproducible. */
export const TEST_DATE = '2024-01-02T03:04:05Z';

export interface GitSandbox {
  /** Folder holding the bare remotes (and anything else the test puts there). */
  readonly root: string;
  /** Environment every git call of the test uses: no global or system config, fixed dates. */
  readonly env: Record<string, string>;
  /** `git <args>` in `cwd` with the sandbox's environment; resolves to stdout. */
  git(args: readonly string[], cwd?: string, input?: string): Promise<string>;
  /**
   * A bare repository `<root>/<name>.git` that serves partial clones the way GitHub does
   * (uploadpack.allowFilter, any reachable object by id, and only the filters GitHub accepts:
   * blob:none, blob:limit and tree:0, no deeper tree filter and no combine), checks every
   * object pushed to it, and accepts pushes over HTTP.
   */
  bareRemote(name: string): Promise<string>;
  /**
   * `<root>/<name>.git` as an exact copy of the bare repository `from` (objects, refs, config):
   * a history seeded once serves every test of a file, each test on its own copy.
   */
  copyRemote(from: string, name: string): Promise<string>;
  /** Installs a pre-receive hook that prints `message` and declines every push. */
  declinePushes(remote: string, message: string): Promise<void>;
  /** The sha a branch points at, or undefined. */
  revParse(remote: string, ref: string): Promise<string | undefined>;
  dispose(): Promise<void>;
}

export async function gitSandbox(prefix = 'benchtrend-git-'): Promise<GitSandbox> {
  const root = await mkdtemp(join(tmpdir(), prefix));
  const globalConfig = join(root, '.gitconfig-global');
  await writeFile(globalConfig, '');
  const env: Record<string, string> = {
    PATH: process.env['PATH'] ?? '/usr/bin:/bin',
    HOME: root,
    GIT_CONFIG_GLOBAL: globalConfig,
    GIT_CONFIG_NOSYSTEM: '1',
    GIT_AUTHOR_DATE: TEST_DATE,
    GIT_COMMITTER_DATE: TEST_DATE,
    GIT_TERMINAL_PROMPT: '0',
    LC_ALL: 'C',
  };
  const git = (args: readonly string[], cwd = root, input?: string) =>
    new Promise<string>((resolve, reject) => {
      const child = execFile('git', ['-c', 'user.name=Test', '-c', 'user.email=test@example.invalid', ...args], { cwd, env, maxBuffer: 1 << 28 }, (err, stdout, stderr) => {
        if (err) reject(new Error(`git ${args.join(' ')}: ${stderr || err.message}`));
        else resolve(stdout);
      });
      // git may exit without reading its input; the exit status says what happened.
      child.stdin?.on('error', () => {});
      child.stdin?.end(input ?? '');
    });
  return {
    root,
    env,
    git,
    async bareRemote(name) {
      const dir = join(root, `${name}.git`);
      await git(['init', '--quiet', '--bare', '--initial-branch=main', dir]);
      for (const [k, v] of [
        ...GITHUB_LIKE_UPLOAD_PACK,
        // GitHub checks every pushed object ("remote: fatal: fsck error in packed object").
        ['receive.fsckObjects', 'true'],
        ['http.receivepack', 'true'],
      ]) {
        await git(['config', k as string, v as string], dir);
      }
      return dir;
    },
    async copyRemote(from, name) {
      const dir = join(root, `${name}.git`);
      await cp(from, dir, { recursive: true, errorOnExist: true, force: false });
      return dir;
    },
    async declinePushes(remote, message) {
      const hook = join(remote, 'hooks', 'pre-receive');
      await mkdir(join(remote, 'hooks'), { recursive: true });
      await writeFile(hook, `#!/bin/sh\necho ${JSON.stringify(message)} >&2\nexit 1\n`);
      await chmod(hook, 0o755);
    },
    async revParse(remote, ref) {
      try {
        return (await git(['rev-parse', '--verify', '--quiet', ref], remote)).trim() || undefined;
      } catch {
        return undefined;
      }
    },
    dispose: () => rm(root, { recursive: true, force: true }),
  };
}

export interface RecordedRequest {
  readonly method: string;
  /** Path and query as the client sent them. */
  readonly url: string;
  readonly headers: IncomingHttpHeaders;
  readonly status: number;
}

export interface GitServerOptions {
  /** Folder whose `<name>.git` repositories are served. */
  readonly root: string;
  /** Environment for `git http-backend` (the sandbox's). */
  readonly env: Record<string, string>;
  /**
   * Tokens the server accepts as `Authorization: basic base64(x-access-token:<token>)`, with what
   * they may do. Without any, every request is served anonymously.
   */
  readonly tokens?: Readonly<Record<string, 'read' | 'write'>>;
  /** Each fetch's answer (a POST to git-upload-pack) starts this much later, so overlaps show. */
  readonly fetchDelayMs?: number;
}

export interface GitServer {
  /** `http://127.0.0.1:<port>` */
  readonly origin: string;
  /** URL of `<root>/<name>.git`. */
  url(name: string): string;
  /** Every request so far, in arrival order. */
  readonly requests: RecordedRequest[];
  /** The most fetches (POSTs to git-upload-pack) open at once so far. */
  readonly maxConcurrentFetches: () => number;
  /** Fetches that have reached the server so far, answered or not. */
  readonly fetchesStarted: () => number;
  close(): Promise<void>;
}

function tokenOf(authorization: string | undefined): string | undefined {
  const m = /^basic\s+(\S+)$/i.exec(authorization ?? '');
  if (!m) return undefined;
  const [user, ...rest] = Buffer.from(m[1] as string, 'base64').toString('utf8').split(':');
  return user === 'x-access-token' ? rest.join(':') : undefined;
}

/**
 * Smart HTTP through the real `git http-backend` CGI. A push with a read-only token is answered
 * 403 with GitHub's wording, as a fork's token is.
 */
export async function startGitServer(options: GitServerOptions): Promise<GitServer> {
  const requests: RecordedRequest[] = [];
  const tokens = options.tokens ?? {};
  let openFetches = 0;
  let mostFetches = 0;
  let startedFetches = 0;
  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (req.method === 'POST' && url.pathname.endsWith('/git-upload-pack')) {
      startedFetches++;
      openFetches++;
      mostFetches = Math.max(mostFetches, openFetches);
      res.on('close', () => openFetches--);
      if (options.fetchDelayMs) await new Promise((r) => setTimeout(r, options.fetchDelayMs));
    }
    const record = (status: number) => requests.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, status });
    const pushing = url.searchParams.get('service') === 'git-receive-pack' || url.pathname.endsWith('/git-receive-pack');
    if (Object.keys(tokens).length > 0) {
      const token = tokenOf(req.headers.authorization);
      const grant = token === undefined ? undefined : tokens[token];
      if (grant === undefined) {
        record(401);
        res.writeHead(401, { 'www-authenticate': 'Basic realm="benchtrend test"', 'content-type': 'text/plain' });
        res.end('Authentication required\n');
        req.resume();
        return;
      }
      if (pushing && grant !== 'write') {
        record(403);
        res.writeHead(403, { 'content-type': 'text/plain' });
        res.end(`Permission to owner${url.pathname.replace(/\/(?:info\/refs|git-receive-pack)$/, '')} denied to github-actions[bot].\n`);
        req.resume();
        return;
      }
    }
    const child = spawn('git', ['http-backend'], {
      env: {
        ...options.env,
        GIT_PROJECT_ROOT: options.root,
        GIT_HTTP_EXPORT_ALL: '1',
        PATH_INFO: decodeURIComponent(url.pathname),
        QUERY_STRING: url.search.replace(/^\?/, ''),
        REQUEST_METHOD: req.method ?? 'GET',
        CONTENT_TYPE: req.headers['content-type'] ?? '',
        REMOTE_USER: 'x-access-token',
        REMOTE_ADDR: '127.0.0.1',
        // Protocol v2 is negotiated through this header; the CGI reads it from the environment.
        ...(req.headers['git-protocol'] ? { GIT_PROTOCOL: String(req.headers['git-protocol']) } : {}),
        ...(req.headers['content-encoding'] ? { HTTP_CONTENT_ENCODING: String(req.headers['content-encoding']) } : {}),
      },
    });
    req.pipe(child.stdin);
    let head = Buffer.alloc(0);
    let started = false;
    child.stdout.on('data', (chunk: Buffer) => {
      if (started) {
        res.write(chunk);
        return;
      }
      head = Buffer.concat([head, chunk]);
      const end = head.indexOf('\r\n\r\n');
      if (end < 0) return;
      started = true;
      let status = 200;
      const headers: Record<string, string> = {};
      for (const line of head.subarray(0, end).toString('latin1').split('\r\n')) {
        const i = line.indexOf(':');
        const name = line.slice(0, i).trim();
        const value = line.slice(i + 1).trim();
        if (/^status$/i.test(name)) status = Number(value.split(' ')[0]);
        else headers[name] = value;
      }
      record(status);
      res.writeHead(status, headers);
      res.write(head.subarray(end + 4));
    });
    child.stdout.on('end', () => {
      if (!started) {
        record(500);
        res.writeHead(500);
      }
      res.end();
    });
    child.stdin.on('error', () => {});
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    url: (name) => `${origin}/${name}.git`,
    requests,
    maxConcurrentFetches: () => mostFetches,
    fetchesStarted: () => startedFetches,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
