/**
 * The temporary repositories of publishes killed before their cleanup (kill -9, a cancelled job on
 * a self-hosted runner): each is claimed with an owner file, and swept by a later run.
 */
import { rmSync } from 'node:fs';
import { mkdtemp, readFile, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import { join } from 'node:path';

/** Written into each temporary repository: who owns it, so the next run can sweep what a kill left. */
const OWNER_FILE = 'benchtrend-owner.json';
/** A folder without an owner file (killed between mkdtemp and the write) is stale after this long. */
const UNOWNED_STALE_MS = 10 * 60_000;
/** An owner on another machine (a shared temp folder) cannot be asked; after a day it is gone. */
const FOREIGN_STALE_MS = 24 * 60 * 60_000;

function alive(pid: number): boolean {
  try {
    // Signal 0 asks whether the owner of a left-over folder still runs.
    // eslint-disable-next-line no-restricted-globals
    process.kill(pid, 0);
    return true;
  } catch (e) {
    // EPERM: the process exists but belongs to someone else.
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Removes the `benchtrend-pages-*` folders of publishes that were killed (kill -9, a cancelled
 * job on a self-hosted runner) and so never reached their cleanup. Best effort: a folder that
 * cannot be read or removed is left for the next run.
 */
// Wall time, as the owner files and the folders' mtimes other processes left hold it.
// eslint-disable-next-line no-restricted-properties
export async function sweepStaleBranches(tempRoot: string, now = Date.now()): Promise<number> {
  let names: string[];
  try {
    names = (await readdir(tempRoot)).filter((n) => n.startsWith('benchtrend-pages-'));
  } catch {
    return 0;
  }
  let removed = 0;
  for (const name of names) {
    const dir = join(tempRoot, name);
    try {
      let stale: boolean;
      try {
        const owner = JSON.parse(await readFile(join(dir, OWNER_FILE), 'utf8')) as { pid?: unknown; host?: unknown; started?: unknown };
        const started = typeof owner.started === 'number' ? owner.started : 0;
        stale = owner.host === hostname() && typeof owner.pid === 'number' ? !alive(owner.pid) : now - started > FOREIGN_STALE_MS;
      } catch {
        // Killed between mkdtemp and the owner file: the pid in the name still tells.
        const pid = Number(/^benchtrend-pages-(\d+)-/.exec(name)?.[1]);
        stale = (Number.isInteger(pid) && pid > 0 && !alive(pid)) || now - (await stat(dir)).mtimeMs > UNOWNED_STALE_MS;
      }
      if (stale) {
        await rm(dir, { recursive: true, force: true });
        removed++;
      }
    } catch {
      // Gone already, or not ours to remove.
    }
  }
  return removed;
}

/** The folders this process claimed and has not removed yet. */
const claimed = new Set<string>();

/**
 * A new temporary repository's folder under `tempRoot`, named by this process's pid and holding
 * its owner file, for a later sweep to tell whether the owner still runs.
 */
export async function claimBranchFolder(tempRoot: string): Promise<string> {
  // This process's pid names its folder, for a sweep to ask after (alive) if the owner file is missing.
  // eslint-disable-next-line no-restricted-globals
  const dir = await mkdtemp(join(tempRoot, `benchtrend-pages-${process.pid}-`));
  claimed.add(dir);
  try {
    // The pid and the wall time, for the sweep of another process (and maybe another machine) to read.
    // eslint-disable-next-line no-restricted-globals, no-restricted-properties
    await writeFile(join(dir, OWNER_FILE), JSON.stringify({ pid: process.pid, host: hostname(), started: Date.now() }));
  } catch (e) {
    await rm(dir, { recursive: true, force: true });
    throw e;
  }
  return dir;
}

/** A claimed folder removed by its owner: nothing left for removeClaimedFoldersNow. */
export function releaseBranchFolder(dir: string): void {
  claimed.delete(dir);
}

/**
 * Removes this process's temporary repositories at once, for a process about to exit on a signal
 * (Ctrl-C): its publish's `finally` never runs, and the folder would stay until another publish
 * on the machine swept it. Synchronous, as an exit does not wait; best effort.
 */
export function removeClaimedFoldersNow(): void {
  for (const dir of claimed) {
    try {
      rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
    } catch {
      // Left for sweepStaleBranches.
    }
  }
  claimed.clear();
}
