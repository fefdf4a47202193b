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

/**
 * A URL with the secret of its userinfo masked: such URLs end up in messages. Over HTTP a user name
 * alone is the token itself as often as not (`https://<token>@github.com/o/r.git`, which GitHub
 * takes), so it goes too; ssh's user (`ssh://git@host/...`) is no secret and stays.
 */
export function redactUrl(url: string): string {
  return url.replace(/^([a-z][a-z0-9+.-]*:\/\/)([^/@]*)@/i, (_m, scheme: string, user: string) => {
    if (user.includes(':')) return `${scheme}${user.split(':')[0]}:***@`;
    return /^(?:git\+)?ssh:/i.test(scheme) ? `${scheme}${user}@` : `${scheme}***@`;
  });
}

/**
 * The secrets a URL's userinfo carries, as written and percent-decoded, for taking out of whatever
 * git prints ("could not read Password for 'https://<token>@github.com'"): the password, and over
 * HTTP a user name alone, as redactUrl masks them.
 */
export function urlSecrets(url: string): string[] {
  const m = /^([a-z][a-z0-9+.-]*:\/\/)([^/@]*)@/i.exec(url);
  if (!m) return [];
  const [, scheme, userinfo] = m as unknown as [string, string, string];
  const colon = userinfo.indexOf(':');
  const secret = colon >= 0 ? userinfo.slice(colon + 1) : /^(?:git\+)?ssh:/i.test(scheme) ? '' : userinfo;
  if (secret === '') return [];
  let decoded = secret;
  try {
    decoded = decodeURIComponent(secret);
  } catch {
    // Not percent-encoded text: only as written.
  }
  return [...new Set([secret, decoded])];
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
    throw new InputError(`repository: ${JSON.stringify(text)} is neither owner/name, a git URL, nor an existing path`);
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
