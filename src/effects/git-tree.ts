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
