/**
 * A publish whose regression check reads older segments that were damaged by hand: the damage
 * stops the publish with the loader's refusal, the branch left as it was. Before, the check's
 * failure was only a warning ("alerts not updated: ... refusing to publish over it") and the
 * publish went on, appending to a trend whose history no reader could load. A publish judges
 * from the suite's regression state when there is one (data/r); the state is a copy of the
 * chunks' newest points, so a state that does not read is built again from the chunks, with a
 * warning naming it, and their damage is found and refused then.
 */
import { join } from 'node:path';
import { writeFile } from 'node:fs/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_ALERT_SETTINGS } from '../../src/core/regress/settings.js';
import { chunkPath } from '../../src/core/trend/layout.js';
import { statePath } from '../../src/core/trend/regress-state.js';
import { TrendDataError } from '../../src/core/trend/validate.js';
import { publishTrend, type PublishContext, type PublishSettings } from '../../src/jobs/publish.js';
import { regressionDeriver } from '../../src/jobs/regressions.js';
import { commit, fixturePoints } from '../unit/trend-memory.js';
import { gitSandbox, type GitSandbox } from './helpers/git-server.js';

let sb: GitSandbox;
let remote: string;
let url: string;

beforeEach(async () => {
  sb = await gitSandbox('benchtrend-damaged-');
  remote = await sb.bareRemote('site');
  url = `file://${remote}`;
});
afterEach(() => sb.dispose());

const settings: () => PublishSettings = () => ({ repository: url, branch: 'gh-pages', dataDir: 'dev/bench', suite: 'default', maxAttempts: 2 });

function context(n: number): PublishContext {
  return { points: fixturePoints(), commit: commit(n), serverUrl: 'https://github.com', cwd: sb.root, env: sb.env, tempRoot: join(sb.root, 'tmp'), publishedAt: `2024-06-0${n}T00:00:00Z` };
}

/** Edits gh-pages through an ordinary clone, as a user with a text editor would. */
async function damage(edit: (work: string) => Promise<void>): Promise<void> {
  const work = join(sb.root, `work-${Math.random().toString(36).slice(2)}`);
  await sb.git(['clone', '--quiet', '--branch', 'gh-pages', url, work]);
  await edit(work);
  await sb.git(['commit', '--quiet', '--all', '-m', 'edited by hand'], work);
  await sb.git(['push', '--quiet', 'origin', 'gh-pages'], work);
}

async function publishThree(): Promise<void> {
  for (const n of [1, 2, 3]) await publishTrend(settings(), context(n), { alerts: regressionDeriver('default', DEFAULT_ALERT_SETTINGS).derive });
}

