/**
 * At most `limit` calls of `fn` in flight. An import writes tens of thousands of objects; one
 * Promise.all over them opened a file each at once and failed with EMFILE at 20,000 entries
 * (issue #12). Results keep the order of `items`.
 */
export async function mapLimit<T, R>(items: readonly T[], limit: number, fn: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array<R>(items.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i] as T, i);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker));
  return out;
}

/** Files written at once: well under the 256 descriptors of a low `ulimit -n`, git's included. */
export const FILE_CONCURRENCY = 16;
