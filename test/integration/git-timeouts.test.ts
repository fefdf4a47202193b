/**
 * A git command stopped for its timeout must leave the private repository usable: a shallow fetch
 * killed outright mid-transfer left `shallow.lock` behind, and every retry of the publish then
 * failed on "Unable to create '.../shallow.lock': File exists" (an import-from of a large data.js
 * on a loaded machine). The remote here holds its pack back (uploadpack.packObjectsHook, read from
 * the global config only) after the fetch has taken its lock, so the timeout always stops it there.
 */
import { chmod, mkdir, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { git, gitEnv, GitCommandError } from '../../src/effects/git.js';
import { gitSandbox, type GitSandbox } from './helpers/git-server.js';

let sb: GitSandbox;

beforeEach(async () => {
  sb = await gitSandbox();
});
afterEach(async () => {
  await sb.dispose();
});

it('a shallow fetch stopped by its timeout mid-transfer leaves no lock, and the next fetch succeeds', async () => {
  const remote = await sb.bareRemote('trend');
  const work = join(sb.root, 'work');
  await sb.git(['init', '--quiet', '--initial-branch=gh-pages', work]);
  await writeFile(join(work, 'data.js'), 'window.BENCHMARK_DATA = {};\n');
  await sb.git(['add', '-A'], work);
  await sb.git(['commit', '--quiet', '-m', 'data'], work);
  await sb.git(['push', '--quiet', remote, 'gh-pages'], work);

  const hook = join(sb.root, 'held-pack-objects');
  await writeFile(hook, '#!/bin/sh\nsleep 600\nexec "$@"\n');
  await chmod(hook, 0o755);
  const holding = join(sb.root, 'holding.gitconfig');
  await writeFile(holding, `[uploadpack]\n\tpackObjectsHook = ${hook}\n`);
  const priv = join(sb.root, 'private.git');
  await mkdir(priv);
  await sb.git(['init', '--quiet', '--bare', priv]);
  const fetch = (env: Record<string, string>) =>
    git(['fetch', '--quiet', '--no-tags', '--depth=1', `file://${remote}`, '+refs/heads/gh-pages:refs/remotes/origin/gh-pages'], { cwd: priv, env, timeoutMs: 2000 });

  const stopped = await fetch(gitEnv({ ...sb.env, GIT_CONFIG_GLOBAL: holding })).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(stopped).toBeInstanceOf(GitCommandError);
  expect((stopped as GitCommandError).output).toMatch(/timed out after 2 s/);
  expect((await readdir(priv)).filter((f) => f.endsWith('.lock'))).toEqual([]);

  await fetch(gitEnv(sb.env));
  expect(await sb.revParse(priv, 'refs/remotes/origin/gh-pages')).toBe(await sb.revParse(remote, 'refs/heads/gh-pages'));
}, 60_000);
