import { existsSync, rmSync } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { join, relative, resolve } from 'node:path';
import { InputError } from '../core/model.js';
import { redactUrl, urlSecrets } from '../core/trend/remote.js';
import { git, gitEnv, remoteAuth, GitCommandError, stopGitCommands, stoppedText, tokenAuth } from '../effects/git.js';
import { tokenRefused, TOKEN_CURE } from '../effects/git-failures.js';
import { DEFAULT_BOUNDS } from '../effects/timeouts.js';
import { serveFolder } from '../effects/static-site.js';
import { resolveTrendTarget } from '../jobs/publish.js';
import { optionsGiven, parseCommandLine } from './args.js';
import { trendLocation, TREND_HELP, TREND_OPTIONS } from './trend-options.js';
import { UsageError, type CliIO } from './io.js';

export const USAGE = `Usage: benchtrend serve DIR [--port N]
       benchtrend serve --repo URL|PATH [--branch NAME] [--dir PATH] [--port N]

Serves a trend's chart on 127.0.0.1 so it can be opened in a browser; browsers refuse to let a
page read its data over file://. Stops on Ctrl-C.

DIR is the trend folder (the one holding index.html and manifest.json); a folder holding it
further down, like a gh-pages checkout with the trend in dev/bench, is served from there.
With --repo, the trend's branch is checked out into a temporary folder, served, and removed on
exit.

Options:
${TREND_HELP.where}
${TREND_HELP.server}
  --port N              port to listen on (default: any free port)
  -h, --help            show this help

Exit status: 0 when stopped (Ctrl-C), 1 when refused (one line "benchtrend: <reason>"), 2 on a
usage error.`;

const PAGE = 'index.html';
const DATA = 'manifest.json';

/** Trend folders (page and manifest side by side) at or below `root`, nearest first; .git skipped. */
async function trendFolders(root: string, holds: (dir: string) => boolean, depth = 4): Promise<string[]> {
  const found: string[] = [];
  let level = [root];
  for (let d = 0; d <= depth && level.length > 0 && found.length === 0; d++) {
    const next: string[] = [];
    for (const dir of level) {
      if (holds(dir)) found.push(dir);
      const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
      for (const e of entries) if (e.isDirectory() && e.name !== '.git' && e.name !== 'node_modules') next.push(join(dir, e.name));
    }
    level = next.sort();
  }
  return found;
}

/**
 * The folder to serve for DIR: DIR itself when it holds the page, else the one trend folder below
 * it. Refused, saying where to look, when there is none or several, or only data without a page.
 */
export async function chartFolder(dir: string, cwd: string, shownAs: (path: string) => string = (path) => path): Promise<string> {
  const root = resolve(cwd, dir);
  if (existsSync(join(root, PAGE))) return root;
  if (!existsSync(root)) throw new InputError(`serve: ${shownAs(dir)}: no such folder; give the trend folder that holds index.html and manifest.json`);
  const found = await trendFolders(root, (d) => existsSync(join(d, PAGE)) && existsSync(join(d, DATA)));
  const shown = (f: string) => shownAs(join(dir, relative(root, f)));
  if (found.length === 1) return found[0] as string;
  if (found.length > 1) throw new InputError(`serve: ${shownAs(dir)} holds several trends; serve one of ${found.map(shown).join(', ')}`);
  const data = await trendFolders(root, (d) => existsSync(join(d, DATA)));
  if (data.length > 0) {
    throw new InputError(`serve: ${data.map(shown).join(', ')} holds the trend's data but no chart page (${PAGE}): it was published without one; the next publish by the action or the built CLI writes it`);
  }
  throw new InputError(`serve: ${shownAs(dir)} holds no chart page: no ${PAGE} with a ${DATA} beside it in it or below it; give the trend folder (dev/bench on the branch by default)`);
}

/**
 * Checks out just the branch's tip; the folder is removed by the caller. Not `git clone URL`: that
 * writes the URL, with any password in it, into the checkout's .git/config, and runs with no time
 * bound. The URL goes in as command-scoped configuration, as a publish's does, and the one network
 * command gets a publish's bounds.
 */
