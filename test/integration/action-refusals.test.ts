/**
 * Refusals of the bundled action (`node dist/index.js`) as a user meets them: one error line
 * naming the input or the file, and nothing left behind: no case file, no outputs, no push.
 * Covers the inputs checked only when the trend was opened (data-dir, gh-pages-branch,
 * repository), a trend damaged on the branch, and the baseline arm of a comparison.
 */
import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runAction, type ActionRun } from '../helpers/run-action.js';
import { gitSandbox, type GitSandbox } from './helpers/git-server.js';

const SHA = '1234567890abcdef1234567890abcdef12345678';
const push = { name: 'push', payload: {} };
const record = JSON.stringify({ shape: 'warm', runs: [1, 1.1, 1.2].map((t) => ({ total_seconds: t, stages: { attach: t / 2 } })) });

let sb: GitSandbox;
let remote: string;
beforeEach(async () => {
  sb = await gitSandbox('benchtrend-refusals-');
  remote = await sb.bareRemote('site');
  await writeFile(join(sb.root, 'warm.json'), record);
});
afterEach(() => sb.dispose());

/** One run of the action; `casesOnDisk` says whether it left RUNNER_TEMP/benchtrend/cases.json. */
async function act(inputs: Record<string, string>): Promise<ActionRun & { casesOnDisk: boolean }> {
  const run = await runAction({ cwd: sb.root, inputs: { records: 'warm.json', repository: remote, artifact: 'false', ...inputs }, event: push, env: { ...sb.env, GITHUB_SHA: SHA } });
  const casesOnDisk = existsSync(join(run.runnerTemp, 'benchtrend', 'cases.json'));
  await run.dispose();
  return { ...run, casesOnDisk };
}

const errors = (run: ActionRun) => run.stdout.split('\n').filter((l) => l.startsWith('::error::'));

describe('inputs naming where the trend lives', () => {
  it.each([
    ['data-dir', '../elsewhere', 'data-dir: "../elsewhere" leaves the branch; give a folder inside it, like dev/bench'],
    // Published before as the folder without its leading /, without a word.
    ['data-dir', '/srv/www/bench', 'data-dir: "/srv/www/bench" is an absolute path, but it names a folder of the branch, from its root, not one on this machine; give it without the leading /: "srv/www/bench"'],
    // Published, a tree holding .GIT could not be checked out again (git: invalid path), by Pages either.
    ['data-dir', 'dev/.GIT', 'data-dir: "dev/.GIT" names git\'s own folder (.git, in any case), which no checkout can hold; give a folder like dev/bench'],
    ['data-dir', 'git~1/bench', 'data-dir: "git~1/bench" names git\'s own folder (.git, in any case), which no checkout can hold; give a folder like dev/bench'],
    ['data-dir', 'dev\tbench', 'data-dir: "dev\\tbench" holds a control character ("\\t"); give a folder name on one line, like dev/bench'],
    ['gh-pages-branch', 'gh..pages', 'gh-pages-branch: "gh..pages" is not a branch name git accepts'],
    // It was refused only when the segment was written, naming the segment's file, not the input.
    ['suite', 'Linux\nx64', 'suite: "Linux\\nx64" holds a line break (U+000A); rename the suite'],
    // It was refused naming the record, as if the bench had named the shape: "rename it in the bench".
    ['shape', 'warm\u0007', 'shape: "warm\\u0007" holds a control character (U+0007); rename the shape'],
    // git would make a branch named refs/heads/refs/heads/gh-pages, which shadows gh-pages from then on.
    ['gh-pages-branch', 'refs/heads/gh-pages', 'gh-pages-branch: "refs/heads/gh-pages" is a ref, not a branch name; give the name alone, like "gh-pages"'],
    ['repository', 'acme/bench/extra', 'repository: "acme/bench/extra" is neither owner/name, a git URL, nor an existing path'],
  ])('%s: a bad value is refused in one line before anything is written', async (input, value, message) => {
    const run = await act({ [input]: value });
    expect(run.code).toBe(1);
    expect(errors(run)).toEqual([`::error::${message}`]);
    expect(run.outputs).toEqual({});
    expect(run.casesOnDisk).toBe(false);
    expect(await sb.revParse(remote, 'refs/heads/gh-pages')).toBeUndefined();
  });

  it('is refused before the records are read, so the input is named rather than a record', async () => {
    const run = await act({ records: 'missing.json', 'data-dir': '../elsewhere' });
    expect(errors(run)).toEqual(['::error::data-dir: "../elsewhere" leaves the branch; give a folder inside it, like dev/bench']);
  });
});

