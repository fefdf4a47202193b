/**
 * What a failed fetch or push of the trend's branch means, from git's own words: a lost race
 * (fetch again, plan again), a refusal (a protected branch, a token that may not push), or a
 * network fault worth another attempt. Messages quote the remote, never a secret.
 */
import type { GitCommandError } from './git.js';

/** Someone else pushed between our fetch and our push: fetch again, re-plan, push again. */
export class PushRaceError extends Error {
  override readonly name: string = 'PushRaceError';
}

/** The remote refused the push for good (a hook, a protected branch); the message quotes it. */
export class PushRefusedError extends Error {
  override readonly name: string = 'PushRefusedError';
}

/**
 * The token may not write (a fork's read-only token, a missing `contents: write`). The action
 * warns and carries on with the rest of the run instead of failing.
 */
export class PushPermissionError extends PushRefusedError {
  override readonly name: string = 'PushPermissionError';
}

/** A network or server hiccup (HTTP 5xx, a reset connection): worth the same bounded retry. */
export class GitTransientError extends Error {
  override readonly name: string = 'GitTransientError';
}

/** True for the errors a publish retries: a lost race or a transient network failure. */
export function isTransientPublishError(error: unknown): boolean {
  return error instanceof PushRaceError || error instanceof GitTransientError;
}

/**
 * What the remote itself said: its `remote:` lines (a hook's message, GitHub's GH006), then the
 * ref's status (`[remote rejected] (pre-receive hook declined)`), then git's own error.
 */
function remoteWords(output: string): string {
  const lines = output.split(/\r?\n/).map((l) => l.trim());
  const said = lines.filter((l) => /^remote:\s*\S/.test(l)).map((l) => l.replace(/^remote:\s*/, ''));
  const status = lines
    .map((l) => /^!\t[^\t]*\t(.*)$/.exec(l)?.[1] ?? (/\[(?:remote )?rejected\]/.test(l) ? l : undefined))
    .filter((l): l is string => l !== undefined);
  const errors = lines.filter((l) => /^(?:error|fatal):/.test(l) && !/^error: failed to push some refs/.test(l));
  const words = [...new Set([...said, ...status, ...errors])].map((l) => l.replace(/\s+/g, ' '));
  return words.join(' | ') || lines.filter((l) => l !== '').slice(-3).join(' | ');
}

/** The end of a refusal for a token that is missing, refused or too weak; the CLI names its flag instead. */
export const TOKEN_CURE = 'check the github-token';

const PERMISSION = /returned error: 403|Permission to \S+ denied|permission denied to|Write access to repository not granted|denied to \S+\.|HTTP 403/i;
const AUTH = /returned error: 401|Authentication failed|could not read Username|terminal prompts disabled|Invalid username or (?:password|token)/i;
/** Git's output when the server wanted a token it was not given, or refused the one it got. */
export function tokenRefused(output: string): boolean {
  return PERMISSION.test(output) || AUTH.test(output);
}
// A lost race: the tip moved under us (non-fast-forward, fetch first), or the server's ref update
// collided with another push's ("failed to update ref", "cannot lock ref", "incorrect old value").
const RACE = /\[rejected\][^\n]*\((?:fetch first|non-fast-forward)\)|\[remote rejected\][^\n]*\((?:failed to update ref|cannot lock ref|failed to lock|incorrect old value)|cannot lock ref|failed to update ref/i;
// Failures of the connection or of the server, not of the request: GitHub answers 500/502/503 under
// load and runners lose connections; the same request succeeds moments later.
const NETWORK = /no answer from the remote|RPC failed|returned error: 5\d\d|HTTP 5\d\d|Connection (?:reset|refused|timed out)|Could not resolve host|Operation timed out|Operation too slow|early EOF|unexpected disconnect|the remote end hung up unexpectedly|SSL_ERROR|gnutls_handshake|Failed to connect/i;

// A request the server refuses for good (413: the push is too large): git adds "RPC failed" and
// "the remote end hung up", which read as a network fault, but the same request fails again.
// 408 and 429 pass with time; 401 and 403 are told apart above it.
const CLIENT_ERROR = /returned error: 4(?!08|29)\d\d\b/;

// A redirect, which git is told not to follow while it carries the token (gitEnv).
const REDIRECT = /returned error: (30[12378])\b/;

/** The remote's redirect said as such: neither a permission nor a network problem. */
function redirected(output: string, display: string): string | undefined {
  const status = REDIRECT.exec(output)?.[1];
  if (status === undefined) return undefined;
  return `${display} answered with a redirect (HTTP ${status}), which benchtrend does not follow with the token, so that it never reaches another host; give repository as the address the repository has now`;
}

// A server that does not speak git's smart HTTP (a sign-in page or a proxy answering info/refs):
// git falls back to the old dumb protocol, finds no branch, and its push through WebDAV fails
// with words that name neither.
const NOT_SMART = /no DAV locking support|git-http-push failed/;

/**
 * The lock file a push found in its way on the remote ("Unable to create '<path>.lock': File
 * exists"), when it did. Held for a moment by a push under way; left for good by a git process on
 * the remote's side that was stopped while updating the branch (a killed push over file://).
 */
export function lockInTheWay(message: string): string | undefined {
  return /Unable to create '([^']+\.lock)': File exists/.exec(message)?.[1];
}

/** Sorts a failed push into race, refusal, permission or transient failure. */
export function classifyPushFailure(error: GitCommandError, display: string, branch: string): Error {
  const out = error.output;
  const words = remoteWords(out);
  const moved = redirected(out, display);
  if (moved !== undefined) return new PushRefusedError(moved);
  if (NOT_SMART.test(out)) {
    return new PushRefusedError(`${display} did not answer as a git server (not git's smart HTTP protocol: a sign-in page or a proxy in front of it?), so nothing could be pushed: ${words}; check the repository's address`);
  }
  if (PERMISSION.test(out)) return new PushPermissionError(`no permission to push to ${display} (${branch}): ${words}`);
  if (AUTH.test(out)) return new PushRefusedError(`authentication to ${display} failed: ${words}; ${TOKEN_CURE}`);
  if (RACE.test(out)) return new PushRaceError(`${branch} of ${display} moved while publishing: ${words}`);
  if (/\[remote rejected\]/.test(out)) return new PushRefusedError(`${display} refused the push to ${branch}: ${words}`);
  if (NETWORK.test(out) && !CLIENT_ERROR.test(out)) return new GitTransientError(`pushing to ${display} failed: ${words}`);
  return new PushRefusedError(`pushing to ${display} (${branch}) failed: ${words}`);
}

export function classifyFetchFailure(error: GitCommandError, display: string): Error {
  const out = error.output;
  const words = remoteWords(out);
  const moved = redirected(out, display);
  if (moved !== undefined) return new PushRefusedError(moved);
  // git's words ("could not read Username ... terminal prompts disabled") name no cure.
  if (tokenRefused(out)) return new PushRefusedError(`cannot read ${display}: ${words}; ${TOKEN_CURE}`);
  if (NETWORK.test(out) && !CLIENT_ERROR.test(out)) return new GitTransientError(`fetching from ${display} failed: ${words}`);
  return new Error(`fetching from ${display} failed: ${words}`);
}
