/**
 * The planner's part of the newest-points file (newest.ts): what a publish writes there. Kept out
 * of plan.ts, which only calls planNewest once.
 */
import { indexManifest, sameSegments } from './chunk.js';
import { locate, type TrendReader } from './load.js';
import { NEWEST_PATH, NEWEST_SEGMENTS, decodeNewest, encodeNewest, type NewestFile } from './newest.js';
import type { Manifest, Segment } from './types.js';
import { TrendDataError, parseNewest } from './validate.js';

/**
 * The text of the file the last publish wrote, asked for as soon as the manifest is known (planPublish
 * starts it beside its other first reads). A read that fails is a file not to trust: the chunks are
 * read instead, and report their own faults.
 */
export function previousNewestText(read: TrendReader, previous: Manifest | undefined): Promise<string | undefined> {
  if (previous === undefined || previous.version < 2) return Promise.resolve(undefined);
  return read(NEWEST_PATH).catch(() => undefined);
}

/**
 * The file's segments as the last publish left them, or undefined when there is none to trust: a
 * trend written before the file, a stale one (an older benchtrend published after it), or one
 * that does not read. It is a copy, so the chunks are read instead and the file written anew.
 */
function previousNewest(text: string | undefined, location: string, previous: Manifest | undefined): readonly Segment[] | undefined {
  if (previous === undefined || previous.version < 2 || text === undefined) return undefined;
  try {
    return parseNewest(locate(location, NEWEST_PATH), text, previous, NEWEST_SEGMENTS);
  } catch (e) {
    if (e instanceof TrendDataError) return undefined;
    throw e;
  }
}

/**
 * The file after a publish that leaves `total` segments: the newest NEWEST_SEGMENTS, taken from
 * the segments it adds, then from the file it replaces when that still ends where they begin,
 * else read from the chunks with `load`. Decoded again before it is returned, as the chunks are:
 * it must read back as what it holds.
 */
export async function nextNewest(
  total: number,
  added: readonly Segment[],
  previous: readonly Segment[] | undefined,
  load: (from: number, to: number) => Promise<Segment[]>,
  manifest: Pick<Manifest, 'suites' | 'cases'>,
): Promise<NewestFile> {
  const from = Math.max(0, total - NEWEST_SEGMENTS);
  const first = total - added.length;
  let older: Segment[] = [];
  if (from < first) {
    const kept = previous?.filter((s) => s.seq >= from && s.seq < first) ?? [];
    older = kept.length === first - from && previous?.at(-1)?.seq === first - 1 ? kept : await load(from, first);
  }
  const segments = [...older, ...added.filter((s) => s.seq >= from)];
  const file = encodeNewest(segments, indexManifest(manifest));
  if (!sameSegments(decodeNewest(file, manifest), segments)) throw new Error(`${NEWEST_PATH}: the file written would not read back as the segments it holds; nothing was published`);
  return file;
}

/** The path and text of the newest-points file a publish writes beside its chunks and manifest. */
export async function planNewest(
  previousText: string | undefined,
  location: string,
  previous: Manifest | undefined,
  added: readonly Segment[],
  manifest: Pick<Manifest, 'suites' | 'cases'>,
  load: (from: number, to: number) => Promise<Segment[]>,
): Promise<[string, string]> {
  const total = (previous?.segments ?? 0) + added.length;
  const file = await nextNewest(total, added, previousNewest(previousText, location, previous), load, manifest);
  return [NEWEST_PATH, `${JSON.stringify(file)}\n`];
}
