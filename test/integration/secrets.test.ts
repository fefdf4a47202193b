/**
 * The user's secrets against a git server that repeats what it was sent: every form git or a
 * server shows them in (as written, percent-encoded, the `Authorization: Basic` value git makes of
 * them) is looked for in every line, output and file the bundled action or CLI leaves.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { copyFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runAction } from '../helpers/run-action.js';
import { FIXTURES } from '../helpers/paths.js';
import { gitSandbox, type GitSandbox } from './helpers/git-server.js';

const SHA = 'ab'.repeat(20);
const HEAD = { head_commit: { id: SHA, message: 'faster parser', timestamp: '2024-01-01T00:01:00Z', author: { name: 'Ada' } } };
const FAST = { BENCHTREND_REQUEST_TIMEOUT_MS: '1500', BENCHTREND_NETWORK_BUDGET_MS: '3000' };

/** Every form a user name and password take on their way: as written, encoded, and as git's Basic header. */
function forms(user: string, password: string): string[] {
  return [user, password, encodeURIComponent(user), encodeURIComponent(password), Buffer.from(`${user}:${password}`).toString('base64')].filter((s) => !/^(?:|u|x-oauth-basic)$/.test(s));
}

/** Command lines of this machine's processes holding `secret`, as `ps` shows them to every user. */
function commandLinesWith(secret: string): string[] {
  const found: string[] = [];
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      const argv = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ');
      if (argv.includes(secret)) found.push(argv);
    } catch {
      // Gone meanwhile.
    }
  }
  return found;
}

/** Lines holding any of `secrets`, but for the runner's own mask commands. */
function leaks(text: string, secrets: readonly string[]): string[] {
  return text.split('\n').filter((l) => !l.startsWith('::add-mask::') && secrets.some((s) => l.includes(s)));
}

let sb: GitSandbox;
beforeEach(async () => {
  sb = await gitSandbox();
  await copyFile(join(FIXTURES, 'records/warm.json'), join(sb.root, 'warm.json'));
});
afterEach(async () => {
  await sb.dispose();
});

describe('a git server whose error page repeats the Authorization header it was sent', () => {
  let echo: Server;
  let origin: string;
  /** What the server saw in `ps` while each request was open, for the secret `watched`. */
  let watched = '';
  let seenInPs: string[] = [];
  beforeEach(async () => {
    seenInPs = [];
    // Asks for credentials, then answers 500 with a page that repeats them, as some proxies' do.
    echo = createServer((req, res) => {
      req.resume();
      // The git command is waiting on this very answer: its processes are all there to be seen.
      if (watched !== '') seenInPs.push(...commandLinesWith(watched));
      if (!req.headers.authorization) res.writeHead(401, { 'www-authenticate': 'Basic realm="trend"' }).end('Authentication required\n');
      else res.writeHead(500, { 'content-type': 'text/plain' }).end(`error: request with authorization: ${req.headers.authorization}\n`);
    });
    await new Promise<void>((resolve) => echo.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(echo.address() as AddressInfo).port}`;
  });
  afterEach(async () => {
    echo.closeAllConnections();
    await new Promise<void>((resolve) => echo.close(() => resolve()));
  });

  for (const [label, user, password] of [
    ['a password in the repository URL', 'u', 'SENTINEL-pass0123456789'],
    ["a token as the URL's user name, GitHub's x-oauth-basic spelling", 'ghp_SENTINELtoken0123456789', 'x-oauth-basic'],
    ["a token as the URL's user name alone", 'ghp_SENTINELalone0123456789', undefined],
  ] as const) {
    it(`${label}: no line, output or summary shows it in any form`, async () => {
      const repository = `${origin}/trend.git`.replace('http://', `http://${user}${password === undefined ? '' : `:${password}`}@`);
      const run = await runAction({
        cwd: sb.root,
        inputs: { records: 'warm.json', 'github-token': 'ghs_jobTOKEN0123456789abcdef', artifact: 'false', repository },
        event: { name: 'push', payload: HEAD },
        env: { ...sb.env, GITHUB_SHA: SHA, ...FAST },
      });
      await run.dispose();
      expect(run.code).toBe(1);
      const secrets = forms(user, password ?? '');
      const error = run.stdout.split('\n').find((l) => l.startsWith('::error::')) ?? '';
      // The server's page is still quoted, the credentials in it masked.
      expect(error).toContain('error: request with authorization: Basic ***');
      expect(leaks(run.stdout, secrets)).toEqual([]);
      expect(leaks(run.stderr, secrets)).toEqual([]);
      expect(leaks(JSON.stringify(run.outputs), secrets)).toEqual([]);
      expect(leaks(run.summary, secrets)).toEqual([]);
    });
  }

  for (const [label, userinfo] of [
    ['a password in the repository URL', 'u:SENTINEL-argv0123456789'],
    // git sends it as the Basic header's user, with an empty password: GitHub takes a token so.
    ["a token as the repository URL's user name alone", 'ghp_SENTINELargv0123456789'],
  ] as const) {
    it(`${label} is never in a command line, which ps shows every user of the machine`, async () => {
      watched = userinfo.replace(/^u:/, '');
      const run = await runAction({
        cwd: sb.root,
        inputs: { records: 'warm.json', 'github-token': 'ghs_jobTOKEN0123456789abcdef', artifact: 'false', repository: `${origin}/trend.git`.replace('http://', `http://${userinfo}@`) },
        event: { name: 'push', payload: HEAD },
        env: { ...sb.env, GITHUB_SHA: SHA, ...FAST },
      });
      await run.dispose();
      expect(run.code).toBe(1);
      expect(seenInPs).toEqual([]);
      // The credentials did reach the server, as git's Basic header.
      expect(run.stdout).toContain('error: request with authorization: Basic ***');
    });
  }
});

it('a repository URL written without its scheme is refused without echoing its credentials', async () => {
  const secret = 'ghp_SENTINELnoScheme0123456789';
  const run = await runAction({
    cwd: sb.root,
    inputs: { records: 'warm.json', 'github-token': 'ghs_jobTOKEN0123456789abcdef', artifact: 'false', repository: `x-access-token:${secret}@github.com/acme/benchmarks` },
    event: { name: 'push', payload: HEAD },
    env: { ...sb.env, GITHUB_SHA: SHA },
  });
  await run.dispose();
  expect(run.code).toBe(1);
  expect(run.stdout.split('\n').filter((l) => l.startsWith('::error::'))).toEqual(['::error::repository: "***@github.com/acme/benchmarks" is neither owner/name, a git URL, nor an existing path']);
  expect(leaks(`${run.stdout}\n${run.stderr}`, forms('x-access-token', secret))).toEqual([]);
});
