/**
 * git as a child process: argv arrays only (never a shell string), no terminal prompts, auth
 * through command-scoped configuration in the environment, and errors that say what the remote
 * said without ever carrying a secret.
 */
import { spawn } from 'node:child_process';
import { basicCredentials, tokenShaped } from '../core/trend/remote.js';

export interface Identity {
  readonly name: string;
  readonly email: string;
}

/** The identity GitHub shows with the Actions logo. */
export const BOT_IDENTITY: Identity = {
  name: 'github-actions[bot]',
  email: '41898282+github-actions[bot]@users.noreply.github.com',
};

export interface GitAuth {
  /** `http.<server>/.extraheader`: git sends the header only to URLs under that server. */
  readonly key: string;
  readonly value: string;
  /** What main.ts must mask: the token and the header's base64, which decodes to it. */
  readonly secrets: readonly string[];
}

/**
 * The token as GitHub's git endpoint takes it (basic auth, user x-access-token). Scoped to the
 * server, so a `repository` on another host never receives it.
 */
export function tokenAuth(serverUrl: string, token: string): GitAuth {
  const basic = Buffer.from(`x-access-token:${token}`, 'utf8').toString('base64');
  return {
    key: `http.${serverUrl.replace(/\/+$/, '')}/.extraheader`,
    value: `AUTHORIZATION: basic ${basic}`,
    secrets: [token, basic],
  };
}

/**
 * The token's auth for `remoteUrl`, or undefined when the remote is not an http(s) URL on the
 * token's server. The header is scoped by git's URL matching, but GIT_CONFIG_* entries reach
 * every process git starts, a file:// remote's hooks included: only a remote on the server may
 * see them at all.
 */
export function authFor(serverUrl: string, remoteUrl: string, token: string | undefined): GitAuth | undefined {
  if (!token) return undefined;
  let server: URL;
  let remote: URL;
  try {
    server = new URL(serverUrl);
    remote = new URL(remoteUrl);
  } catch {
    return undefined;
  }
  if (remote.protocol !== 'https:' && remote.protocol !== 'http:') return undefined;
  if (remote.protocol !== server.protocol || remote.host.toLowerCase() !== server.host.toLowerCase()) return undefined;
  return tokenAuth(serverUrl, token);
}

/**
 * What git is handed for `remoteUrl`: the URL, and the auth that goes with it. Credentials written
 * into an http(s) URL (`https://user:pass@host/o/r.git`, or a token as the user alone,
 * `https://<token>@github.com/o/r.git`) are taken out of it and sent as the `Authorization: Basic`
 * header git would have made of them (a user alone with an empty password), scoped to that URL:
 * git hands the remote's URL to git-remote-http as an argument, which `ps` shows every user of the
 * machine for as long as a fetch or push lasts, while configuration in the environment only its
 * owner can read. Credentials the user wrote for the URL are the ones sent; the token is for a URL
 * without, and for a user alone on the token's server, whose header git sent before any 401.
 */
export function remoteAuth(serverUrl: string, remoteUrl: string, token: string | undefined): { readonly url: string; readonly auth?: GitAuth } {
  const plain = (url: string) => {
    const auth = authFor(serverUrl, url, token);
    return auth ? { url, auth } : { url };
  };
  const m = /^(https?:\/\/)([^/@]+)@(.*)$/is.exec(remoteUrl);
  if (!m) return plain(remoteUrl);
  const [, scheme, userinfo, rest] = m as unknown as [string, string, string, string];
  const url = `${scheme}${rest}`;
  const colon = userinfo.indexOf(':');
  if (colon < 0) {
    // A person's login (`https://alice@gitlab.example/o/r.git`) stays in the URL: git then asks the
    // user's credential helper for its password after a 401, which a header sent up front would
    // clash with. Only a name shaped like a token is one to keep out of `ps`.
    if (!tokenShaped(userinfo)) return plain(remoteUrl);
    const onServer = plain(url);
    if (onServer.auth) return onServer;
  }
  const basic = basicCredentials(colon < 0 ? userinfo : userinfo.slice(0, colon), colon < 0 ? '' : userinfo.slice(colon + 1));
  return { url, auth: { key: `http.${url}.extraheader`, value: `Authorization: Basic ${basic}`, secrets: [basic] } };
}

