/** Git's tree objects read and written in process: the walk reads them, a commit writes new ones. */
import { createHash } from 'node:crypto';

export interface TreeEntry {
  /** As stored in the tree object: `40000` for a folder, `100644` for a file. */
  readonly mode: string;
  readonly type: 'blob' | 'tree' | 'commit';
  readonly oid: string;
  /** The name's bytes as stored, so that re-writing a tree never alters a name git did not write as UTF-8. */
  readonly raw: Buffer;
  readonly name: string;
}

export function typeOf(mode: string): TreeEntry['type'] {
  return mode === '40000' ? 'tree' : mode === '160000' ? 'commit' : 'blob';
}

export function kindOf(entry: TreeEntry): string {
  return entry.type === 'tree' ? 'a folder' : entry.type === 'commit' ? 'a gitlink (submodule)' : 'a file';
}

/** A raw tree object: `<mode> <name>\0<binary oid>` repeated. */
export function parseTree(raw: Buffer, oidBytes: number): TreeEntry[] {
  const out: TreeEntry[] = [];
  let i = 0;
  while (i < raw.length) {
    const space = raw.indexOf(0x20, i);
    const nul = raw.indexOf(0, space);
    const mode = raw.subarray(i, space).toString('latin1');
    const name = Buffer.from(raw.subarray(space + 1, nul));
    const oid = raw.subarray(nul + 1, nul + 1 + oidBytes).toString('hex');
    out.push({ mode, type: typeOf(mode), oid, raw: name, name: name.toString('utf8') });
    i = nul + 1 + oidBytes;
  }
  return out;
}

/** Git's object id: sha1 of `<type> <size>\0<body>` (this repository is created sha1). */
export function objectId(type: 'blob' | 'tree', body: Uint8Array): string {
  return createHash('sha1').update(`${type} ${body.length}\0`).update(body).digest('hex');
}

/**
 * A tree object's bytes. Git orders entries by name, a folder's name compared as if it ended in
 * `/` (so `a.b` sorts before the folder `a`); fsck rejects any other order.
 */
export function encodeTree(entries: Iterable<TreeEntry>): Buffer {
  const key = (e: TreeEntry) => (e.type === 'tree' ? Buffer.concat([e.raw, Buffer.from('/')]) : e.raw);
  const sorted = [...entries].sort((a, b) => Buffer.compare(key(a), key(b)));
  return Buffer.concat(sorted.flatMap((e) => [Buffer.from(`${e.mode} `), e.raw, Buffer.from([0]), Buffer.from(e.oid, 'hex')]));
}

/** A folder of changes: a file's new content, a sub-folder's changes, or null: take it out. */
export type Changes = Map<string, Uint8Array | Changes | null>;

export function changesOf(files: ReadonlyMap<string, string | Uint8Array>, removed: readonly string[] = []): Changes {
  const root: Changes = new Map();
  const all: [string, string | Uint8Array | null][] = [...files, ...removed.map((path) => [path, null] as [string, null])];
  for (const [path, content] of all) {
    const parts = path.split('/');
    if (parts.some((p) => p === '' || p === '.' || p === '..' || p === '.git')) throw new Error(`refusing to write the path ${JSON.stringify(path)}`);
    let node = root;
    for (const dir of parts.slice(0, -1)) {
      let next = node.get(dir);
      if (next === undefined || next === null) node.set(dir, (next = new Map()));
      if (!(next instanceof Map)) throw new Error(`${path}: ${dir} is both a file and a folder in one publish`);
      node = next;
    }
    node.set(parts[parts.length - 1] as string, content === null ? null : typeof content === 'string' ? Buffer.from(content, 'utf8') : content);
  }
  return root;
}

/**
 * The trailer of a commit benchtrend writes that names the objects the next publish will read:
 * that publish fetches the tip and then all of them in two requests, instead of one request per
 * level of the tree (8 in all for a suite's data, each a round trip to GitHub). It is only a
 * hint: the walk still goes from the root by id, and fetches whatever the trailer left out.
 *
 * The ids are listed level by level from the root tree, levels separated by ` / `. Two requests,
 * not one: asked for a tree and one of its entries at once with `--filter=tree:0`, upload-pack
 * meets the entry first under its parent, leaves it out as the filter says, and then does not
 * send it for its own name either ("did not send all necessary objects", git 2.39). Even levels
 * in one request and odd ones in the other never name an entry beside its folder.
 *
 * An id followed by `~N` was read N publishes ago and not since: suites that publish to one
 * trend in turn each read their own regression state, and keeping another's named for a few
 * publishes (READ_AHEAD_KEEP) spares each the walk down to its own.
 */
