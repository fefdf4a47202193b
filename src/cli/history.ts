import { tmpdir } from 'node:os';
import { InputError } from '../core/model.js';
import { historyCsv, readHistory } from '../core/trend/history.js';
import { readTrend } from '../publish.js';
import { parseCommandLine } from './args.js';
import { UsageError, type CliIO } from './io.js';

export const USAGE = `Usage: benchtrend history --repo URL|PATH [options]

Prints every published point of a trend, one per case per commit, re-runs resolved (the last
publish of a suite, shape and commit wins), oldest first.

Options:
  --repo URL|PATH       the repository holding the trend: a git URL, a path, or owner/name
                        on --server
  --branch NAME         branch of the trend (default gh-pages)
  --dir PATH            folder of the trend on the branch (default dev/bench)
  --suite NAME          only this suite
  --format json|csv     json (default): an array of objects with commit, timestamp, suite,
                        case, shape, unit, direction, value, lo, hi (the error bar), min, max,
                        stdev, runs (k), n, seq, publishedAt, message, author, url, runUrl,
                        extra, samples; csv: the same columns
  --token-env NAME      environment variable holding a token for --server
  --server URL          where owner/name points and which host receives the token
                        (default $GITHUB_SERVER_URL, else https://github.com)
  -h, --help            show this help

Exit status: 0 when printed, 1 when refused (one line "benchtrend: <reason>"), 2 on a usage
error.`;

export async function run(argv: string[], io: CliIO): Promise<number> {
  const { values, positionals } = parseCommandLine(argv, {
    repo: { type: 'string' },
    branch: { type: 'string', default: 'gh-pages' },
    dir: { type: 'string', default: 'dev/bench' },
    suite: { type: 'string' },
    format: { type: 'string', default: 'json' },
    'token-env': { type: 'string' },
    server: { type: 'string' },
    help: { type: 'boolean', short: 'h' },
  });
  if (values.help) {
    io.stdout(`${USAGE}\n`);
    return 0;
  }
  if (positionals.length > 0) throw new UsageError(`unexpected argument ${JSON.stringify(positionals[0])}`);
  if (values.repo === undefined) throw new UsageError('history needs --repo URL|PATH');
  if (values.format !== 'json' && values.format !== 'csv') throw new UsageError(`--format must be json or csv, got ${JSON.stringify(values.format)}`);
  const tokenName = values['token-env'];
  const token = tokenName !== undefined ? io.env[tokenName] : undefined;
  if (tokenName !== undefined && !token) throw new InputError(`--token-env: the environment variable ${tokenName} is not set or empty`);

  const { manifest, rows } = await readTrend(
    { repository: values.repo, branch: values.branch, dataDir: values.dir, ...(token ? { token } : {}) },
    { serverUrl: values.server ?? io.env['GITHUB_SERVER_URL'] ?? 'https://github.com', cwd: io.cwd, env: io.env, tempRoot: io.env['RUNNER_TEMP'] || tmpdir() },
    (read, location) => readHistory(read, location, values.suite),
  );
  if (!manifest) io.stderr(`benchtrend: no trend published at ${values.branch}:${values.dir} of ${values.repo} yet\n`);
  else if (values.suite !== undefined && !manifest.suites.includes(values.suite)) {
    throw new InputError(`--suite: the trend has no suite ${JSON.stringify(values.suite)}; it has ${manifest.suites.map((s) => JSON.stringify(s)).join(', ') || 'none'}`);
  }
  io.stdout(values.format === 'csv' ? historyCsv(rows) : `${JSON.stringify(rows, null, 2)}\n`);
  return 0;
}
