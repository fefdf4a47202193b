/**
 * A manifest edited by hand on gh-pages. Chunks and the regression state name a case by its place
 * in the manifest's `cases`, so sorting that list gave every older point to another case, without
 * a word, to every reader and every later publish. The manifest now carries `casesDigest`, and a
 * list that does not match it is refused in one line, nothing written. A trend written before the
 * digest existed reads and publishes as before, and its next publish adds it. Real git, the
 * bundled action as the runner runs it, the bundled CLI.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runAction, runCli } from '../helpers/run-action.js';
import { gitSandbox, type GitSandbox } from './helpers/git-server.js';

let sb: GitSandbox;
let remote: string;
let ws: string;

beforeEach(async () => {
  sb = await gitSandbox('benchtrend-edited-');
  remote = await sb.bareRemote('site');
  ws = join(sb.root, 'ws');
  await sb.git(['init', '--quiet', ws]);
});
afterEach(() => sb.dispose());

const sha = (n: number) => String(n).repeat(40).slice(0, 40);

/** The bundled action publishing two cases, zeta at 100 ms and alpha at 1 ms, at commit `n`. */
async function publishAction(n: number) {
  await writeFile(join(ws, 'bench.json'), JSON.stringify([{ name: 'zeta', unit: 'ms', value: 100 }, { name: 'alpha', unit: 'ms', value: 1 }]));
  const run = await runAction({
    cwd: ws,
    inputs: { records: 'bench.json', format: 'customSmallerIsBetter', repository: remote, artifact: 'false' },
    // The push names its commit, so that nothing asks the REST API.
    event: { name: 'push', payload: { head_commit: { id: sha(n), message: `commit ${n}`, author: { name: 'Ada' }, timestamp: `2024-01-0${n}T00:00:00Z` } } },
    env: { ...sb.env, GITHUB_SHA: sha(n) },
  });
  await run.dispose();
  return run;
}

/** Edits dev/bench/manifest.json on gh-pages through an ordinary clone, as a user with an editor would. */
async function editManifest(edit: (m: Record<string, unknown>) => void): Promise<void> {
  const work = join(sb.root, `work-${Math.random().toString(36).slice(2)}`);
  await sb.git(['clone', '--quiet', '--branch', 'gh-pages', remote, work]);
  const path = join(work, 'dev/bench/manifest.json');
  const manifest = JSON.parse(await sb.git(['show', 'HEAD:dev/bench/manifest.json'], work)) as Record<string, unknown>;
  edit(manifest);
  await writeFile(path, `${JSON.stringify(manifest, null, 2)}\n`);
  await sb.git(['commit', '--quiet', '--all', '-m', 'edited by hand'], work);
  await sb.git(['push', '--quiet', 'origin', 'gh-pages'], work);
}

const manifestOnBranch = async () => JSON.parse(await sb.git(['show', 'gh-pages:dev/bench/manifest.json'], remote)) as Record<string, unknown>;

type Row = { commit: string; case: string; value: number };
async function historyRows(): Promise<{ code: number; rows: Row[]; stderr: string }> {
  const r = await runCli(['history', '--repo', remote], sb.root, sb.env);
  return { code: r.code, rows: r.code === 0 ? (JSON.parse(r.stdout) as Row[]).map((x) => ({ commit: x.commit, case: x.case, value: x.value })) : [], stderr: r.stderr };
}

const REFUSAL = /^gh-pages:dev\/bench\/manifest\.json: "suites" or "cases" was edited: the lists no longer match casesDigest \("[0-9a-f]{16}"; they read as "[0-9a-f]{16}"\), and the data names each suite and case by its place in them, so older points would be read as other cases'; undo that edit \(revert the commit that made it\); the manifest is damaged, /;