async function checkOut(
  values: Parameters<typeof trendLocation>[0],
  io: CliIO,
): Promise<{ folder: string; trend: string; shownAs: (path: string) => string; release: () => void }> {
  const { target, access } = trendLocation(values, io, 'serve');
  const { dataDir, branchName, remote } = resolveTrendTarget(target, access);
  const { url, auth } = remoteAuth(access.serverUrl, remote.url, target.token);
  const bounds = access.bounds ?? DEFAULT_BOUNDS;
  const stall = String(Math.max(1, Math.ceil(bounds.requestMs / 1000)));
  const env = gitEnv(io.env, auth, { 'remote.origin.url': url, 'http.lowSpeedLimit': '1000', 'http.lowSpeedTime': stall });
  const secrets = [...(auth?.secrets ?? []), ...(target.token ? tokenAuth(access.serverUrl, target.token).secrets : []), ...urlSecrets(remote.url)];
  const folder = await mkdtemp(join(access.tempRoot, 'benchtrend-serve-'));
  const tracking = `refs/remotes/origin/${branchName}`;
  // Ctrl-C before the server is up: the fetch runs in a process group of its own, which a signal
  // to benchtrend alone does not reach, and the folder "removed on exit" would stay. The handlers
  // stay past the checkout until the server's own are installed (`release`): in between, a
  // signal with none would end the process with the folder left behind.
  const stop = (signal: 'SIGINT' | 'SIGTERM') => {
    const text = stoppedText(signal, stopGitCommands(), false);
    rmSync(folder, { recursive: true, force: true, maxRetries: 3 });
    io.stderr(`benchtrend: ${text}\n`);
    process.exit(signal === 'SIGINT' ? 130 : 143);
  };
  const onInt = () => stop('SIGINT');
  const onTerm = () => stop('SIGTERM');
  process.once('SIGINT', onInt);
  process.once('SIGTERM', onTerm);
  const release = () => {
    process.off('SIGINT', onInt);
    process.off('SIGTERM', onTerm);
  };
  try {
    await git(['init', '--quiet', folder], { cwd: io.cwd, env, secrets });
    await git(['fetch', '--quiet', '--no-tags', '--depth=1', 'origin', `+refs/heads/${branchName}:${tracking}`], { cwd: folder, env, secrets, timeoutMs: bounds.requestMs });
    await git(['checkout', '--quiet', '--detach', tracking], { cwd: folder, env, secrets });
  } catch (e) {
    await rm(folder, { recursive: true, force: true });
    release();
    const why = e instanceof GitCommandError && /couldn't find remote ref|Remote branch .* not found/i.test(e.message) ? `it has no branch ${branchName}` : 'git could not fetch it';
    const cure = e instanceof GitCommandError && tokenRefused(e.output) ? `; ${TOKEN_CURE}` : '';
    throw new InputError(`serve: cannot check out ${branchName} of ${remote.display}: ${why}${e instanceof GitCommandError ? ` (${e.message.split('\n').map((l) => l.trim()).filter(Boolean).pop() ?? ''})` : ''}${cure}`);
  }
  // Messages name the branch and folder asked for, not the checkout, which is gone by then.
  const shownAs = (path: string) => `${branchName}:${relative(folder, path) || '.'} of ${remote.display}`;
  return { folder, trend: dataDir === '' ? folder : join(folder, dataDir), shownAs, release };
}

export async function run(argv: string[], io: CliIO): Promise<number> {
  const { values, positionals } = parseCommandLine(argv, {
    ...TREND_OPTIONS,
    branch: { type: 'string', default: 'gh-pages' },
    dir: { type: 'string', default: 'dev/bench' },
    port: { type: 'string' },
    help: { type: 'boolean', short: 'h' },
  });
  if (values.help) {
    io.stdout(`${USAGE}\n`);
    return 0;
  }
  if (values.repo === undefined && positionals.length > 1) throw new UsageError(`serve takes one DIR, got ${positionals.length}: unexpected argument ${JSON.stringify(positionals[1])}`);
  if (values.repo === undefined && positionals.length === 0) throw new UsageError('serve needs a DIR, or --repo URL|PATH');
  if (values.repo !== undefined && positionals.length > 0) throw new UsageError(`serve takes a DIR or --repo, not both (got ${JSON.stringify(positionals[0])})`);
  if (values.repo === undefined) {
    // They say where on a repository the trend is; a DIR is served as it is, and they did nothing.
    const given = optionsGiven(argv, TREND_OPTIONS);
    const ignored = ['branch', 'dir', 'token-env', 'server'].find((name) => given.has(name));
    if (ignored !== undefined) throw new UsageError(`--${ignored} applies to serve --repo; serve DIR serves the folder given (${JSON.stringify(positionals[0])})`);
  }
  const port = values.port === undefined ? 0 : Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new UsageError(`--port ${JSON.stringify(values.port)} is not a port number`);

  let cleanup = async () => {};
  // The checkout's signal handlers, kept until the server's are installed.
  let release = () => {};
  let folder: string;
  if (values.repo !== undefined) {
    const out = await checkOut(values, io);
    release = out.release;
    cleanup = async () => {
      await rm(out.folder, { recursive: true, force: true });
      release();
    };
    io.stdout(`Checked out ${values.branch} of ${redactUrl(values.repo)} into ${out.folder} (removed on exit)\n`);
    try {
      folder = await chartFolder(out.trend, io.cwd, out.shownAs);
    } catch (e) {
      await cleanup();
      throw e;
    }
  } else {
    const dir = positionals[0] as string;
    folder = await chartFolder(dir, io.cwd);
    if (folder !== resolve(io.cwd, dir)) io.stdout(`${dir} holds no chart page itself; serving the trend folder below it, ${relative(io.cwd, folder) || '.'}\n`);
  }
  let served: Awaited<ReturnType<typeof serveFolder>>;
  try {
    served = await serveFolder(folder, port);
  } catch (e) {
    // A port in use leaves no checkout behind either.
    await cleanup();
    throw e;
  }
  const { server, url } = served;
  io.stdout(`Serving ${values.repo !== undefined ? `${values.dir} of ${values.branch}` : folder} at ${url}\nPress Ctrl-C to stop.\n`);
  await new Promise<void>((done) => {
    server.on('close', done);
    release();
    process.once('SIGINT', () => server.close());
    process.once('SIGTERM', () => server.close());
  });
  await cleanup();
  return 0;
}
