/**
 * Whether one commit is an ancestor of another, from the user's checkout (read only) or the REST
 * API: how a run tells a first bench of an old commit (a dispatch on an old tag, a bisect) from
 * news. Each source answers undefined when it cannot tell, never a guess.
 */
import { git, GitCommandError, type Env } from './git.js';
import type { GitHubComments } from './github-api.js';
import { DEFAULT_BOUNDS } from './timeouts.js';

/**
 * How commit `sha` stands to `other`: `older` (an ancestor of it), `newer` (a descendant),
 * `diverged` (neither), or undefined when this source cannot tell.
 */
export type Ancestry = 'older' | 'newer' | 'diverged';
export type AncestryCheck = (sha: string, other: string) => Promise<Ancestry | undefined>;

function cleanEnv(env: Env): Record<string, string> {
  // A partial clone would fetch a commit it lacks from its remote; this is a question, not a fetch.
  const clean: Record<string, string> = { GIT_TERMINAL_PROMPT: '0', LC_ALL: 'C', GIT_NO_LAZY_FETCH: '1' };
  for (const [k, v] of Object.entries(env)) if (v !== undefined && !(k in clean)) clean[k] = v;
  return clean;
}

/**
 * `git merge-base --is-ancestor` in the checkout. Undefined when either commit is not in it (a
 * shallow clone, actions/checkout's default, holds one) and when the checkout is shallow and says
 * no: its history stops at the graft, so an ancestor beyond it reads as none.
 */
export function ancestryFromGit(cwd: string, env: Env, timeoutMs: number = DEFAULT_BOUNDS.requestMs): AncestryCheck {
  const run = { cwd, env: cleanEnv(env), timeoutMs };
  /** merge-base --is-ancestor: true, false, or undefined when git failed otherwise (exit 128). */
  const isAncestor = async (a: string, b: string): Promise<boolean | undefined> => {
    try {
      await git(['merge-base', '--is-ancestor', a, b], run);
      return true;
    } catch (e) {
      return e instanceof GitCommandError && e.exitCode === 1 ? false : undefined;
    }
  };
  // A replay asks of many commits against the same few newest ones: each is looked for once.
  const present = new Map<string, Promise<boolean>>();
  const has = (c: string): Promise<boolean> => {
    let known = present.get(c);
    if (!known) present.set(c, (known = git(['cat-file', '-e', `${c}^{commit}`], run).then(() => true, () => false)));
    return known;
  };
  return async (sha, other) => {
    if (!(await has(sha)) || !(await has(other))) return undefined;
    const older = await isAncestor(sha, other);
    if (older !== false) return older && 'older';
    const newer = await isAncestor(other, sha);
    if (newer !== false) return newer && 'newer';
    try {
      const shallow = (await git(['rev-parse', '--is-shallow-repository'], run)).stdout.toString('utf8').trim();
      return shallow === 'false' ? 'diverged' : undefined;
    } catch {
      return undefined;
    }
  };
}

/** The REST API's compare, on the run's client: its retries, rate-limit waits and budget are the comments'. */
export function ancestryFromApi(api: Pick<GitHubComments, 'commitAncestry'>): AncestryCheck {
  return (sha, other) => api.commitAncestry(sha, other);
}

/** The first source that can tell; each question asked once per run (a lost race plans again). */
export function firstAnswer(sources: readonly AncestryCheck[]): AncestryCheck {
  const asked = new Map<string, Promise<Ancestry | undefined>>();
  return (sha, other) => {
    const key = `${sha}..${other}`;
    let answer = asked.get(key);
    if (!answer) {
      answer = (async () => {
        for (const source of sources) {
          const said = await source(sha, other);
          if (said !== undefined) return said;
        }
        return undefined;
      })();
      asked.set(key, answer);
    }
    return answer;
  };
}