describe('a manifest whose cases were reordered by hand', () => {
  it('is refused by the next publish, of the action and of the CLI, and by history, nothing written', async () => {
    expect((await publishAction(1)).code).toBe(0);
    expect((await manifestOnBranch())['casesDigest']).toMatch(/^[0-9a-f]{16}$/);
    await editManifest((m) => (m['cases'] as { case: string }[]).sort((a, b) => a.case.localeCompare(b.case)));
    const before = await sb.revParse(remote, 'refs/heads/gh-pages');

    const action = await publishAction(2);
    expect(action.code).toBe(1);
    const errors = action.stdout.split('\n').filter((l) => l.startsWith('::error'));
    expect(errors).toHaveLength(1);
    expect(errors[0]!.replace(/^::error::/, '')).toMatch(REFUSAL);

    await writeFile(join(ws, 'bench.json'), JSON.stringify([{ name: 'zeta', unit: 'ms', value: 100 }]));
    const cli = await runCli(['publish', 'bench.json', '--format', 'customSmallerIsBetter', '--repo', remote, '--commit', sha(3), '--message', 'm', '--author', 'a'], ws, sb.env);
    expect(cli.code).toBe(1);
    // The refusal is the one line: nothing said it was publishing first.
    expect(cli.stderr).toMatch(new RegExp(`^benchtrend: ${REFUSAL.source.slice(1)}refusing to read or publish over it\n$`));
    expect(await sb.revParse(remote, 'refs/heads/gh-pages')).toBe(before);

    // No reader draws zeta's 100 ms as alpha's.
    const history = await historyRows();
    expect(history.code).toBe(1);
    expect(history.stderr).toMatch(new RegExp(`^benchtrend: ${REFUSAL.source.slice(1)}`));
  });

  it('publishes again once the edit is undone', async () => {
    expect((await publishAction(1)).code).toBe(0);
    const original = await manifestOnBranch();
    await editManifest((m) => (m['cases'] as unknown[]).reverse());
    expect((await publishAction(2)).code).toBe(1);
    await editManifest((m) => (m['cases'] = original['cases']));

    expect((await publishAction(2)).code).toBe(0);
    const { rows } = await historyRows();
    expect(rows.filter((r) => r.case.endsWith('zeta')).map((r) => r.value)).toEqual([100, 100]);
  });
});

describe('a manifest written before casesDigest', () => {
  it('reads and publishes as before, and its next publish adds the digest', async () => {
    expect((await publishAction(1)).code).toBe(0);
    await editManifest((m) => delete m['casesDigest']);
    const read = await historyRows();
    expect(read.code).toBe(0);
    expect(read.rows).toEqual([
      { commit: sha(1), case: 'customSmallerIsBetter / zeta', value: 100 },
      { commit: sha(1), case: 'customSmallerIsBetter / alpha', value: 1 },
    ]);

    const run = await publishAction(2);
    expect(run.code, run.stdout).toBe(0);
    expect(run.stdout).not.toMatch(/::(?:warning|error)/);
    expect((await manifestOnBranch())['casesDigest']).toMatch(/^[0-9a-f]{16}$/);
    expect((await historyRows()).rows.map((r) => `${r.commit.slice(0, 1)} ${r.case} ${r.value}`)).toEqual([
      '1 customSmallerIsBetter / zeta 100',
      '1 customSmallerIsBetter / alpha 1',
      '2 customSmallerIsBetter / zeta 100',
      '2 customSmallerIsBetter / alpha 1',
    ]);
  });
});

describe('a manifest a newer benchtrend wrote', () => {
  it('is refused by the CLI in words for its user, not only the action’s, nothing written', async () => {
    expect((await publishAction(1)).code).toBe(0);
    await editManifest((m) => (m['version'] = 3));
    const before = await sb.revParse(remote, 'refs/heads/gh-pages');
    const line = `gh-pages:dev/bench/manifest.json: written by a newer benchtrend (trend format 3, this one reads 2); upgrade benchtrend (the action's version, or the npm package of the CLI)`;

    const history = await historyRows();
    expect(history.code).toBe(1);
    expect(history.stderr).toBe(`benchtrend: ${line}\n`);
    await writeFile(join(ws, 'bench.json'), JSON.stringify([{ name: 'zeta', unit: 'ms', value: 100 }]));
    const cli = await runCli(['publish', 'bench.json', '--format', 'customSmallerIsBetter', '--repo', remote, '--commit', sha(2), '--message', 'm', '--author', 'a'], ws, sb.env);
    expect(cli.code).toBe(1);
    expect(cli.stderr).toBe(`benchtrend: ${line}\n`);
    expect(await sb.revParse(remote, 'refs/heads/gh-pages')).toBe(before);
  });
});
