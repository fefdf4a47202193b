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

const UNIT_REFUSAL =
  /^gh-pages:dev\/bench\/manifest\.json: a case's "unit" or "direction" was edited: the cases no longer match unitsDigest \("[0-9a-f]{16}"; they read as "[0-9a-f]{16}"\), .*undo that edit \(revert the commit that made it\), and publish a case measured another way under another name; the manifest is damaged, /;

describe("a manifest whose case's unit or direction was edited by hand", () => {
  async function refusedEverywhere() {
    const before = await sb.revParse(remote, 'refs/heads/gh-pages');
    const action = await publishAction(2);
    expect(action.code).toBe(1);
    const errors = action.stdout.split('\n').filter((l) => l.startsWith('::error'));
    expect(errors).toHaveLength(1);
    expect(errors[0]!.replace(/^::error::/, '')).toMatch(new RegExp(`${UNIT_REFUSAL.source}refusing to read or publish over it$`));
    expect(await sb.revParse(remote, 'refs/heads/gh-pages')).toBe(before);
    const history = await historyRows();
    expect(history.code).toBe(1);
    expect(history.stderr).toMatch(new RegExp(`^benchtrend: ${UNIT_REFUSAL.source.slice(1)}so the trend cannot be read\\n$`));
  }

  // Before, the next run's 100 ms was converted into "s" as 0.1, a thousandfold drop beside the
  // older points the edit did not touch, with only a warning.
  it('is refused for a unit, nothing written', async () => {
    expect((await publishAction(1)).code).toBe(0);
    expect((await manifestOnBranch())['unitsDigest']).toMatch(/^[0-9a-f]{16}$/);
    await editManifest((m) => ((m['cases'] as { unit: string }[])[0]!.unit = 's'));
    await refusedEverywhere();
  });

  // Before, the run was refused saying to set direction-overrides to the edited direction, which
  // would have judged the whole history the wrong way round.
  it('is refused for a direction, nothing written', async () => {
    expect((await publishAction(1)).code).toBe(0);
    await editManifest((m) => ((m['cases'] as { direction: string }[])[1]!.direction = 'bigger'));
    await refusedEverywhere();
  });

  it('does not stop a direction-overrides that keeps the stored direction', async () => {
    const publish = async (n: number) => {
      await writeFile(join(ws, 'bench.json'), JSON.stringify([{ name: 'zeta', unit: 'ms', value: 100 + n }]));
      const run = await runAction({
        cwd: ws,
        inputs: { records: 'bench.json', format: 'customSmallerIsBetter', repository: remote, artifact: 'false', 'direction-overrides': 'customSmallerIsBetter / zeta: bigger' },
        event: { name: 'push', payload: { head_commit: { id: sha(n), message: `commit ${n}`, author: { name: 'Ada' }, timestamp: `2024-01-0${n}T00:00:00Z` } } },
        env: { ...sb.env, GITHUB_SHA: sha(n) },
      });
      await run.dispose();
      return run;
    };
    for (const n of [1, 2]) {
      const run = await publish(n);
      expect(run.code, run.stdout).toBe(0);
    }
    expect(((await manifestOnBranch())['cases'] as { direction: string }[]).map((c) => c.direction)).toEqual(['bigger']);
    expect((await historyRows()).rows.map((r) => r.value)).toEqual([101, 102]);
  });
});

describe('a manifest saved by hand with a byte order mark', () => {
  // A Windows editor's "UTF-8 with BOM". The page's fetch reads it; before, every publish and
  // history refused it as "not JSON (Unexpected token '\uFEFF', ...)", an invisible character.
  it('is read as its content, and the next publish writes it without one', async () => {
    expect((await publishAction(1)).code).toBe(0);
    const work = join(sb.root, 'bom');
    await sb.git(['clone', '--quiet', '--branch', 'gh-pages', remote, work]);
    const path = join(work, 'dev/bench/manifest.json');
    await writeFile(path, `\uFEFF${await sb.git(['show', 'HEAD:dev/bench/manifest.json'], work)}`);
    await sb.git(['commit', '--quiet', '--all', '-m', 'annotated on Windows'], work);
    await sb.git(['push', '--quiet', 'origin', 'gh-pages'], work);
    expect((await sb.git(['show', 'gh-pages:dev/bench/manifest.json'], remote)).startsWith('\uFEFF')).toBe(true);

    const read = await historyRows();
    expect(read.stderr).toBe('');
    expect(read.rows.map((r) => r.value)).toEqual([100, 1]);
    const run = await publishAction(2);
    expect(run.code, run.stdout).toBe(0);
    expect((await sb.git(['show', 'gh-pages:dev/bench/manifest.json'], remote)).startsWith('{')).toBe(true);
    expect((await historyRows()).rows.map((r) => r.value)).toEqual([100, 1, 100, 1]);
  });
});

describe('a manifest written before casesDigest', () => {
  it('reads and publishes as before, and its next publish adds the digest', async () => {
    expect((await publishAction(1)).code).toBe(0);
    await editManifest((m) => {
      delete m['casesDigest'];
      delete m['unitsDigest'];
    });
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
    expect((await manifestOnBranch())['unitsDigest']).toMatch(/^[0-9a-f]{16}$/);
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