describe('older trend data the regression check cannot read', () => {
  it('refuses to publish over a deleted segment, and leaves the branch as it was', async () => {
    await publishThree();
    // Without its regression state (a trend written before it existed), the check reads the chunks.
    await damage((work) => sb.git(['rm', '--quiet', '-r', `dev/bench/${chunkPath(0, 1)}`, 'dev/bench/data/r'], work).then(() => undefined));
    const before = await sb.revParse(remote, 'refs/heads/gh-pages');
    const warnings: string[] = [];

    const error = await publishTrend(settings(), context(4), { warn: (w) => warnings.push(w), alerts: regressionDeriver('default', DEFAULT_ALERT_SETTINGS).derive }).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(TrendDataError);
    expect((error as Error).message).toMatch(
      new RegExp(`^gh-pages:dev/bench/${chunkPath(0, 1)}: missing, but gh-pages:dev/bench/manifest\\.json lists segments up to 2, segment 1 among them; refusing to publish over a trend with a hole$`),
    );
    expect(warnings).toEqual([]);
    expect(await sb.revParse(remote, 'refs/heads/gh-pages')).toBe(before);
  });

  it('refuses to publish over a segment cut short', async () => {
    await publishThree();
    await damage(async (work) => {
      await writeFile(join(work, 'dev/bench', chunkPath(0, 0)), '{"schema":');
      await sb.git(['rm', '--quiet', '-r', 'dev/bench/data/r'], work);
    });
    const before = await sb.revParse(remote, 'refs/heads/gh-pages');

    const error = await publishTrend(settings(), context(4), { alerts: regressionDeriver('default', DEFAULT_ALERT_SETTINGS).derive }).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(TrendDataError);
    expect((error as Error).message).toMatch(new RegExp(`^gh-pages:dev/bench/${chunkPath(0, 0)}: existing trend data is not JSON \\(.+\\); refusing to publish over it$`));
    expect(await sb.revParse(remote, 'refs/heads/gh-pages')).toBe(before);
  });

  it('builds a regression state cut short again from the chunks, warning with its name, and publishes', async () => {
    await publishThree();
    await damage((work) => writeFile(join(work, 'dev/bench', statePath(0, 'head')), '{"schema":'));
    const before = await sb.revParse(remote, 'refs/heads/gh-pages');
    const warnings: string[] = [];

    await publishTrend(settings(), context(4), { warn: (w) => warnings.push(w), alerts: regressionDeriver('default', DEFAULT_ALERT_SETTINGS).derive });

    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(new RegExp(`^gh-pages:dev/bench/${statePath(0, 'head')}: existing trend data is not JSON \\(.+\\): the regression state of suite "default" is built again from the chunks$`));
    expect(await sb.revParse(remote, 'refs/heads/gh-pages')).not.toBe(before);
    // What was written reads: the next publish appends to it without a word.
    const next: string[] = [];
    await publishTrend(settings(), context(5), { warn: (w) => next.push(w), alerts: regressionDeriver('default', DEFAULT_ALERT_SETTINGS).derive });
    expect(next).toEqual([]);
  });

  it('still refuses a state cut short when the chunks it is built again from are damaged too', async () => {
    await publishThree();
    await damage(async (work) => {
      await writeFile(join(work, 'dev/bench', statePath(0, 'head')), '{"schema":');
      await writeFile(join(work, 'dev/bench', chunkPath(0, 0)), '{"schema":');
    });
    const before = await sb.revParse(remote, 'refs/heads/gh-pages');

    const error = await publishTrend(settings(), context(4), { alerts: regressionDeriver('default', DEFAULT_ALERT_SETTINGS).derive }).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(TrendDataError);
    expect((error as Error).message).toMatch(new RegExp(`^gh-pages:dev/bench/${chunkPath(0, 0)}: existing trend data is not JSON \\(.+\\); refusing to publish over it$`));
    expect(await sb.revParse(remote, 'refs/heads/gh-pages')).toBe(before);
  });
});

describe('an older chunk deleted by hand, further back than a publish reads', () => {
  it('publishes, warning with the chunk and how to put it back, and leaves the rest of the history as it was', async () => {
    // 36 segments: level-1 chunks 0 and 1, and 4 singles, which are all the next publish reads.
    for (let n = 1; n <= 36; n++) await publishTrend(settings(), { ...context(1), commit: commit(n) }, { alerts: regressionDeriver('default', DEFAULT_ALERT_SETTINGS).derive });
    const rollup = `dev/bench/${chunkPath(1, 0)}`;
    await damage((work) => sb.git(['rm', '--quiet', rollup], work).then(() => undefined));
    const tree = async () => (await sb.git(['ls-tree', '-r', 'gh-pages', 'dev/bench/data/c'], remote)).trim().split('\n');
    const before = await tree();
    const warnings: string[] = [];

    await publishTrend(settings(), { ...context(1), commit: commit(37) }, { warn: (w) => warnings.push(w), alerts: regressionDeriver('default', DEFAULT_ALERT_SETTINGS).derive });

    expect(warnings).toEqual([
      `gh-pages:${rollup}: missing, but gh-pages:dev/bench/manifest.json lists segments up to 35, segments 0 to 15 among them: the chart page and benchtrend history cannot load them; restore the file from the branch's history (git log --diff-filter=D -- ${rollup}) and push it back`,
    ]);
    // Nothing older rewritten or taken out; the new segment's chunk added.
    const after = await tree();
    expect(after.filter((l) => !before.includes(l)).map((l) => l.split('\t')[1])).toEqual([`dev/bench/${chunkPath(0, 36)}`]);
    expect(before.filter((l) => !after.includes(l))).toEqual([]);
  });
});