export type Env = Readonly<Record<string, string | undefined>>;

/**
 * The environment git runs with. Auth goes in as GIT_CONFIG_COUNT/KEY/VALUE entries (git 2.31+):
 * configuration that lives only in this process tree, never in a file on disk and never in a
 * URL, appended after any entries the caller's environment already carries. `config` adds
 * other entries the same way.
 */
export function gitEnv(base: Env, auth?: GitAuth, config: Readonly<Record<string, string>> = {}): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(base)) if (v !== undefined) env[k] = v;
  env['GIT_TERMINAL_PROMPT'] = '0';
  env['GCM_INTERACTIVE'] = 'never';
  // Rejections are classified by their text, which git translates under other locales.
  env['LC_ALL'] = 'C';
  const entries = Object.entries(config);
  // git matches the header's URL once, against the remote, then sends it with every request:
  // after following a redirect to another host (http.followRedirects=initial, its default) the
  // token went there with the fetch's and the push's POSTs. Not following keeps it on the server.
  if (auth) entries.push([auth.key, auth.value], ['http.followRedirects', 'false']);
  let n = Number(env['GIT_CONFIG_COUNT'] ?? '0') || 0;
  for (const [key, value] of entries) {
    env[`GIT_CONFIG_KEY_${n}`] = key;
    env[`GIT_CONFIG_VALUE_${n}`] = value;
    n++;
  }
  if (entries.length > 0) env['GIT_CONFIG_COUNT'] = String(n);
  return env;
}

/** A git command that failed. `stderr` has every secret the runner knew of replaced. */
export class GitCommandError extends Error {
  override readonly name: string = 'GitCommandError';
  constructor(
    readonly command: string,
    readonly exitCode: number | null,
    readonly output: string,
  ) {
    super(`git ${command} failed${exitCode !== null ? ` (exit ${exitCode})` : ''}: ${lastLines(output)}`);
  }
}

function lastLines(text: string, max = 12): string {
  const lines = text.split(/\r?\n/).map((l) => l.trimEnd()).filter((l) => l !== '');
  return lines.slice(-max).join('\n');
}

export function redact(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const s of secrets) if (s.length >= 4) out = out.split(s).join('***');
  return out;
}

export interface GitRun {
  readonly cwd: string;
  readonly env: Record<string, string>;
  readonly input?: string | Uint8Array;
  /** Replaced in any error text; the auth's secrets are always included by the caller. */
  readonly secrets?: readonly string[];
  /**
   * Kill the command (and git-remote-http, which it spawns) after this long. Without it a server
   * that accepts the connection and never answers holds the job until the runner's limit.
   */
  readonly timeoutMs?: number;
}

export interface GitResult {
  readonly stdout: Buffer;
  readonly stderr: string;
}

/** Process groups of the network git commands under way (detached, so a signal to us misses them). */
const detachedGroups = new Set<number>();

/**
 * Kills every network git command under way, with its remote helpers; returns how many there
 * were. Each runs in its own process group, so a SIGTERM or Ctrl-C sent to benchtrend alone
 * would leave a push running on after benchtrend said nothing of it.
 */
export function stopGitCommands(): number {
  const n = detachedGroups.size;
  for (const pid of detachedGroups) {
    try {
      // SIGTERM, not SIGKILL: git removes its lock files on it, so a local remote's receive-pack
      // stopped mid ref update leaves no `gh-pages.lock` to refuse the next push.
      // eslint-disable-next-line no-restricted-globals
      process.kill(-pid, 'SIGTERM');
    } catch {
      // Gone already.
    }
  }
  detachedGroups.clear();
  return n;
}

/** How long a git command told to stop (SIGTERM) has to clean up before it is killed. */
const KILL_GRACE_MS = 2000;

/** The most a git command may print before it is stopped (a whole object read back). */
const MAX_OUTPUT = 1 << 30;

