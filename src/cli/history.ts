import { historyCsv, readHistory } from '../core/trend/history.js';
import { readTrend } from '../jobs/publish.js';
import { exitStatusHelp, noTrendYet, refuseUnknownSuite, trendCommandLine, trendLocation, TREND_HELP } from './trend-options.js';
import { UsageError, type CliIO } from './io.js';

export const USAGE = `Usage: benchtrend history --repo URL|PATH [options]

Prints every published point of a trend, one per case per commit, re-runs resolved (the last
publish of a suite, shape and commit wins), oldest first.

Options:
${TREND_HELP.where}
  --suite NAME          only this suite
  --format json|csv     json (default): an array of objects with commit, timestamp, suite,
                        case, shape, unit, direction, value, lo, hi (the error bar), min, max,
                        stdev, runs (k), n, seq, publishedAt, message, author, url, runUrl,
                        extra, samples; csv: the same columns
${TREND_HELP.server}
  -h, --help            show this help

${exitStatusHelp('printed')}`;

export async function run(argv: string[], io: CliIO): Promise<number> {
  const values = trendCommandLine(argv, io, USAGE, { suite: { type: 'string' }, format: { type: 'string', default: 'json' } });
  if (!values) return 0;
  if (values.format !== 'json' && values.format !== 'csv') throw new UsageError(`--format must be json or csv, got ${JSON.stringify(values.format)}`);
  const { target, access } = trendLocation(values, io, 'history');

  let branchExists = true;
  const { manifest, rows } = await readTrend(
    target,
    access,
    (read, location, tip) => {
      branchExists = tip !== undefined;
      return readHistory(read, location, values.suite);
    },
    { wholeHistory: true },
  );
  if (!manifest) io.stderr(noTrendYet(values, branchExists));
  refuseUnknownSuite(manifest, values.suite);
  io.stdout(values.format === 'csv' ? historyCsv(rows) : `${JSON.stringify(rows, null, 2)}\n`);
  return 0;
}
