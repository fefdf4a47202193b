/**
 * The branch the trend lives on, driven through a private bare repository in a temporary folder
 * (never the user's checkout). Only the objects a publish touches cross the wire:
 *
 *   - the tip commit, by a shallow fetch with `--filter=tree:0`;
 *   - then the trees along the paths read or written and the few blobs read, each level of the
 *     walk fetched in one request by object id (the filter keeps a fetched tree's subtrees
 *     out; objects named explicitly are always sent);
 *   - new blobs and trees are written with hash-object and mktree, the commit with commit-tree,
 *     and pushed as a fast-forward of the tip fetched.
 *
 * A `--filter=blob:none` fetch or a sparse checkout would download every tree of the branch,
 * which grows with history (2.4 MB of trees at 100,000 segments, measured in
 * docs/performance.md); this walk fetches the same 8 or so objects whatever the history.
 */
import { appendFile, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { TrendDataError } from '../core/trend/validate.js';
import { FILE_CONCURRENCY, mapLimit } from './bounded.js';
import { GitCommandError, git, type Identity } from './git.js';
import { TooLargeError } from './record-files.js';
import { classifyFetchFailure, classifyPushFailure } from './git-failures.js';
import { changesOf, encodeTree, kindOf, objectId, parseTree, READ_AHEAD_KEEP, readAheadIn, readAheadOf, withReadAhead, type Changes, type TreeEntry } from './git-tree.js';
import { claimBranchFolder, releaseBranchFolder, sweepStaleBranches } from './stale-branches.js';

// Where the jobs and tests have always found them.
export { GitTransientError, PushPermissionError, PushRaceError, PushRefusedError, classifyPushFailure, isTransientPublishError } from './git-failures.js';
export { sweepStaleBranches } from './stale-branches.js';

export interface BranchOptions {
  /** URL or path git fetches from and pushes to; set as `remote.origin.url` in `env`, never on disk. */
  readonly remote: string;
  /** The remote as messages may show it. */
  readonly display: string;
  readonly branch: string;
  /** From gitEnv: auth, prompts and `remote.origin.url` already set. */
  readonly env: Record<string, string>;
  /** Replaced in any error text. */
  readonly secrets: readonly string[];
  /** Parent folder of the temporary repository (RUNNER_TEMP on a runner). */
  readonly tempRoot: string;
  readonly identity: Identity;
  /** Each fetch and push is killed after this long (NetworkBounds.requestMs); unbounded when absent. */
  readonly timeoutMs?: number;
}

/** A fetch of objects by id, with nothing to negotiate and nothing recorded but the objects. */
function fetchById(filter: '--filter=tree:0' | '--no-filter', oids: readonly string[]): string[] {
  return ['-c', 'fetch.negotiationAlgorithm=noop', 'fetch', '--quiet', '--no-tags', '--no-write-fetch-head', '--recurse-submodules=no', filter, 'origin', ...oids];
}

/** The largest new file worth naming for the next publish unread (READ_AHEAD_TRAILER). */
const READ_AHEAD_NEW_FILE = 16 * 1024;

interface Waiter {
  readonly resolve: (b: Buffer) => void;
  readonly reject: (e: unknown) => void;
}

/**
 * Every fetch of a partial clone keeps its own pack, and once there are more than 50 git fetch
 * starts a detached `git gc --auto` in the repository: it repacks and deletes objects and folders
 * while this publish writes objects beside it and removes the folder when done (one of 32
 * concurrent publishers failed with "hash-object: unable to create temporary file: No such file
 * or directory", which such a collection explains), and its prune rewrites the shallow file under
 * a fetch, which then dies ("shallow file has changed since we read it"). The repository lives
 * for one publish and is never worth collecting. The settings go into the repository's own config
 * rather than onto some of our commands, so that every git run there obeys them, and every fetch
 * git starts by itself: a push whose remote tip is a commit this partial clone lacks fetches it
 * from the promisor remote, and while only the fetches carried the settings, that fetch of the
 * push's started maintenance.
 */
const NO_AUTO_MAINTENANCE = '[maintenance]\n\tauto = false\n[gc]\n\tauto = 0\n';

export class PagesBranch {
  /** Walks started by prefetchNewest and batches being fetched: settled before the folder goes. */
  private readonly background = new Set<Promise<unknown>>();
  /**
   * performance.now() ms after which no fetch or push may still run: the publish's budget for a service that
   * keeps failing. Each network command is cut at the earlier of this and `timeoutMs`.
   */
  deadline: number | undefined;
  private readonly cache = new Map<string, Buffer>();
  /**
   * Trees parsed, by id: a publish's check that every older chunk is listed walks the same few
   * folders once per chunk (about 400 at 100,000 commits), and a tree's id fixes its entries.
   */
  private readonly trees = new Map<string, readonly TreeEntry[]>();
  private readonly inflight = new Map<string, Promise<Buffer>>();
  private readonly present = new Set<string>();
  /** Objects a read asked for: what the next publish will ask for too (not what read-ahead merely brought). */
  private readonly used = new Set<string>();
  /** The ids the tip's trailer names, with how many publishes ago each was last read. */
  private named: ReadonlyMap<string, number> = new Map();
  private pending = new Map<string, Waiter[]>();
  private scheduled = false;
  /** Requests to the remote made so far, for the log and the benchmark. */
  fetches = 0;
  /** `git cat-file` runs that read objects into the cache so far, for the same. */
  reads = 0;
  /** The remote command running now (settled either way); the next one starts after it. */
  private lane: Promise<unknown> = Promise.resolve();

  private constructor(
    private readonly dir: string,
    private readonly options: BranchOptions,
  ) {}

  /**
   * A new, empty private repository whose only remote is the trend's. The remote's URL comes from
   * the environment, so a URL carrying credentials is not written into the repository's config.
   */
  static async open(options: BranchOptions): Promise<PagesBranch> {
    await mkdir(options.tempRoot, { recursive: true });
    await sweepStaleBranches(options.tempRoot);
    const dir = await claimBranchFolder(options.tempRoot);
    const branch = new PagesBranch(dir, options);
    try {
      await branch.run(['init', '--quiet', '--bare', '--template=', dir]);
      await appendFile(join(dir, 'config'), NO_AUTO_MAINTENANCE);
    } catch (e) {
      await branch.dispose();
      throw e;
    }
    return branch;
  }

  /** Waits for every fetch still running (issue #15: an rmdir racing a fetch failed a publish that had landed). */
  async settle(): Promise<void> {
    while (this.background.size > 0) await Promise.allSettled([...this.background]);
  }

  /**
   * Removes the temporary repository. Never throws: by now the publish has landed or failed on
   * its own account, and a folder left behind is swept by the next run.
   */
  async dispose(): Promise<void> {
    await this.settle();
    try {
      await rm(this.dir, { recursive: true, force: true, maxRetries: 3 });
      releaseBranchFolder(this.dir);
    } catch {
      // Left for sweepStaleBranches.
    }
  }

  private track<T>(promise: Promise<T>): Promise<T> {
    this.background.add(promise);
    const done = () => this.background.delete(promise);
    promise.then(done, done);
    return promise;
  }

  private run(args: readonly string[], input?: string | Uint8Array) {
    return git(args, { cwd: this.dir, env: this.options.env, secrets: this.options.secrets, ...(input !== undefined ? { input } : {}) });
  }

  /**
   * A command that talks to the remote: bounded by timeoutMs and the deadline, and one at a time.
   * The private repository is shallow, git rewrites its `shallow` file at the end of every fetch,
   * and a fetch that finds the file changed since it began dies ("shallow file has changed since
   * we read it": one of 32 concurrent publishers, when the prefetch walk and the planner's read
   * fetched at once).
   */
  private remote(args: readonly string[]) {
    const turn = this.lane.then(() => this.remoteNow(args));
    this.lane = turn.catch(() => {});
    return turn;
  }

  private remoteNow(args: readonly string[]) {
    const limits = [this.options.timeoutMs, this.deadline === undefined ? undefined : this.deadline - performance.now()].filter((v): v is number => v !== undefined);
    const timeoutMs = limits.length > 0 ? Math.max(1, Math.min(...limits)) : undefined;
    return git(args, { cwd: this.dir, env: this.options.env, secrets: this.options.secrets, ...(timeoutMs !== undefined ? { timeoutMs } : {}) });
  }

  /** The branch's tip, fetched shallow and without trees; undefined when the branch does not exist. */
  async fetchTip(): Promise<string | undefined> {
    const { branch, display } = this.options;
    this.fetches++;
    try {
      // tree:0, the commit alone: GitHub's upload-pack refuses a tree filter deeper than 0 ("tree
      // filter allows max depth 0, but got 1"), so the root tree comes by its id with the first read.
      await this.remote(['fetch', '--quiet', '--no-tags', '--depth=1', '--filter=tree:0', 'origin', `+refs/heads/${branch}:refs/remotes/origin/${branch}`]);
    } catch (e) {
      if (!(e instanceof GitCommandError)) throw e;
      if (/couldn't find remote ref/i.test(e.output)) return undefined;
      throw classifyFetchFailure(e, display);
    }
    // cat-file resolves the name and heads the commit with its id.
    const [tip] = await this.readObjects(['--batch'], `refs/remotes/origin/${branch}\n`);
    if (tip === undefined) throw new Error(`${display}: the tip of ${branch} was fetched but cannot be read`);
    this.present.add(tip);
    await this.readAhead(tip);
    return tip;
  }

  /**
   * Fetches, in two requests, what the tip's trailer names (READ_AHEAD_TRAILER): what the last
   * publishes read, so that the walk from the root finds it at hand instead of asking level by
   * level. A trailer naming objects the remote does not have (a commit written by hand, a history
   * rewritten) is ignored; any other failure is the remote's and is reported as the walk would
   * report it.
   */
  private async readAhead(tip: string): Promise<void> {
    this.named = new Map();
    const commit = this.cache.get(tip);
    if (commit === undefined) return;
    const ahead = readAheadIn(commit.toString('utf8'), tip.length);
    this.named = ahead.ages;
    for (const half of ahead.halves) {
      const oids = half.filter((oid) => !this.cache.has(oid));
      if (oids.length === 0) continue;
      this.fetches++;
      try {
        await this.remote(fetchById('--filter=tree:0', oids));
      } catch (e) {
        if (!(e instanceof GitCommandError)) throw e;
        if (/not our ref|unadvertised object|no such remote ref|did not send all necessary objects/i.test(e.output)) return;
        throw classifyFetchFailure(e, this.options.display);
      }
      try {
        await this.readObjects(['--batch'], `${oids.join('\n')}\n`);
      } catch {
        // An object the remote left out without failing the fetch: the walk asks for it by itself.
        return;
      }
      for (const oid of oids) this.present.add(oid);
    }
  }

  /** Contents of one object, fetched with the others asked for in the same turn. */
  private object(oid: string, use = true): Promise<Buffer> {
    if (use) this.used.add(oid);
    const hit = this.cache.get(oid);
    if (hit) return Promise.resolve(hit);
    const flying = this.inflight.get(oid);
    if (flying) return flying;
    const promise = new Promise<Buffer>((resolve, reject) => {
      this.pending.set(oid, [{ resolve, reject }]);
      if (!this.scheduled) {
        this.scheduled = true;
        setImmediate(() => void this.track(this.flush()));
      }
    });
    this.inflight.set(oid, promise);
    void promise.then(
      () => this.inflight.delete(oid),
      () => this.inflight.delete(oid),
    );
    return promise;
  }

  private async flush(): Promise<void> {
    // While another fetch runs, objects asked for meanwhile join this batch: one request, not two.
    await this.lane;
    const batch = this.pending;
    this.pending = new Map();
    this.scheduled = false;
    // A whole folder fetched while this batch waited (prefetchFolder) may have brought and read
    // what it asks for: those are answered from the cache, without a cat-file of their own.
    for (const [oid, waiters] of batch) {
      const body = this.cache.get(oid);
      if (!body) continue;
      for (const w of waiters) w.resolve(body);
      batch.delete(oid);
    }
    if (batch.size === 0) return;
    try {
      const missing = [...batch.keys()].filter((oid) => !this.present.has(oid));
      if (missing.length > 0) {
        this.fetches++;
        try {
          // Explicitly named objects are sent whatever the filter; tree:0 keeps their subtrees out.
          await this.remote(fetchById('--filter=tree:0', missing));
        } catch (e) {
          throw e instanceof GitCommandError ? classifyFetchFailure(e, this.options.display) : e;
        }
        for (const oid of missing) this.present.add(oid);
      }
      await this.readObjects(['--batch'], `${[...batch.keys()].join('\n')}\n`);
      for (const [oid, waiters] of batch) {
        const body = this.cache.get(oid);
        for (const w of waiters) {
          if (body) w.resolve(body);
          else w.reject(new Error(`object ${oid} was not read`));
        }
      }
    } catch (e) {
      for (const waiters of batch.values()) for (const w of waiters) w.reject(e);
    }
  }

  /**
   * Reads objects with `git cat-file` (`--batch` with their names as input, or `--batch-all-objects
   * --batch`) into the cache; returns their ids in the order read. promisor=false: a missing
   * object must fail here, not trigger git's lazy fetch, which would download its whole subtree.
   */
  private async readObjects(args: readonly string[], input?: string): Promise<string[]> {
    this.reads++;
    const out = (await this.run(['-c', 'remote.origin.promisor=false', 'cat-file', ...args], input)).stdout;
    const kept: string[] = [];
    let i = 0;
    while (i < out.length) {
      const eol = out.indexOf(0x0a, i);
      const [oid, type, size] = out.subarray(i, eol).toString('latin1').split(' ');
      if (type === 'missing' || oid === undefined) throw new Error(`object ${oid} is missing after fetching it from ${this.options.display}`);
      const body = out.subarray(eol + 1, eol + 1 + Number(size));
      this.cache.set(oid, Buffer.from(body));
      kept.push(oid);
      i = eol + 1 + Number(size) + 1;
    }
    return kept;
  }

  /**
   * Starts bringing a whole folder of the commit (path from the branch's root) in one request,
   * for a reader about to read all of it (a replay, `benchtrend history`): the walk fetches one
   * level per round trip, five for a trend's chunks, and a round trip to GitHub is a large part
   * of such a read. Reads made meanwhile wait for it and then find every object at hand. A
   * folder that does not exist is left alone; failures are left for the reads to report.
   */
  prefetchFolder(commit: string | undefined, path: string): void {
    if (commit === undefined) return;
    const walk = async () => {
      const oid = await this.folderTree(commit, path);
      if (oid !== undefined) await this.wholeTree(oid);
    };
    this.track(walk()).catch(() => {});
  }

  /** The tree of a folder of the commit (path from the branch's root); undefined when there is none. */
  private async folderTree(commit: string, path: string): Promise<string | undefined> {
    let oid = await this.treeOfCommit(commit);
    for (const name of path.split('/').filter((p) => p !== '')) {
      const entry = (await this.tree(oid)).find((e) => e.name === name && e.type === 'tree');
      if (!entry) return undefined;
      oid = entry.oid;
    }
    return oid;
  }

  /**
   * A tree with everything under it, fetched without the filter, and every object the private
   * repository then holds cached and marked present, in one turn of the lane: a batch that
   * waited for it finds nothing missing.
   */
  private wholeTree(oid: string): Promise<void> {
    const turn = this.lane.then(async () => {
      this.fetches++;
      try {
        await this.remoteNow(fetchById('--no-filter', [oid]));
      } catch (e) {
        throw e instanceof GitCommandError ? classifyFetchFailure(e, this.options.display) : e;
      }
      for (const held of await this.readObjects(['--batch-all-objects', '--batch'])) this.present.add(held);
    });
    this.lane = turn.catch(() => {});
    return turn;
  }

  private async treeOfCommit(commit: string): Promise<string> {
    const raw = (await this.object(commit)).toString('utf8');
    const m = /^tree ([0-9a-f]+)$/m.exec(raw);
    if (!m) throw new Error(`commit ${commit} has no tree`);
    return m[1] as string;
  }

  private async tree(oid: string): Promise<readonly TreeEntry[]> {
    let entries = this.trees.get(oid);
    if (entries === undefined) {
      entries = parseTree(await this.object(oid), oid.length / 2);
      this.trees.set(oid, entries);
    }
    return entries;
  }

  /**
   * A file of the commit (path from the branch's root), or undefined when it does not exist.
   * `once`: a file read for this publish alone (a github-action-benchmark data.js being
   * imported, megabytes that no later publish reads), so the trailer does not name it.
   * `maxBytes`: a file larger is refused with a TooLargeError from its size, before its bytes are
   * read into memory (a data.js of a gigabyte was read whole, up to git's output bound).
   */
  async readFile(commit: string | undefined, path: string, once = false, maxBytes?: number): Promise<Buffer | undefined> {
    if (commit === undefined) return undefined;
    let oid = await this.treeOfCommit(commit);
    const parts = path.split('/').filter((p) => p !== '');
    for (const [i, name] of parts.entries()) {
      const entry = (await this.tree(oid)).find((e) => e.name === name);
      if (!entry) return undefined;
      const last = i === parts.length - 1;
      // Damage to the trend, named by its path: a TrendDataError stops the publish, so nothing is
      // written over it (a gitlink's commit is not on this remote, and fetching it fails nameless).
      const where = `${this.options.branch}:${parts.slice(0, i + 1).join('/')}`;
      if (last && entry.type !== 'blob') throw new TrendDataError(`${where}: ${kindOf(entry)} where a file was expected; refusing to publish over it`);
      if (!last && entry.type !== 'tree') throw new TrendDataError(`${where}: ${kindOf(entry)} where a folder was expected; refusing to publish over it`);
      oid = entry.oid;
    }
    if (maxBytes !== undefined && !this.cache.has(oid)) {
      const size = await this.objectSize(oid);
      if (size > maxBytes) throw new TooLargeError(size);
    }
    return this.object(oid, !once);
  }

  /** The size of an object, fetched first when absent, read without its bytes (`cat-file --batch-check`). */
  private async objectSize(oid: string): Promise<number> {
    if (!this.present.has(oid)) {
      this.fetches++;
      try {
        await this.remote(fetchById('--filter=tree:0', [oid]));
      } catch (e) {
        throw e instanceof GitCommandError ? classifyFetchFailure(e, this.options.display) : e;
      }
      this.present.add(oid);
    }
    const line = (await this.run(['-c', 'remote.origin.promisor=false', 'cat-file', '--batch-check'], `${oid}\n`)).stdout.toString('latin1').trim();
    const [, type, size] = line.split(' ');
    if (type === undefined || type === 'missing' || size === undefined) throw new Error(`object ${oid} is missing after fetching it from ${this.options.display}`);
    return Number(size);
  }

  /**
   * Whether the commit holds anything at `path` (from the branch's root), from the trees alone: the
   * file itself is not fetched. Something else than a file there counts, since writing a file
   * over it would fail the publish.
   */
  async hasFile(commit: string | undefined, path: string): Promise<boolean> {
    if (commit === undefined) return false;
    const parts = path.split('/').filter((p) => p !== '');
    const name = parts.pop();
    const folder = await this.folderTree(commit, parts.join('/'));
    if (folder === undefined || name === undefined) return false;
    return (await this.tree(folder)).some((e) => e.name === name);
  }

  /**
   * Starts loading the trees down the newest entries under `path` (names sort by age in this
   * layout), so the walk the planner is about to make shares round trips with the manifest's.
   * Failures are left for the real read to report.
   */
  prefetchNewest(commit: string | undefined, path: string, depth: number): void {
    if (commit === undefined) return;
    const walk = async () => {
      let oid = await this.folderTree(commit, path);
      if (oid === undefined) return;
      for (let level = 0; level < depth; level++) {
        const newest = (await this.tree(oid)).filter((e) => e.type === 'tree').sort((a, b) => Buffer.compare(a.raw, b.raw)).pop();
        if (!newest) return;
        oid = newest.oid;
      }
      await this.tree(oid);
    };
    this.track(walk()).catch(() => {});
  }

  /**
   * A commit on top of `parent` (or an orphan when the branch is new) with `files` (paths from the
   * branch's root) written; every other file is kept as it is. Object ids are computed here and
   * every new object is written by two hash-object processes, which check them. `removed` paths
   * (files or folders) are taken out of the tree; a folder left empty goes with them.
   */
  async commitFiles(parent: string | undefined, files: ReadonlyMap<string, string | Uint8Array>, message: string, removed: readonly string[] = []): Promise<string> {
    const changes = changesOf(files, removed);
    const blobs = new Map<string, Uint8Array>();
    const trees = new Map<string, Uint8Array>();
    const base = parent === undefined ? undefined : await this.treeOfCommit(parent);
    const successors = new Map<string, number>();
    const root = (await this.buildTree(base, changes, '', blobs, trees, successors)) ?? this.emptyTree(trees);
    await this.writeObjects('blob', blobs);
    await this.writeObjects('tree', trees);
    // What this publish read, where it is still there or was rewritten, is what the next one will
    // read: named in the trailer, beside what the publishes before it read and this one did not.
    const age = (oid: string) => {
      if (this.used.has(oid)) return 0;
      const written = successors.get(oid);
      if (written !== undefined) return written;
      const before = this.named.get(oid);
      return before === undefined ? undefined : before + 1;
    };
    const ahead = readAheadOf(root, age, (oid) => this.cache.get(oid));
    const { name, email } = this.options.identity;
    const args = ['-c', `user.name=${name}`, '-c', `user.email=${email}`, '-c', 'commit.gpgSign=false', 'commit-tree', root];
    if (parent !== undefined) args.push('-p', parent);
    const commit = (await this.run([...args, '-F', '-'], withReadAhead(message, ahead))).stdout.toString('utf8').trim();
    this.present.add(commit);
    return commit;
  }

  /**
   * The tree `base` with `changes` made, its new objects added to `blobs` and `trees`. What the
   * next publish will likely read goes into `successors`, with the age its trailer gives it
   * (READ_AHEAD_TRAILER): 0 for a new object that takes the place of one this publish read and for
   * a new folder inside a folder it wrote into; READ_AHEAD_KEEP, named once and dropped unless
   * the next publish reads it, for a new small file there (the next block of the regression
   * state; a new chunk too, a few KB where a round trip saved is worth more). The files of a new
   * folder (an import's history) and a large new file (the page's script) stay out.
   */
  private async buildTree(
    base: string | undefined,
    changes: Changes,
    path: string,
    blobs: Map<string, Uint8Array>,
    trees: Map<string, Uint8Array>,
    successors: Map<string, number>,
  ): Promise<string | undefined> {
    const entries = new Map<string, TreeEntry>();
    for (const e of base === undefined ? [] : await this.tree(base)) entries.set(e.name, e);
    await Promise.all(
      [...changes].map(async ([name, change]) => {
        const existing = entries.get(name);
        const where = `${this.options.branch}:${path}${name}`;
        const raw = Buffer.from(name, 'utf8');
        if (change === null) {
          entries.delete(name);
        } else if (change instanceof Map) {
          if (existing && existing.type !== 'tree') throw new Error(`${where} is ${kindOf(existing)} where benchtrend needs a folder`);
          const oid = await this.buildTree(existing?.oid, change, `${path}${name}/`, blobs, trees, successors);
          if (oid === undefined) entries.delete(name);
          else entries.set(name, { mode: '40000', type: 'tree', oid, raw, name });
          if (oid !== undefined && (existing ? this.used.has(existing.oid) : base !== undefined)) successors.set(oid, 0);
        } else {
          if (existing && existing.type !== 'blob') throw new Error(`${where} is ${kindOf(existing)} where benchtrend writes a file`);
          const oid = objectId('blob', change);
          blobs.set(oid, change);
          if (existing && this.used.has(existing.oid)) successors.set(oid, 0);
          else if (!existing && base !== undefined && change.length <= READ_AHEAD_NEW_FILE) successors.set(oid, READ_AHEAD_KEEP);
          entries.set(name, { mode: '100644', type: 'blob', oid, raw, name });
        }
      }),
    );
    // Git keeps no empty folders: one whose every entry was taken out goes too.
    if (entries.size === 0) return undefined;
    const body = encodeTree(entries.values());
    const oid = objectId('tree', body);
    trees.set(oid, body);
    this.cache.set(oid, body);
    return oid;
  }

  private emptyTree(trees: Map<string, Uint8Array>): string {
    const body = Buffer.alloc(0);
    const oid = objectId('tree', body);
    trees.set(oid, body);
    return oid;
  }

  /** Writes objects with one hash-object process and checks git computed the same ids. */
  private async writeObjects(type: 'blob' | 'tree', objects: ReadonlyMap<string, Uint8Array>): Promise<void> {
    if (objects.size === 0) return;
    const dir = await mkdtemp(join(this.dir, `new-${type}-`));
    try {
      const oids = [...objects.keys()];
      const paths = oids.map((oid) => join(dir, oid));
      await mapLimit(oids, FILE_CONCURRENCY, (oid, i) => writeFile(paths[i] as string, objects.get(oid) as Uint8Array));
      const out = (await this.run(['hash-object', '-w', '--no-filters', '-t', type, '--stdin-paths'], `${paths.join('\n')}\n`)).stdout.toString('utf8');
      const written = out.split('\n').filter((l) => l !== '');
      if (written.join() !== oids.join()) throw new Error(`git computed other ${type} ids than benchtrend: ${written.join(' ')} for ${oids.join(' ')}`);
      for (const oid of oids) this.present.add(oid);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }

  /** Pushes `commit` to the branch as a fast-forward; never forced. */
  async push(commit: string): Promise<void> {
    const { branch, display } = this.options;
    try {
      // No hooks of the user's global configuration run in this private repository.
      await this.remote(['-c', `core.hooksPath=${join(this.dir, 'no-hooks')}`, 'push', '--porcelain', 'origin', `${commit}:refs/heads/${branch}`]);
    } catch (e) {
      throw e instanceof GitCommandError ? classifyPushFailure(e, display, branch) : e;
    }
  }
}