describe('a github-token no HTTP header can carry', () => {
  it.each([
    ['ghp_SENTINEL\nSECONDLINE', 'a line break (character 13)'],
    ['ghp_SENTINEL SECONDLINE', 'a space (character 13)'],
    ['ghp_SENTINEL\u00e9', 'a character outside ASCII (character 13)'],
  ])('%j is refused in one line that does not show it, before anything is written', async (token, what) => {
    const run = await act({ 'github-token': token });
    expect(run.code).toBe(1);
    expect(errors(run)).toEqual([`::error::github-token: holds ${what}, which no HTTP header can carry; check the secret (its value is not shown)`]);
    // Every request's error used to quote its header, the token in it, into the log.
    expect(`${run.stdout}${run.stderr}`).not.toMatch(/SENTINEL|SECONDLINE/);
    expect(run.casesOnDisk).toBe(false);
    expect(await sb.revParse(remote, 'refs/heads/gh-pages')).toBeUndefined();
  });
});

describe('boolean inputs', () => {
  it('refuses a value that is not true or false with the line docs/troubleshooting.md quotes, before anything is written', async () => {
    const run = await act({ 'comment-on-alert': 'yes' });
    expect(run.code).toBe(1);
    expect(errors(run)).toEqual(['::error::comment-on-alert: "yes" is not a boolean; use true or false']);
    expect(run.outputs).toEqual({});
    expect(run.casesOnDisk).toBe(false);
    expect(await sb.revParse(remote, 'refs/heads/gh-pages')).toBeUndefined();
  });

  it('takes True and FALSE as YAML does', async () => {
    const run = await act({ 'comment-on-alert': 'True', 'fail-on-regression': 'FALSE' });
    expect(run.code, run.stdout).toBe(0);
    expect(await sb.revParse(remote, 'refs/heads/gh-pages')).toBeDefined();
  });
});

describe('a trend damaged on the branch', () => {
  it('stops the run with one line, leaving no case file, no outputs and the branch as it was', async () => {
    const first = await act({});
    expect(first.code, first.stdout).toBe(0);
    expect(first.casesOnDisk).toBe(true);
    const work = join(sb.root, 'work');
    await sb.git(['clone', '--quiet', '--branch', 'gh-pages', remote, work]);
    await writeFile(join(work, 'dev/bench/manifest.json'), '{"schema": "benchtrend/manifest", "vers');
    await sb.git(['commit', '--quiet', '--all', '-m', 'cut short'], work);
    await sb.git(['push', '--quiet', 'origin', 'gh-pages'], work);
    const before = await sb.revParse(remote, 'refs/heads/gh-pages');

    const run = await act({});

    expect(run.code).toBe(1);
    expect(errors(run)).toEqual([expect.stringMatching(/^::error::gh-pages:dev\/bench\/manifest\.json: existing trend data is not JSON \(.+\); refusing to publish over it$/)]);
    expect(run.outputs).toEqual({});
    expect(run.casesOnDisk).toBe(false);
    expect(await sb.revParse(remote, 'refs/heads/gh-pages')).toBe(before);
  });
});

describe('compare-baseline', () => {
  it('names compare-baseline, not records, when its pattern matches no file', async () => {
    const run = await act({ 'compare-baseline': 'baseline-*.json' });
    expect(run.code).toBe(1);
    expect(errors(run)).toEqual([
      '::error::compare-baseline: the pattern "baseline-*.json" matched no file; the bench step may have exited 0 without writing its records',
    ]);
    expect(run.outputs).toEqual({});
    expect(run.casesOnDisk).toBe(false);
  });
});
