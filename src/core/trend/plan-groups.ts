/**
 * Several groups (suite, commit, points) planned as ONE publish, so that a merge of a whole matrix
 * is one gh-pages commit. Each group is planned by planPublish against the trend as the groups
 * before it left it: the tip overlaid with the files their plans wrote. Seqs therefore follow
 * each other, the manifest accumulates, and a rollup that falls due in the middle of the groups
 * gathers the segments of the earlier ones. Pure, like planPublish: it only reads and computes.
 */
import { InputError, type Point } from '../model.js';
import type { TrendReader } from './load.js';
import { planPublish, type PublishInput, type PublishPlan } from './plan.js';
import type { CommitInfo } from './types.js';

/** One suite at one commit: one segment of the publish (re-runs of a shape included). */
export interface PublishGroup {
  readonly suite: string;
  readonly commit: CommitInfo;
  readonly points: readonly Point[];
  readonly runUrl?: string;
}

/** What every group of the publish shares. The import, when due, goes with the first group. */
export type SharedInput = Omit<PublishInput, 'suite' | 'commit' | 'points' | 'runUrl'>;

/** The plans of every group as one: `files`, `added` and `warnings` cover them all. */
export interface GroupsPlan extends PublishPlan {
  /** One plan per group published, in order; `files` of each holds only what that group wrote. */
  readonly plans: readonly PublishPlan[];
  /** The groups planned, in order: those with no points are left out (and warned about). */
  readonly groups: readonly PublishGroup[];
}

const decoder = new TextDecoder();

/** `read`, except where `files` has the path: the trend as a plan leaves it, before any commit. */
export function overlayReader(read: TrendReader, files: ReadonlyMap<string, string | Uint8Array>): TrendReader {
  return async (path) => {
    const own = files.get(path);
    if (own === undefined) return read(path);
    return typeof own === 'string' ? own : decoder.decode(own);
  };
}

function describe(group: PublishGroup): string {
  return `suite "${group.suite}" at ${group.commit.sha.slice(0, 7)}`;
}

/**
 * Plans the groups one after another. A group without points has nothing to write and is left out
 * with a warning; when no group has points, the first is planned alone, so that an import-only
 * publish works and a publish of nothing is refused as planPublish refuses it.
 */
export async function planGroups(read: TrendReader, shared: SharedInput, groups: readonly PublishGroup[]): Promise<GroupsPlan> {
  const warnings: string[] = [];
  let todo = groups.filter((g) => g.points.length > 0);
  if (todo.length === 0) todo = groups.slice(0, 1);
  else for (const g of groups) if (g.points.length === 0) warnings.push(`${describe(g)}: no points, nothing published for it`);

  const files = new Map<string, string | Uint8Array>();
  const plans: PublishPlan[] = [];
  const removed = new Set<string>();
  for (const [i, group] of todo.entries()) {
    const { import: gab, ...rest } = shared;
    const exists = rest.exists;
    const plan = await planPublish(overlayReader(read, files), {
      ...rest,
      ...(exists !== undefined ? { exists: async (path: string) => files.has(path) || (await exists(path)) } : {}),
      ...(i === 0 && gab !== undefined ? { import: gab } : {}),
      suite: group.suite,
      commit: group.commit,
      points: group.points,
      ...(group.runUrl !== undefined ? { runUrl: group.runUrl } : {}),
      ...(plans.length > 0 ? { manifest: plans[plans.length - 1]!.manifest } : {}),
    });
    for (const [path, content] of plan.files) files.set(path, content);
    // A chunk an earlier group wrote and this one gathered into a larger one never reaches the branch.
    for (const path of plan.removed) if (!files.delete(path)) removed.add(path);
    plans.push(plan);
  }
  const first = plans[0];
  const last = plans[plans.length - 1];
  if (!first || !last) throw new InputError('nothing to publish: no group of points was given');
  return {
    files,
    removed: [...removed],
    manifest: last.manifest,
    previous: first.previous,
    added: plans.flatMap((p) => p.added),
    warnings: [...warnings, ...plans.flatMap((p) => p.warnings)],
    ...(first.imported !== undefined ? { imported: first.imported } : {}),
    plans,
    groups: todo,
  };
}
