/**
 * Secrets the user hands the CLI, over smart HTTP: a git URL that carries a password
 * (`https://user:pass@host/repo.git`), which is the user's secret as a token is, and a token. No
 * line the CLI prints may carry either, whatever the command and however it ends.
 */
import { spawn } from 'node:child_process';
import { copyFile, readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { runCli } from '../helpers/run-action.js';
import { FIXTURES, ROOT } from '../helpers/paths.js';
import { FaultProxy } from './helpers/fault-proxy.js';
import { gitSandbox, startGitServer, type GitSandbox, type GitServer } from './helpers/git-server.js';

const PASSWORD = 'SENTINELpassword0123456789';
const SHA = 'ab'.repeat(20);

let sb: GitSandbox;
let server: GitServer;
let url: string;

beforeEach(async () => {
  sb = await gitSandbox();
  await sb.bareRemote('trend');
  server = await startGitServer({ root: sb.root, env: sb.env, tokens: { [PASSWORD]: 'write' } });
  url = server.url('trend').replace('http://', `http://x-access-token:${PASSWORD}@`);
  await copyFile(join(FIXTURES, 'records/warm.json'), join(sb.root, 'warm.json'));
});
afterEach(async () => {
  await server.close();
  await sb.dispose();
});

const shown = () => url.replace(PASSWORD, '***');

it('publish, history and alerts print the URL with its password masked', async () => {
  const published = await runCli(['publish', 'warm.json', '--repo', url, '--commit', SHA], sb.root, sb.env);
  expect(published.code).toBe(0);
  // The command names this CLI as it was run (node <path>/dist/cli.js here), the password masked.
  expect(published.stdout).toMatch(new RegExp(`To see the chart: .*cli\\.js serve --repo '${shown().replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}'\n`));
  expect(published.stdout).not.toContain(PASSWORD);
  const noBranch = await runCli(['history', '--repo', url, '--branch', 'pages'], sb.root, sb.env);
  expect(noBranch.stderr).toBe(`benchtrend: no trend published at pages:dev/bench of ${shown()} yet: it has no branch pages\n`);
  const noDir = await runCli(['alerts', '--repo', url, '--dir', 'elsewhere'], sb.root, sb.env);
  expect(noDir.stderr).toBe(`benchtrend: no trend published at gh-pages:elsewhere of ${shown()} yet: the branch has no elsewhere/manifest.json\n`);
  for (const r of [published, noBranch, noDir]) expect(`${r.stdout}${r.stderr}`).not.toContain(PASSWORD);
});

it('serve --repo prints the URL with its password masked, and its checkout keeps no copy of it', async () => {
  await runCli(['publish', 'warm.json', '--repo', url, '--commit', SHA], sb.root, sb.env);
  const child = spawn(process.execPath, [join(ROOT, 'dist/cli.js'), 'serve', '--repo', url], { cwd: sb.root, env: sb.env });
  let out = '';
  try {
    await new Promise<void>((resolve, reject) => {
      child.stdout.on('data', (d: Buffer) => {
        out += d.toString();
        if (/Serving .* at http/.test(out)) resolve();
      });
      child.on('exit', (code) => reject(new Error(`serve exited ${code}: ${out}`)));
    });
    expect(out).toMatch(new RegExp(`^Checked out gh-pages of ${shown().replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')} into \\S+ \\(removed on exit\\)\\n`));
    expect(out).not.toContain(PASSWORD);
    // The checkout stays on disk while it is served: its git config must not hold the URL either.
    const checkout = /into (\S+) \(removed on exit\)/.exec(out)?.[1] as string;
    expect(await readdir(join(checkout, 'dev/bench'))).toContain('manifest.json');
    expect(await readFile(join(checkout, '.git/config'), 'utf8')).not.toContain(PASSWORD);
  } finally {
    child.removeAllListeners('exit');
    await new Promise<void>((done) => {
      child.once('exit', () => done());
      child.kill('SIGTERM');
    });
  }
});

it('serve --repo against a server that accepts the connection and never answers gives up on its own, in one line', async () => {
  await using proxy = await FaultProxy.start(new URL(server.origin));
  proxy.fault = { kind: 'stall' };
  const started = performance.now();
  const r = await runCli(['serve', '--repo', proxy.via(url)], sb.root, { ...sb.env, BENCHTREND_REQUEST_TIMEOUT_MS: '1500' });
  expect(performance.now() - started).toBeLessThan(15_000);
  expect(r.code).toBe(1);
  expect(r.stderr).toBe(`benchtrend: serve: cannot check out gh-pages of ${proxy.url}/trend.git: git could not fetch it (git fetch failed: fatal: no answer from the remote: timed out after 1.5 s)\n`);
});

it('--token-env naming a token no HTTP header can carry is refused in one line that does not show it', async () => {
  const r = await runCli(['history', '--repo', 'owner/trend', '--server', server.origin, '--token-env', 'TOKEN'], sb.root, { ...sb.env, TOKEN: `${PASSWORD}\nsecond line` });
  expect(r.code).toBe(1);
  expect(r.stderr).toBe('benchtrend: --token-env: the environment variable TOKEN holds a line break (character 27), which no HTTP header can carry; check the secret (its value is not shown)\n');
  expect(r.stdout).toBe('');
});

it('a token given as the URL\'s user name alone (https://<token>@host/...) is masked as a password is', async () => {
  const tokenUrl = server.url('trend').replace('http://', `http://${PASSWORD}@`);
  const r = await runCli(['publish', 'warm.json', '--repo', tokenUrl, '--commit', SHA], sb.root, sb.env);
  expect(r.code).toBe(1);
  expect(r.stderr).toContain(`\nbenchtrend: cannot read ${server.url('trend').replace('http://', 'http://***@')}: `);
  expect(`${r.stdout}${r.stderr}`).not.toContain(PASSWORD);
});

it('--token-env with a --repo URL on another host than --server says the token was not sent there, and where to send it', async () => {
  const plain = server.url('trend');
  const env = { ...sb.env, TOKEN: PASSWORD, GITHUB_SERVER_URL: '' };
  const warning = `benchtrend: warning: --token-env: the token is sent only to --server https://github.com, so ${server.origin} of --repo is asked without it; to send it there, give --server ${server.origin}\n`;
  const history = await runCli(['history', '--repo', plain, '--token-env', 'TOKEN'], sb.root, env);
  expect(history.code).toBe(1);
  expect(history.stderr.startsWith(warning)).toBe(true);
  const published = await runCli(['publish', 'warm.json', '--repo', plain, '--commit', SHA, '--message', 'm', '--author', 'a', '--token-env', 'TOKEN'], sb.root, env);
  expect(published.code).toBe(1);
  expect(published.stderr.startsWith(warning)).toBe(true);
  // Told where to send it, it is sent, and nothing is said.
  const sent = await runCli(['publish', 'warm.json', '--repo', plain, '--server', server.origin, '--commit', SHA, '--message', 'm', '--author', 'a', '--token-env', 'TOKEN'], sb.root, env);
  expect(sent.code, sent.stderr).toBe(0);
  expect(sent.stderr).not.toContain('warning');
  for (const r of [history, published, sent]) expect(`${r.stdout}${r.stderr}`).not.toContain(PASSWORD);
});

it('--token-env given the token itself, not its variable\'s name, is refused without echoing it', async () => {
  for (const given of ['ghp_SENTINELgiven0123456789', 'SENTINEL-given:0123456789']) {
    const r = await runCli(['history', '--repo', 'owner/trend', '--server', server.origin, '--token-env', given], sb.root, sb.env);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(
      "benchtrend: --token-env: takes the name of an environment variable, not the token itself; the value given names no variable and is not shown, in case it is the token: export the token, then give its variable's name, --token-env GH_TOKEN\n",
    );
    expect(`${r.stdout}${r.stderr}`).not.toContain('SENTINEL');
  }
});
