// Whether a change to the detector or the replay kept every alert: the three real histories of
// test/fixtures/trend-data imported by two builds of the CLI (each into its own bare repository),
// then `benchtrend alerts --json` of the import and `benchtrend replay --json` under several
// settings compared byte for byte. For changes meant to be exact (speed work); a detector change
// is judged with bench/judge-alerts.mjs instead.
//
//   node bench/same-alerts.mjs --before OLD/dist/cli.js [--after dist/cli.js] [--history NAME]...
//     [--data-dir DIR]
//
// OLD is another build's dist/cli.js, e.g. from `git archive <commit> dist | tar -x -C OLD`.
// `--data-dir DIR` adds the held-out histories of bench/judged/ found as DIR/<name>/data.js (as
// for bench/settings-real.mjs; the data is not in the repository). Exits 1 when anything differs.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { cliRunner, importHistory, labelledHistories } from './lib/cli-history.mjs';

const root = new URL('..', import.meta.url).pathname;
const argv = process.argv.slice(2);
const opt = (name, def) => (argv.includes(name) ? argv[argv.indexOf(name) + 1] : def);
if (opt('--before') === undefined) {
  // `npm run bench` runs every file here: with nothing to compare against, this one has nothing to say.
  console.log('same-alerts: nothing compared (give --before OLD/dist/cli.js, another build to compare with)');
  process.exit(0);
}
const builds = { before: resolve(opt('--before')), after: resolve(opt('--after', join(root, 'dist/cli.js'))) };
const dataDir = opt('--data-dir') === undefined ? undefined : resolve(opt('--data-dir'));
const { present, dataOf } = labelledHistories(root, dataDir);
const named = argv.flatMap((a, i) => (a === '--history' ? [argv[i + 1]] : []));
const histories = named.length ? named : present;
for (const h of histories) if (!existsSync(dataOf(h))) throw new Error(`${h}: ${dataOf(h)} is missing (--data-dir DIR with DIR/${h}/data.js)`);
const SETTINGS = {
  'replay (default)': [],
  'replay --alert-threshold 150%': ['--alert-threshold', '150%'],
  'replay --alert-after 3 --min-effect 3%': ['--alert-after', '3', '--min-effect', '3%'],
  "replay --control-cases '*size*'": ['--control-cases', '*size*'],
};
const work = mkdtempSync(join(tmpdir(), 'benchtrend-same-alerts-'));
let differ = 0;
try {
  for (const h of histories) {
    const out = {};
    for (const [tag, cli] of Object.entries(builds)) {
      const dir = join(work, `${h}-${tag}`);
      const runner = cliRunner(cli, dir);
      const bare = importHistory(runner, dir, dataOf(h));
      out[tag] = { 'import (stored alerts)': runner.run(['alerts', '--repo', bare, '--json'], dir) };
      for (const [name, args] of Object.entries(SETTINGS)) out[tag][name] = runner.run(['replay', '--repo', bare, ...args, '--json'], dir);
    }
    for (const name of Object.keys(out.after)) {
      const same = out.before[name] === out.after[name];
      if (!same) differ++;
      const count = JSON.parse(out.after[name]).alerts?.length ?? JSON.parse(out.after[name]).length;
      console.log(`${h}: ${name}: ${same ? 'same' : 'DIFFERENT'} (${count} alerts)`);
    }
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
console.log(differ ? `${differ} outputs differ` : 'every output is the same');
process.exitCode = differ ? 1 : 0;
