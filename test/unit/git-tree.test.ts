/**
 * Git's tree objects as the publisher reads and writes them, and the trailer that names what the
 * next publish will read. The trees are checked against git itself in the integration tests
 * (fsck on every remote); here, the read-ahead trailer's shape and its refusals.
 */
import { describe, expect, it } from 'vitest';
import { encodeTree, objectId, READ_AHEAD_KEEP, READ_AHEAD_MAX, readAheadIn, readAheadOf, withReadAhead, type TreeEntry } from '../../src/effects/git-tree.js';

const blob = (text: string) => Buffer.from(text, 'utf8');

function entry(name: string, type: 'blob' | 'tree', oid: string): TreeEntry {
  return { mode: type === 'tree' ? '40000' : '100644', type, oid, raw: Buffer.from(name), name };
}

/** A small layout: root/{page.js, data/{manifest.json, c/{0.json, 1.json}, old/{x.json}}}. */
function layout() {
  const bodies = new Map<string, Buffer>();
  const put = (type: 'blob' | 'tree', body: Buffer) => {
    const oid = objectId(type, body);
    bodies.set(oid, body);
    return oid;
  };
  const chunk0 = put('blob', blob('0'));
  const chunk1 = put('blob', blob('1'));
  const x = put('blob', blob('x'));
  const manifest = put('blob', blob('{}'));
  const page = put('blob', blob('page'));
  const c = put('tree', encodeTree([entry('0.json', 'blob', chunk0), entry('1.json', 'blob', chunk1)]));
  const old = put('tree', encodeTree([entry('x.json', 'blob', x)]));
  const data = put('tree', encodeTree([entry('manifest.json', 'blob', manifest), entry('c', 'tree', c), entry('old', 'tree', old)]));
  const root = put('tree', encodeTree([entry('page.js', 'blob', page), entry('data', 'tree', data)]));
  return { bodies, root, data, c, old, manifest, chunk0, chunk1, x, page };
}

describe('the read-ahead trailer', () => {
  it('names, level by level from the root, what was read or written, and looks into no folder it leaves out', () => {
    const t = layout();
    const known = new Set([t.data, t.manifest, t.c, t.chunk1, t.x]);
    const levels = readAheadOf(t.root, (oid) => (known.has(oid) ? 0 : undefined), (oid) => t.bodies.get(oid));
    // x.json was read, but its folder was not: the walk could not reach it through the trailer.
    expect(levels).toEqual([[t.root], [t.data], [t.c, t.manifest], [t.chunk1]]);
  });

  it('round-trips through a commit message, even levels in one request and odd ones in the other', () => {
    const t = layout();
    const levels = [[t.root], [t.data], [t.manifest, t.c], [t.chunk1]];
    const message = withReadAhead('benchtrend: default at 0123456 (4 points)\n\nSegment 3 of the trend.\n', levels);
    expect(message).toBe(`benchtrend: default at 0123456 (4 points)\n\nSegment 3 of the trend.\n\nBenchtrend-Reads: ${t.root} / ${t.data} / ${t.manifest} ${t.c} / ${t.chunk1}\n`);
    const commit = `tree ${t.root}\nauthor A <a@b> 0 +0000\ncommitter A <a@b> 0 +0000\n\n${message}`;
    expect(readAheadIn(commit, 40).halves).toEqual([
      [t.root, t.manifest, t.c],
      [t.data, t.chunk1],
    ]);
    // No entry is ever asked for beside the folder that holds it.
    for (const half of readAheadIn(commit, 40).halves) {
      for (const folder of half.filter((oid) => t.bodies.has(oid) && [t.root, t.data, t.c, t.old].includes(oid))) {
        const children = (t.bodies.get(folder) as Buffer).toString('latin1');
        for (const other of half) expect(children.includes(Buffer.from(other, 'hex').toString('latin1'))).toBe(false);
      }
    }
  });

  it('is ignored when absent or malformed, and capped when long', () => {
    const head = `tree ${'a'.repeat(40)}\n\n`;
    expect((readAheadIn(`${head}benchtrend: default\n`, 40)).halves).toEqual([[], []]);
    expect((readAheadIn(`tree ${'a'.repeat(40)}\nBenchtrend-Reads: ${'b'.repeat(40)}\n`, 40)).halves).toEqual([[], []]);
    // An id of another length, a stray word, and a trailer in the headers are not read as ids.
    expect((readAheadIn(`${head}x\n\nBenchtrend-Reads: ${'a'.repeat(40)} / ${'b'.repeat(64)}\n`, 40)).halves).toEqual([[], []]);
    expect((readAheadIn(`${head}x\n\nBenchtrend-Reads: ${'a'.repeat(40)} / please\n`, 40)).halves).toEqual([[], []]);
    expect((readAheadIn(`tree ${'a'.repeat(40)}\nBenchtrend-Reads: ${'b'.repeat(40)}\n\nx\n`, 40)).halves).toEqual([[], []]);
    const many = Array.from({ length: 200 }, (_, i) => i.toString(16).padStart(40, '0'));
    const [even, odd] = readAheadIn(`${head}x\n\nBenchtrend-Reads: ${many.slice(0, 100).join(' ')} / ${many.slice(100).join(' ')}\n`, 40).halves;
    expect(even.length + odd.length).toBe(READ_AHEAD_MAX);
    expect(withReadAhead('x\n', [])).toBe('x\n');
  });

  it('stops naming objects at the cap, however much a publish read', () => {
    const bodies = new Map<string, Buffer>();
    const files = Array.from({ length: 100 }, (_, i) => {
      const oid = objectId('blob', blob(String(i)));
      return entry(`${String(i).padStart(3, '0')}.json`, 'blob', oid);
    });
    const root = objectId('tree', encodeTree(files));
    bodies.set(root, encodeTree(files));
    const levels = readAheadOf(root, () => 0, (oid) => bodies.get(oid));
    expect(levels.flat()).toHaveLength(READ_AHEAD_MAX);
    expect(levels[0]).toEqual([root]);
  });

  it('keeps naming what an earlier publish read for READ_AHEAD_KEEP publishes, counting, then lets it go', () => {
    const t = layout();
    // This publish read the chunk folder's first file; the one before it read the second, and the
    // folder of old segments three publishes ago.
    const ages = new Map<string, number>([
      [t.data, 0],
      [t.c, 0],
      [t.chunk0, 0],
      [t.chunk1, 1],
      [t.old, READ_AHEAD_KEEP],
      [t.x, READ_AHEAD_KEEP + 1],
    ]);
    const levels = readAheadOf(t.root, (oid) => ages.get(oid), (oid) => t.bodies.get(oid));
    expect(levels).toEqual([[t.root], [t.data], [t.c, `${t.old}~${READ_AHEAD_KEEP}`], [t.chunk0, `${t.chunk1}~1`]]);
    const commit = `tree ${t.root}\n\n${withReadAhead('x\n', levels)}`;
    const read = readAheadIn(commit, 40);
    expect(read.halves).toEqual([
      [t.root, t.c, t.old],
      [t.data, t.chunk0, t.chunk1],
    ]);
    expect([...read.ages]).toEqual([
      [t.root, 0],
      [t.data, 0],
      [t.c, 0],
      [t.old, READ_AHEAD_KEEP],
      [t.chunk0, 0],
      [t.chunk1, 1],
    ]);
    // An age that is not one digit voids the line.
    expect(readAheadIn(`tree ${t.root}\n\nx\n\nBenchtrend-Reads: ${t.root}~10\n`, 40).halves).toEqual([[], []]);
  });
});
