import { levels, quantity } from '../core/format-number.js';
import { alertChangeWords, reasonBeside } from '../core/regress/words.js';
import { changeText } from '../core/render-comment.js';
import { textTable } from '../core/text-table.js';
import { readManifest } from '../core/trend/load.js';
import type { CaseInfo, StoredAlert } from '../core/trend/types.js';
import { readTrend } from '../jobs/publish.js';
import { exitStatusHelp, noTrendYet, refuseUnknownSuite, trendCommandLine, trendLocation, TREND_HELP } from './trend-options.js';
import { inFlagWords } from './flag-words.js';
import { UsageError, type CliIO } from './io.js';

export const USAGE = `Usage: benchtrend alerts --repo URL|PATH [options]

Lists the regressions and change points stored with a trend, oldest first, with their status:
suspected (raised, not yet settled), confirmed (a lasting step was found there) or cleared
(later commits showed no lasting step). KIND is regression, step-found (a lasting worse step
the detector raised itself) or change-point (a step it only drew on the chart).

Options:
${TREND_HELP.where}
  --suite NAME          only this suite
  --status STATUS       only alerts with this status: suspected, confirmed or cleared
  --json                print the stored alerts as a JSON array (kind, suite, case, sha, seq,
                        status, baseline, value, change as a fraction, reason, raised: true
                        on a step found, raisedAt: the commit whose run raised a regression),
                        each with the case's unit and direction and the change in words as
                        "-9.5% worse" (changeText); kind is as stored, regression or
                        change-point: KIND step-found is kind change-point with raised: true
${TREND_HELP.server}
  -h, --help            show this help

${exitStatusHelp('printed')}`;

const STATUSES = ['suspected', 'confirmed', 'cleared'];

/** A stored alert with what a reader needs to read its numbers. */
export interface ListedAlert extends StoredAlert {
  readonly unit: string | null;
  readonly direction: 'smaller' | 'bigger' | null;
  /** The change with its real sign and a word (`-9.5% worse`), when the alert has one to tell. */
  readonly changeText?: string;
}

/** Baseline and value in one scale: `3.1 → 3.4 s` for a case stored in ns. */
function baselineToValue(a: ListedAlert): string {
  if (a.baseline === undefined || a.value === undefined) {
    return `${a.baseline === undefined ? '—' : quantity(a.baseline, a.unit ?? '')} → ${a.value === undefined ? '—' : quantity(a.value, a.unit ?? '')}`;
  }
  return levels(a.unit ?? '', a.baseline, a.value, ' → ');
}

/**
 * A change point the detector raised is an alert like a regression and reads `step-found`; one it
 * only drew stays `change-point`. JSON keeps kind and raised as stored.
 */
export const kindWord = (a: Pick<StoredAlert, 'kind' | 'raised'>): string => (a.kind === 'change-point' && a.raised ? 'step-found' : a.kind);

/** The alerts as aligned text columns, one line each; plain text, no terminal escapes. */
export function alertLines(alerts: readonly ListedAlert[]): string[] {
  const rows = alerts.map((a) => {
    // Without a direction only the fraction can be shown; a step from zero reads the same either way.
    const change = a.direction || a.change === undefined ? (alertChangeWords(a, a.direction ?? 'smaller') ?? '—') : changeText(a.change);
    return [a.status, kindWord(a), a.sha.slice(0, 7), a.suite, a.case, change, baselineToValue(a), inFlagWords(reasonBeside(a.reason ?? '', change), 'alerts').replace(/[\r\n\u001b]+/g, ' ')];
  });
  return textTable(['STATUS', 'KIND', 'COMMIT', 'SUITE', 'CASE', 'CHANGE', 'BASELINE → VALUE', 'WHY'], rows);
}

/** The stored alerts of the trend, filtered, each with its case's unit and direction. */
export function listAlerts(alerts: readonly StoredAlert[], cases: readonly CaseInfo[], filter: { suite?: string; status?: string }): ListedAlert[] {
  return alerts
    .filter((a) => (filter.suite === undefined || a.suite === filter.suite) && (filter.status === undefined || a.status === filter.status))
    // The undo is the publisher's own bookkeeping for a re-run, not something the alert says.
    .map(({ undo: _undo, ...a }) => {
      const info = cases.find((c) => c.suite === a.suite && c.case === a.case);
      const words = info ? alertChangeWords(a, info.direction) : undefined;
      return { ...a, unit: info?.unit ?? null, direction: info?.direction ?? null, ...(words !== undefined ? { changeText: words } : {}) };
    });
}

export async function run(argv: string[], io: CliIO): Promise<number> {
  const values = trendCommandLine(argv, io, USAGE, { suite: { type: 'string' }, status: { type: 'string' }, json: { type: 'boolean' } });
  if (!values) return 0;
  if (values.status !== undefined && !STATUSES.includes(values.status)) {
    throw new UsageError(`--status must be one of ${STATUSES.join(', ')}, got ${JSON.stringify(values.status)}`);
  }
  const { target, access } = trendLocation(values, io, 'alerts');

  let branchExists = true;
  const manifest = await readTrend(target, access, (read, location, tip) => {
    branchExists = tip !== undefined;
    return readManifest(read, location);
  });
  refuseUnknownSuite(manifest, values.suite);
  const listed = listAlerts(manifest?.alerts ?? [], manifest?.cases ?? [], {
    ...(values.suite !== undefined ? { suite: values.suite } : {}),
    ...(values.status !== undefined ? { status: values.status } : {}),
  });
  // Said with --json too, on stderr: an empty array alone reads the same as a trend with no alert,
  // and a mistyped --branch or --dir would pass for one.
  if (!manifest) io.stderr(noTrendYet(values, branchExists));
  if (values.json) {
    io.stdout(`${JSON.stringify(listed, null, 2)}\n`);
    return 0;
  }
  if (!manifest) return 0;
  if (listed.length === 0) {
    const suite = values.suite !== undefined ? ` for suite ${values.suite}` : '';
    // The status filter is what left the list empty when the suite has alerts: say how many it has.
    const stored = values.status === undefined ? 0 : listAlerts(manifest.alerts ?? [], manifest.cases, values.suite !== undefined ? { suite: values.suite } : {}).length;
    io.stderr(stored > 0 ? `benchtrend: no ${values.status} alerts${suite} (${stored} stored, none ${values.status})\n` : `benchtrend: no alerts stored${suite}\n`);
  }
  else io.stdout(`${alertLines(listed).join('\n')}\n`);
  return 0;
}