export const READ_AHEAD_TRAILER = 'Benchtrend-Reads:';
/** At most this many ids (about 2.6 KB of message); a publish reads 12 to 20. */
export const READ_AHEAD_MAX = 64;
/** How many publishes an id stays named after the last one that read it. */
export const READ_AHEAD_KEEP = 3;

/**
 * The objects of the tree `root` worth naming in its commit's trailer, level by level from the
 * root, each with its age: `age` gives 0 for what the publish read (and what it wrote where the
 * next one will read: PagesBranch.commitFiles), N for what an earlier publish read N publishes
 * ago, undefined for the rest. A folder is looked into only when it is named, so an untouched
 * folder of old segments costs nothing.
 */
export function readAheadOf(root: string, age: (oid: string) => number | undefined, treeBody: (oid: string) => Buffer | undefined): string[][] {
  const levels: string[][] = [[root]];
  const seen = new Set([root]);
  let folders = [root];
  while (folders.length > 0) {
    const next: string[] = [];
    const deeper: string[] = [];
    for (const tree of folders) {
      const body = treeBody(tree);
      if (body === undefined) continue;
      for (const entry of parseTree(body, root.length / 2)) {
        if (seen.size >= READ_AHEAD_MAX) break;
        const n = entry.type === 'commit' || seen.has(entry.oid) ? undefined : age(entry.oid);
        if (n === undefined || n > READ_AHEAD_KEEP) continue;
        seen.add(entry.oid);
        next.push(n === 0 ? entry.oid : `${entry.oid}~${n}`);
        if (entry.type === 'tree') deeper.push(entry.oid);
      }
    }
    if (next.length > 0) levels.push(next);
    folders = deeper;
  }
  return levels;
}

/** The message with the trailer naming `levels` as its last paragraph. */
export function withReadAhead(message: string, levels: readonly (readonly string[])[]): string {
  if (levels.length === 0) return message;
  return `${message.replace(/\n*$/, '\n')}\n${READ_AHEAD_TRAILER} ${levels.map((l) => l.join(' ')).join(' / ')}\n`;
}

export interface ReadAhead {
  /** The ids to fetch: even levels first, odd ones second. */
  readonly halves: readonly [readonly string[], readonly string[]];
  /** How many publishes ago each id was last read (0: by the one that wrote the commit). */
  readonly ages: ReadonlyMap<string, number>;
}

/**
 * The ids a commit's trailer names (`commit` is the raw object: headers, a blank line, the
 * message), each of the tip's own length; anything else on the line voids it. Capped, so a
 * commit written by hand cannot make a publish ask for thousands of objects.
 */
export function readAheadIn(commit: string, oidLength: number): ReadAhead {
  const none: ReadAhead = { halves: [[], []], ages: new Map() };
  const body = commit.indexOf('\n\n');
  if (body < 0) return none;
  const message = commit.slice(body + 2);
  const line = message.split('\n').find((l) => l.startsWith(`${READ_AHEAD_TRAILER} `));
  if (line === undefined) return none;
  const levels = line
    .slice(READ_AHEAD_TRAILER.length + 1)
    .split(' / ')
    .map((l) => l.split(' '));
  const shape = new RegExp(`^([0-9a-f]{${oidLength}})(?:~([1-9]))?$`);
  if (!levels.every((l) => l.every((token) => shape.test(token)))) return none;
  const ages = new Map<string, number>();
  const halves: [string[], string[]] = [[], []];
  levels.forEach((level, depth) => {
    for (const token of level) {
      const [, oid, n] = shape.exec(token) as RegExpExecArray;
      if (ages.size >= READ_AHEAD_MAX || oid === undefined || ages.has(oid)) continue;
      ages.set(oid, Number(n ?? 0));
      halves[depth % 2]?.push(oid);
    }
  });
  return { halves, ages };
}
