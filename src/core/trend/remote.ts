import { isAbsolute, resolve } from 'node:path';
import { InputError } from '../model.js';

export interface RemoteContext {
  /** GITHUB_SERVER_URL: https://github.com, or a GitHub Enterprise Server. */
  readonly serverUrl: string;
  /** GITHUB_REPOSITORY (`owner/name`) for the default target. */
  readonly currentRepository?: string;
  /** Where relative paths are resolved. */
  readonly cwd: string;
  /** True when the text names something on disk (so `bench/data` is a folder, not owner/name). */
  readonly isLocalPath: (path: string) => boolean;
}

export interface Remote {
  /** What git fetches from and pushes to. */
  readonly url: string;
  /** The same, safe to print: any password in the URL replaced. */
  readonly display: string;
  /** The forge page of the repository, when it is one on the server. */
  readonly webUrl?: string;
}

const SCHEME = /^[a-z][a-z0-9+.-]*:\/\//i;
const SCP = /^[\w.-]+@[\w.-]+:/;
const OWNER_NAME = /^[\w.-]+\/[\w.-]+$/;

/** `host/owner/name`, a host being a name with a dot or a port (`github.com`, `127.0.0.1:8080`). */
const HOST_OWNER_NAME = /^((?:[\w-]+\.)+[\w-]+(?::\d+)?|[\w.-]+:\d+)\/([\w.-]+\/[\w.-]+)$/;

function hostOf(serverUrl: string): string | undefined {
  try {
    return new URL(serverUrl).host.toLowerCase();
  } catch {
    return undefined;
  }
}

/** True for `owner/name`, a repository on the same server as the run. */
export function isOwnerName(text: string): boolean {
  return OWNER_NAME.test(text);
}

const USERINFO = /^([a-z][a-z0-9+.-]*:\/\/)([^/@]*)@/i;

function decoded(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    // Not percent-encoded text: as written.
    return text;
  }
}

/** How GitHub's tokens begin (`ghp_…`, `gho_…`, `github_pat_…`): one given where a name goes is not echoed. */
export const GITHUB_TOKEN_SHAPE = /^(?:gh[opsur]_|github_pat_)/;

/**
 * A URL's user name alone that is a token rather than a person's login: GitHub's and GitLab's
 * prefixes, or 30 or more characters that no login runs to.
 */
export function tokenShaped(user: string): boolean {
  return GITHUB_TOKEN_SHAPE.test(user) || /^glpat-/.test(user) || /^[A-Za-z0-9_%-]{30,}$/.test(user);
}

/** The `Authorization: Basic` value git makes of a URL's userinfo (a user alone with an empty password). */
export function basicCredentials(user: string, password: string): string {
  return Buffer.from(`${decoded(user)}:${decoded(password)}`, 'utf8').toString('base64');
}

/**
 * The user name of a URL's userinfo is a secret too when it is a token: alone over HTTP (GitHub
 * takes `https://<token>@github.com/o/r.git`), or in GitHub's own spelling for a token as user,
 * `https://<token>:x-oauth-basic@github.com/o/r.git`, or shaped as a GitHub token (`ghp_…`,
 * `github_pat_…`). ssh's user (`ssh://git@host/...`) is no secret.
 */
function userIsSecret(scheme: string, user: string, password: string | undefined): boolean {
  if (/^(?:git\+)?ssh:/i.test(scheme)) return false;
  return password === undefined || /^x-oauth-basic$/i.test(decoded(password)) || GITHUB_TOKEN_SHAPE.test(decoded(user));
}

/** A URL with the secrets of its userinfo masked: such URLs end up in messages. */
export function redactUrl(url: string): string {
  return url.replace(USERINFO, (_m, scheme: string, userinfo: string) => {
    const colon = userinfo.indexOf(':');
    const user = colon >= 0 ? userinfo.slice(0, colon) : userinfo;
    const password = colon >= 0 ? userinfo.slice(colon + 1) : undefined;
    const shownUser = userIsSecret(scheme, user, password) ? '***' : user;
    return password === undefined ? `${scheme}${shownUser}@` : `${scheme}${shownUser}:***@`;
  });
}

/**
 * The secrets a URL's userinfo carries, for taking out of whatever git prints ("could not read
 * Password for 'https://<token>@github.com'") and whatever a server echoes back: the password, and
 * the user name when it is a token (as redactUrl masks them), each as written and
 * percent-decoded, and over HTTP the `Authorization: Basic` value git makes of them, which a
 * server's error page may repeat.
 */
