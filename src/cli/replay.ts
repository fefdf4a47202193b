import { replayTrend, type ReplayedAlert } from '../core/regress/replay-trend.js';
import { describeWorseChange } from '../core/regress/words.js';
import { loadSegments, readManifest } from '../core/trend/load.js';
import type { Segment } from '../core/trend/types.js';
import { readTrend } from '../publish.js';
import { parseCommandLine } from './args.js';
import { ALERT_OPTIONS, alertSettingsFrom } from './alert-options.js';
import { refuseUnknownSuite, trendLocation, TREND_OPTIONS } from './trend-options.js';
import { UsageError, type CliIO } from './io.js';

export const USAGE = `Usage: benchtrend replay --repo URL|PATH [options]

Judges the stored history of every suite again, commit by commit, exactly as publishing each
commit would have judged it with the given settings, and prints every alert it would raise:
suite, case, the commit where the step starts, its status after the last commit, the change and
which way is better. Nothing is written.

Options:
  --repo URL|PATH       the repository holding the trend: a git URL, a path, or owner/name
                        on --server
  --branch NAME         branch of the trend (default gh-pages)
  --dir PATH            folder of the trend on the branch (default dev/bench)
  --suite NAME          only this suite
  --alert-method M      auto (default), limit or ratio; see docs/alerts.md
  --alert-threshold R   ratio to the previous point for the ratio rule, e.g. 150%
  --alert-window N      baseline commits on the current level (default 30)
  --min-effect P        smallest relative change worth an alert (default 5%)
  --alert-confidence P  one-sided confidence for the suite per commit (default 99.9%)
  --alert-after N       consecutive points beyond the limit before an alert (default 2)
  --absolute-floor LIST smallest absolute change per unit that can alert, e.g. "1ms, 64KB"
  --control-cases LIST  cases only the machine can move, one per line
  --json                print {"alerts": [...]} (suite, case, kind, sha, raisedAt, status, unit,
                        direction, baseline, value, change as a fraction positive when worse,
                        reason)
  --token-env NAME      environment variable holding a token for --server
  --server URL          where owner/name points and which host receives the token
  -h, --help            show this help

Exit status: 0 when printed, 1 when refused (one line "benchtrend: <reason>"), 2 on a usage
error.`;

/** One aligned line per alert; plain text. */
export function replayLines(alerts: readonly ReplayedAlert[]): string[] {
  const head = ['SUITE', 'CASE', 'COMMIT', 'KIND', 'STATUS', 'CHANGE', 'BETTER'];
  const rows = alerts.map((a) => [a.suite, a.case, a.sha.slice(0, 7), a.kind, a.status, describeWorseChange(a.change, a.direction), a.direction]);
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] as string).length)));
  return [head, ...rows].map((r) => r.map((c, i) => (i === r.length - 1 ? c : c.padEnd(widths[i] as number))).join('  '));
}

export async function run(argv: string[], io: CliIO): Promise<number> {
  const { values, positionals } = parseCommandLine(argv, {
    ...TREND_OPTIONS,
    suite: { type: 'string' },
    ...ALERT_OPTIONS,
    json: { type: 'boolean' },
    help: { type: 'boolean', short: 'h' },
  });
  if (values.help) {
    io.stdout(`${USAGE}\n`);
    return 0;
  }
  if (positionals.length > 0) throw new UsageError(`unexpected argument ${JSON.stringify(positionals[0])}`);
  const settings = alertSettingsFrom(values);
  const { target, access } = trendLocation(values, io, 'replay');
  const { manifest, segments } = await readTrend(target, access, async (read, location) => {
    const m = await readManifest(read, location);
    const segs: Segment[] = m ? await loadSegments(read, location, 0, m.segments) : [];
    return { manifest: m, segments: segs };
  });
  refuseUnknownSuite(manifest, values.suite);
  const alerts = replayTrend(segments, settings, values.suite);
  if (values.json) {
    io.stdout(`${JSON.stringify({ alerts }, null, 2)}\n`);
    return 0;
  }
  if (!manifest) io.stderr(`benchtrend: no trend published at ${values.branch}:${values.dir} of ${values.repo} yet\n`);
  else if (alerts.length === 0) io.stderr(`benchtrend: these settings raise no alert over ${segments.length} stored segments\n`);
  else io.stdout(`${replayLines(alerts).join('\n')}\n`);
  return 0;
}
