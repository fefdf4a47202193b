/**
 * `benchtrend demo --dir DIR` through the bundled CLI: a relative DIR is the user's folder, not
 * one the git commands resolve on their own, and a folder that already holds a demo is refused
 * before anything is written into it.
 */
import { existsSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/run-action.js';
import { gitSandbox, type GitSandbox } from './helpers/git-server.js';

let sb: GitSandbox;
let cwd: string;
beforeEach(async () => {
  sb = await gitSandbox('benchtrend-cli-demo-');
  cwd = await mkdtemp(join(sb.root, 'user-'));
});
afterEach(() => sb.dispose());

describe('benchtrend demo --dir', () => {
  it('puts the demo in a relative folder of the current one, and refuses to run twice into it', async () => {
    const first = await runCli(['demo', '--dir', 'my-demo', '--commits', '2'], cwd, sb.env);
    expect(first.stderr).toBe('');
    expect(first.code).toBe(0);
    expect(first.stdout).toContain(`Chart:    ${join(cwd, 'my-demo/site/dev/bench/index.html')}`);
    expect(existsSync(join(cwd, 'my-demo/site/dev/bench/manifest.json'))).toBe(true);
    const tip = await sb.revParse(join(cwd, 'my-demo/trend.git'), 'refs/heads/gh-pages');

    const second = await runCli(['demo', '--dir', 'my-demo', '--commits', '2'], cwd, sb.env);
    expect(second.code).toBe(1);
    expect(second.stderr).toBe('benchtrend: demo: --dir my-demo is not empty; give a new or empty folder\n');
    expect(await sb.revParse(join(cwd, 'my-demo/trend.git'), 'refs/heads/gh-pages')).toBe(tip);
  });

  it('answers a --commits it cannot use as every usage error is answered: the line, the pointer to --help, exit 2', async () => {
    const r = await runCli(['demo', '--dir', 'my-demo', '--commits', '0'], cwd, sb.env);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe('benchtrend demo: --commits "0" is not a whole number from 1 to 1000\nRun "benchtrend demo --help" for usage.\n');
    expect(existsSync(join(cwd, 'my-demo'))).toBe(false);
  });
});
