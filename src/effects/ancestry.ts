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

/** How many questions ancestryFromGitGraph asks one by one before it reads the graph. */
const ONE_BY_ONE = 8;

/**
 * ancestryFromGit for many questions about commits known ahead (`shas`, a replay's): the graph
 * below them read once (`git rev-list --parents`), each commit given its generation (one more than
 * its parents' highest), and every question answered in memory, walking down from the newer commit
 * no lower than the older one's generation. The same answers as `merge-base --is-ancestor`; a
 * commit not among `shas` is asked of git as ancestryFromGit asks, and so are the first ONE_BY_ONE
 * questions, which cost less than the graph of a long history.
 */
export function ancestryFromGitGraph(cwd: string, env: Env, shas: Iterable<string>, timeoutMs: number = DEFAULT_BOUNDS.requestMs): AncestryCheck {
  const run = { cwd, env: cleanEnv(env), timeoutMs };
  const asked = new Set(shas);
  const one = ancestryFromGit(cwd, env, timeoutMs);
  interface Graph {
    readonly index: Map<string, number>;
    readonly parents: number[][];
    readonly generation: Int32Array;
    readonly shallow: boolean;
  }
  let graph: Promise<Graph | undefined> | undefined;
  const read = async (): Promise<Graph | undefined> => {
    try {
      const shallow = (await git(['rev-parse', '--is-shallow-repository'], run)).stdout.toString('utf8').trim() !== 'false';
      const list = [...asked];
      const checked = (await git(['cat-file', '--batch-check=%(objectname) %(objecttype)'], { ...run, input: list.map((c) => `${c}^{commit}\n`).join('') })).stdout.toString('utf8').split('\n');
      const present = list.filter((_, i) => checked[i]?.endsWith(' commit') === true);
      const index = new Map<string, number>();
      const parents: number[][] = [];
      if (present.length > 0) {
        // Children before their parents: the generations are then filled from the end.
        const lines = (await git(['rev-list', '--parents', '--topo-order', '--stdin'], { ...run, input: present.map((c) => `${c}\n`).join('') })).stdout.toString('utf8').split('\n');
        const rows = lines.filter((l) => l !== '').map((l) => l.split(' '));
        for (const row of rows) index.set(row[0] as string, index.size);
        for (const row of rows) parents.push(row.slice(1).map((c) => index.get(c) ?? -1).filter((k) => k >= 0));
      }
      const generation = new Int32Array(parents.length);
      for (let k = parents.length - 1; k >= 0; k--) {
        let g = 0;
        for (const q of parents[k] as number[]) g = Math.max(g, (generation[q] as number) + 1);
        generation[k] = g;
      }
      return { index, parents, generation, shallow };
    } catch {
      return undefined;
    }
  };
  /** Whether commit `a` is an ancestor of `b` (or is `b`), as merge-base --is-ancestor. */
  const reaches = (g: Graph, a: number, b: number): boolean => {
    if (a === b) return true;
    const floor = g.generation[a] as number;
    if ((g.generation[b] as number) <= floor) return false;
    const seen = new Set<number>([b]);
    const stack = [b];
    while (stack.length > 0) {
      for (const q of g.parents[stack.pop() as number] as number[]) {
        if (q === a) return true;
        if ((g.generation[q] as number) > floor && !seen.has(q)) {
          seen.add(q);
          stack.push(q);
        }
      }
    }
    return false;
  };
  let questions = 0;
  return async (sha, other) => {
    // A question costs a process or two (50 to 130 ms each on a loaded 2-core machine), the graph
    // of a clone of 15,000 commits about 0.4 s: the first few are asked one by one.
    if (!asked.has(sha) || !asked.has(other) || (graph === undefined && questions++ < ONE_BY_ONE)) return one(sha, other);
    graph ??= read();
    const g = await graph;
    if (!g) return one(sha, other);
    const a = g.index.get(sha);
    const b = g.index.get(other);
    // Not in the checkout (a shallow clone holds few): this source cannot tell.
    if (a === undefined || b === undefined) return undefined;
    if (reaches(g, a, b)) return 'older';
    if (reaches(g, b, a)) return 'newer';
    // A shallow checkout's history stops at its graft: an ancestor beyond it reads as none.
    return g.shallow ? undefined : 'diverged';
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