/**
 * What stopping on `signal` did, as the CLI and the action both say it: `stopped by SIGTERM, with
 * the git command under way; the publish may or may not have landed` (the last part when `writes`).
 */
export function stoppedText(signal: string, stoppedGit: number, writes: boolean): string {
  const under = stoppedGit > 0 ? `, with the ${stoppedGit === 1 ? 'git command' : `${stoppedGit} git commands`} under way` : '';
  return `stopped by ${signal}${under}${stoppedGit > 0 && writes ? '; the publish may or may not have landed' : ''}`;
}

/** Runs `git <args>`; rejects with a GitCommandError holding stdout and stderr together. */
export function git(args: readonly string[], run: GitRun): Promise<GitResult> {
  return new Promise((resolve, reject) => {
    let timedOut = false;
    let timer: NodeJS.Timeout | undefined;
    // Its own process group, so a timeout (or a signal to benchtrend, stopGitCommands) stops
    // git-remote-http too: left alive, the helper keeps the pipes open and the command never
    // completes. spawn, not execFile: execFile does not hand `detached` on.
    const detached = run.timeoutMs !== undefined;
    const child = spawn('git', args, { cwd: run.cwd, env: run.env, windowsHide: true, detached, stdio: ['pipe', 'pipe', 'pipe'] });
    let killTimer: NodeJS.Timeout | undefined;
    const signal = (sig: NodeJS.Signals): void => {
      try {
        // git's whole process group (its remote helpers too): a signal is process's to send.
        // eslint-disable-next-line no-restricted-globals
        if (detached && child.pid !== undefined) process.kill(-child.pid, sig);
        else child.kill(sig);
      } catch {
        child.kill(sig);
      }
    };
    // SIGTERM first: git removes its lock files on it. A fetch killed outright mid-transfer left
    // `shallow.lock` in the private repository, and every retry of the publish then failed on
    // "Unable to create '.../shallow.lock': File exists". SIGKILL follows for a git that lingers.
    const stop = (): void => {
      signal('SIGTERM');
      killTimer ??= setTimeout(() => signal('SIGKILL'), KILL_GRACE_MS);
      killTimer.unref();
    };
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    let size = 0;
    let overflow = false;
    child.stdout.on('data', (d: Buffer) => {
      size += d.length;
      if (size > MAX_OUTPUT) {
        if (!overflow) stop();
        overflow = true;
      } else out.push(d);
    });
    child.stderr.on('data', (d: Buffer) => err.push(d));
    let settled = false;
    const finish = (code: number | null, failure: Error | undefined): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      clearTimeout(killTimer);
      if (child.pid !== undefined) detachedGroups.delete(child.pid);
      const stdout = Buffer.concat(out);
      const stderr = Buffer.concat(err).toString('utf8');
      if (failure || code !== 0 || timedOut || overflow) {
        const name = args.find((a) => !a.startsWith('-') && !a.includes('=')) ?? '';
        const cut = timedOut
          ? `\nfatal: no answer from the remote: timed out after ${Math.round((run.timeoutMs ?? 0) / 100) / 10} s`
          : overflow
            ? `\nfatal: more than ${MAX_OUTPUT} bytes of output`
            : failure
              ? `\nfatal: ${failure.message}`
              : '';
        reject(new GitCommandError(name, timedOut || overflow ? null : code, redact(`${stdout.toString('utf8')}\n${stderr}${cut}`, run.secrets ?? [])));
        return;
      }
      resolve({ stdout, stderr });
    };
    // A git that cannot start (ENOENT) fails here; its exit code is then unknown.
    child.on('error', (e) => finish(null, e));
    child.on('close', (code) => finish(code, undefined));
    if (detached) {
      if (child.pid !== undefined) detachedGroups.add(child.pid);
      timer = setTimeout(() => {
        timedOut = true;
        stop();
      }, Math.max(1, run.timeoutMs ?? 0));
    }
    child.stdin.on('error', () => {
      // git may exit before reading all input (a bad object id); the exit code tells the story.
    });
    child.stdin.end(run.input ?? '');
  });
}
