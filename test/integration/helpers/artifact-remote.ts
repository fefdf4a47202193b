import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readHistory } from '../../../src/core/trend/history.js';

/**
 * Bare git remotes over file:// for the artifact tests to publish to, and the trend read back from
 * their gh-pages branch. Isolated from the machine's git configuration, with fixed dates.
 */
export interface TrendRemotes extends AsyncDisposable {
  readonly root: string;
  /** The environment every git call uses (the publisher gets it too). */
  readonly env: Record<string, string>;
  /** A new bare repository `<root>/<name>.git`; its path. */
  bare(name: string): Promise<string>;
  /** `git <args>` in `cwd`; stdout, or undefined when git exits non-zero (a missing ref or path). */
  git(args: readonly string[], cwd: string): Promise<string | undefined>;
  /** Every published point of `remote`'s trend in gh-pages:dev/bench, re-runs resolved. */
  history(remote: string): ReturnType<typeof readHistory>;
  dispose(): Promise<void>;
}

export async function trendRemotes(): Promise<TrendRemotes> {
  const root = await mkdtemp(join(tmpdir(), 'benchtrend-artifact-git-'));
  const globalConfig = join(root, '.gitconfig');
  await writeFile(globalConfig, '');
  const env: Record<string, string> = {
    PATH: process.env['PATH'] ?? '/usr/bin:/bin',
    HOME: root,
    GIT_CONFIG_GLOBAL: globalConfig,
    GIT_CONFIG_NOSYSTEM: '1',
    GIT_AUTHOR_DATE: '2024-01-02T03:04:05Z',
    GIT_COMMITTER_DATE: '2024-01-02T03:04:05Z',
    GIT_TERMINAL_PROMPT: '0',
    LC_ALL: 'C',
  };
  // No stdin is written: a git that exits early would otherwise raise EPIPE in the test process.
  const git = (args: readonly string[], cwd: string) =>
    new Promise<string | undefined>((resolve) => {
      execFile('git', ['-c', 'user.name=Test', '-c', 'user.email=test@example.invalid', ...args], { cwd, env, maxBuffer: 1 << 26 }, (err, stdout) =>
        resolve(err ? undefined : stdout),
      );
    });
  const dispose = () => rm(root, { recursive: true, force: true });
  return {
    root,
    env,
    async bare(name) {
      const dir = join(root, `${name}.git`);
      if ((await git(['init', '--quiet', '--bare', '--initial-branch=main', dir], root)) === undefined) throw new Error(`git init ${dir} failed`);
      return dir;
    },
    git,
    history: (remote) => readHistory((path) => git(['show', `gh-pages:dev/bench/${path}`], remote), 'gh-pages:dev/bench'),
    dispose,
    [Symbol.asyncDispose]: dispose,
  };
}
