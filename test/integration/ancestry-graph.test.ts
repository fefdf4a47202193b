/**
 * A replay's ancestry questions answered from the graph of its commits, read once
 * (ancestryFromGitGraph), give what `git merge-base --is-ancestor` gives question by question
 * (ancestryFromGit): on a real repository with branches and merges, in a full clone and in a
 * shallow one, and for a commit the clone does not hold.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ancestryFromGit, ancestryFromGitGraph, type Ancestry } from '../../src/effects/ancestry.js';
import { gitSandbox, type GitSandbox } from './helpers/git-server.js';

let sb: GitSandbox;
let project: string;
const commits: string[] = [];
const absent = 'f'.repeat(40);

beforeAll(async () => {
  sb = await gitSandbox('benchtrend-ancestry-graph-');
  project = join(sb.root, 'project');
  await sb.git(['init', '--quiet', '--initial-branch=main', project]);
  let t = 0;
  const commit = async (message: string) => {
    t++;
    await sb.git(['commit', '--quiet', '--allow-empty', '-m', message, `--date=2024-01-01T00:00:${String(t).padStart(2, '0')}Z`], project);
    commits.push((await sb.git(['rev-parse', 'HEAD'], project)).trim());
  };
  for (let n = 0; n < 4; n++) await commit(`main ${n}`);
  // A branch of three commits, main moving on meanwhile, merged; then a branch left unmerged.
  await sb.git(['checkout', '--quiet', '-b', 'feature', 'HEAD~1'], project);
  for (let n = 0; n < 3; n++) await commit(`feature ${n}`);
  await sb.git(['checkout', '--quiet', 'main'], project);
  for (let n = 4; n < 6; n++) await commit(`main ${n}`);
  await sb.git(['merge', '--quiet', '--no-ff', '-m', 'merge feature', 'feature'], project);
  commits.push((await sb.git(['rev-parse', 'HEAD'], project)).trim());
  await sb.git(['checkout', '--quiet', '-b', 'side', 'HEAD~2'], project);
  for (let n = 0; n < 2; n++) await commit(`side ${n}`);
  await sb.git(['checkout', '--quiet', 'main'], project);
  await commit('main 6');
}, 60_000);
afterAll(() => sb.dispose());

async function answers(check: (a: string, b: string) => Promise<Ancestry | undefined>, shas: readonly string[]): Promise<string[]> {
  const out: string[] = [];
  for (const a of shas) for (const b of shas) if (a !== b) out.push(`${a.slice(0, 7)} ${b.slice(0, 7)} ${(await check(a, b)) ?? 'untold'}`);
  return out;
}

it('answers every question as merge-base --is-ancestor does, in a full clone', async () => {
  const shas = [...commits, absent];
  const graph = await answers(ancestryFromGitGraph(project, sb.env, shas), shas);
  expect(graph).toEqual(await answers(ancestryFromGit(project, sb.env), shas));
  // The fixture has all four answers, so a graph read wrong in any way shows.
  expect(new Set(graph.map((l) => l.split(' ')[2]))).toEqual(new Set(['older', 'newer', 'diverged', 'untold']));
}, 120_000);

it('answers as merge-base does in a shallow clone, trusting only a yes', async () => {
  const shallow = join(sb.root, 'shallow');
  await sb.git(['clone', '--quiet', '--depth', '5', '--no-single-branch', `file://${project}`, shallow]);
  const shas = [...commits, absent];
  const graph = await answers(ancestryFromGitGraph(shallow, sb.env, shas), shas);
  expect(graph).toEqual(await answers(ancestryFromGit(shallow, sb.env), shas));
  expect(graph.filter((l) => l.endsWith('older')).length).toBeGreaterThan(0);
}, 120_000);