export function urlSecrets(url: string): string[] {
  const m = USERINFO.exec(url);
  if (!m) return [];
  const [, scheme, userinfo] = m as unknown as [string, string, string];
  const colon = userinfo.indexOf(':');
  const user = colon >= 0 ? userinfo.slice(0, colon) : userinfo;
  const password = colon >= 0 ? userinfo.slice(colon + 1) : undefined;
  const secrets: string[] = [];
  if (password !== undefined && password !== '') secrets.push(password, decoded(password));
  if (user !== '' && userIsSecret(scheme, user, password)) secrets.push(user, decoded(user));
  // A user name alone goes with an empty password, as git sends it (`<token>:`).
  if (/^https?:/i.test(scheme) && secrets.length > 0) secrets.push(basicCredentials(user, password ?? ''));
  return [...new Set(secrets)];
}

/**
 * The `repository` input (or `--repo`): empty for the current repository, `owner/name` on the
 * same server, any git URL, or a path to a repository on disk.
 */
export function resolveRemote(repository: string, ctx: RemoteContext): Remote {
  const server = ctx.serverUrl.replace(/\/+$/, '');
  const onServer = (ownerName: string): Remote => {
    const web = `${server}/${ownerName.replace(/\.git$/, '')}`;
    return { url: `${web}.git`, display: `${web}.git`, webUrl: web };
  };
  const text = repository.trim();
  if (text === '') {
    if (!ctx.currentRepository) throw new InputError('repository: empty, and GITHUB_REPOSITORY is not set to name the current one');
    return onServer(ctx.currentRepository);
  }
  if (SCHEME.test(text) || SCP.test(text)) {
    const web = text.startsWith(`${server}/`) ? text.replace(/\.git$/, '') : undefined;
    return { url: text, display: redactUrl(text), ...(web !== undefined ? { webUrl: web } : {}) };
  }
  const pathLike = isAbsolute(text) || /^\.\.?(?:[\\/]|$)/.test(text);
  if (pathLike || ctx.isLocalPath(text)) {
    const path = resolve(ctx.cwd, text);
    // Else git's own "does not appear to be a git repository" comes after the records are read,
    // naming no input.
    if (!ctx.isLocalPath(text)) throw new InputError(`repository: ${JSON.stringify(text)} is a path, and nothing is at ${path}; give a git repository on disk, a git URL or owner/name`);
    return { url: path, display: path };
  }
  const hosted = HOST_OWNER_NAME.exec(text);
  if (hosted) {
    // github-action-benchmark's gh-repository is spelled so (`github.com/acme/benchmarks`): a
    // workflow switched over keeps the value. The token goes to this server only.
    const [, host, ownerName] = hosted as unknown as [string, string, string];
    const serverHost = hostOf(server);
    if (serverHost !== undefined && host.toLowerCase() === serverHost) return onServer(ownerName);
    throw new InputError(`repository: ${JSON.stringify(text)} is on ${host}, not on this run's server ${serverHost ?? server}; give its git URL, https://${text.replace(/\.git$/, '')}.git`);
  }
  if (!isOwnerName(text)) {
    // `x-access-token:<token>@github.com/o/r`, a URL without its scheme: the refusal is thrown
    // before any secret is masked, so what stands before the @ is not echoed.
    const shown = text.replace(/^[^/@]*@/, '***@');
    throw new InputError(`repository: ${JSON.stringify(shown)} is neither owner/name, a git URL, nor an existing path`);
  }
  return onServer(text);
}

/**
 * The forge page of the repository the trend describes: the one the run benched (its commits are
 * linked as `<server>/<GITHUB_REPOSITORY>/commit/<sha>`) when the run names one, else the
 * trend's own. The page links a listed regression's commit to `<this>/commit/<sha>`, so with
 * `repository: acme/benchmarks` (or a git URL) it linked a commit acme/benchmarks does not hold.
 */
export function describedRepository(serverUrl: string, currentRepository: string | undefined, remote: Remote): string | undefined {
  if (currentRepository !== undefined && isOwnerName(currentRepository)) return `${serverUrl.replace(/\/+$/, '')}/${currentRepository}`;
  return remote.webUrl;
}
