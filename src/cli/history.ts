import { historyCsv, readHistory } from '../core/trend/history.js';
import { readTrend } from '../jobs/publish.js';
import { parseCommandLine } from './args.js';
import { refuseUnknownSuite, trendLocation, TREND_OPTIONS } from './trend-options.js';
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
    ...TREND_OPTIONS,
    suite: { type: 'string' },
    format: { type: 'string', default: 'json' },
    help: { type: 'boolean', short: 'h' },
  });
  if (values.help) {
    io.stdout(`${USAGE}\n`);
    return 0;
  }
  if (positionals.length > 0) throw new UsageError(`unexpected argument ${JSON.stringify(positionals[0])}`);
  if (values.format !== 'json' && values.format !== 'csv') throw new UsageError(`--format must be json or csv, got ${JSON.stringify(values.format)}`);
  const { target, access } = trendLocation(values, io, 'history');

  const { manifest, rows } = await readTrend(
    target,
    access,
    (read, location) => readHistory(read, location, values.suite),
  );
  if (!manifest) io.stderr(`benchtrend: no trend published at ${values.branch}:${values.dir} of ${values.repo} yet\n`);
  refuseUnknownSuite(manifest, values.suite);
  io.stdout(values.format === 'csv' ? historyCsv(rows) : `${JSON.stringify(rows, null, 2)}\n`);
  return 0;
}
