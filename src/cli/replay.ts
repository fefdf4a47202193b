import { overridesMatchingNothing, parseDirectionOverrides } from '../core/direction.js';
import { InputError } from '../core/model.js';
import type { ReplayedAlert } from '../core/regress/replay-trend.js';
import { importedSegments } from '../core/trend/plan.js';
import { describeWorseChange } from '../core/regress/words.js';
import { textTable } from '../core/text-table.js';
import { loadSegments, readManifest } from '../core/trend/load.js';
import type { Segment } from '../core/trend/types.js';
import { readTrend, rewriteManifest, type TrendAccess, type TrendTarget } from '../jobs/publish.js';
import { controlCasesMatchingNothing, type AlertSettings } from '../core/regress/settings.js';
import { replayOnWorkers, replayStoredAlertsOnWorkers, startReplayWorkers, stopReplayWorkers } from '../effects/replay-pool.js';
import type { Manifest, StoredAlert } from '../core/trend/types.js';
import { ALERT_OPTIONS, alertSettingsFrom } from './alert-options.js';
import { exitStatusHelp, noTrendYet, refuseUnknownSuite, trendCommandLine, trendLocation, TREND_HELP, TREND_OPTIONS } from './trend-options.js';
import { optionsGiven } from './args.js';
import { readText, UsageError, type CliIO } from './io.js';
import { MAX_IMPORT_BYTES } from '../effects/record-files.js';
import { ancestryFromGitGraph, type AncestryCheck } from '../effects/ancestry.js';
import { olderFirstBenches } from '../jobs/older-first-benches.js';
import { networkBounds } from '../runner.js';

export const USAGE = `Usage: benchtrend replay --repo URL|PATH [options]
       benchtrend replay --import-from FILE [options]

Judges the stored history of every suite again, commit by commit, exactly as publishing each
commit would have judged it with the given settings, and prints every alert it would raise:
suite, case, the commit where the step starts, its kind (regression, or step-found: a lasting
worse step the change-point scan raised), its status after the last commit, the change and which
way is better; then, on stderr, how many are confirmed, still suspected or cleared later, at how
many commits, and where some were cleared, the --alert-after that waits for one more point.
Nothing is written unless --write: then the replayed alerts replace the stored ones of the
suites replayed (all, or --suite) in the trend's manifest, in one commit to the branch, so the
page draws them. Run it in a clone of the benched repository: as publish does, it asks git there
whether a commit benched first after newer ones (a bisect, an old tag) is older than them, and
judges it as history, not news.

With --import-from, it judges a github-action-benchmark data.js as an import would store it, with
no repository: what benchtrend would have said of a history before you switch to it (beside what
github-action-benchmark's rule said: --alert-method ratio --alert-threshold 200%, its default).

Options:
${TREND_HELP.where}
  --import-from FILE    a github-action-benchmark data.js to judge instead of a trend (a local
                        file); --direction-overrides FILE decides its cases as on an import
  --suite NAME          only this suite
  --alert-method M      auto (default), limit or ratio; see docs/alerts.md
  --alert-threshold R   ratio to the previous point for the ratio rule, e.g. 150%
  --alert-window N      baseline commits on the current level (default 30)
  --min-effect P        smallest relative change worth an alert (default 5%)
  --alert-confidence P  one-sided confidence for the suite per commit (default 99.9%)
  --alert-after N       consecutive points beyond the limit before an alert (default 2)
  --absolute-floor LIST smallest absolute change per unit that can alert, e.g. "1ms, 64KB"
  --control-cases LIST  cases only the machine can move, one per line
  --write               store the replayed alerts in the manifest (one commit to the branch)
  --json                print {"alerts": [...]} (suite, case, kind, sha, raisedAt, status, unit,
                        direction, baseline, value, change as a fraction positive when worse,
                        changeText in words as "-9.5% worse", reason as the page shows it
                        after the last commit); kind as the trend stores it, as in alerts
                        --json and regressions-json: a step found is kind change-point with
                        raised: true
${TREND_HELP.server}
  -h, --help            show this help

${exitStatusHelp('printed')}`;

/** One aligned line per alert; plain text. */
export function replayLines(alerts: readonly ReplayedAlert[]): string[] {
  const head = ['SUITE', 'CASE', 'COMMIT', 'KIND', 'STATUS', 'CHANGE', 'BETTER'];
  // Every change point replay prints is one it raised: a step found.
  const rows = alerts.map((a) => [a.suite, a.case, a.sha.slice(0, 7), a.kind === 'change-point' ? 'step-found' : a.kind, a.status, describeWorseChange(a.change, a.direction), a.direction]);
  return textTable(head, rows);
}

/**
 * The alerts counted by the status each has after the last commit, the cleared ones said for
 * what they are (no lasting step followed): what a maintainer reads first of a long table. Where
 * some were cleared and the limit's run could be one point longer, it names the setting whose
 * replay shows what waiting for it would have said (docs/alerts.md: the trade of alert-after).
 */
export function replayTally(alerts: readonly ReplayedAlert[], settings: Pick<AlertSettings, 'method' | 'alertAfter' | 'maxRun'>): string {
  const count = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
  const commits = new Set(alerts.map((a) => a.sha)).size;
  const of = (status: ReplayedAlert['status']) => alerts.filter((a) => a.status === status).length;
  const parts = [
    of('confirmed') > 0 ? `${of('confirmed')} confirmed` : '',
    of('suspected') > 0 ? `${of('suspected')} still suspected` : '',
    of('cleared') > 0 ? `${of('cleared')} cleared later (no lasting step followed)` : '',
  ].filter((p) => p !== '');
  const longer = settings.alertAfter + 1;
  const hint = of('cleared') > 0 && settings.method !== 'ratio' && longer <= settings.maxRun ? `; --alert-after ${longer} shows what waiting for one more point would have raised` : '';
  return `${count(alerts.length, 'alert')} at ${count(commits, 'commit')}: ${parts.join(', ')}${hint}`;
}

export async function run(argv: string[], io: CliIO): Promise<number> {
  const values = trendCommandLine(argv, io, USAGE, {
    suite: { type: 'string' },
    ...ALERT_OPTIONS,
    json: { type: 'boolean' },
    write: { type: 'boolean' },
    'import-from': { type: 'string' },
    'direction-overrides': { type: 'string' },
  });
  if (!values) return 0;
  const settings = alertSettingsFrom(values);
  const importFrom = values['import-from'];
  if (importFrom !== undefined && values.repo !== undefined) throw new UsageError('replay takes --repo or --import-from, not both');
  if (importFrom !== undefined) {
    // Where a trend is and how to reach it: with --import-from there is no trend, and they did nothing.
    const given = optionsGiven(argv, TREND_OPTIONS);
    const ignored = ['branch', 'dir', 'token-env', 'server'].find((name) => given.has(name));
    if (ignored !== undefined) throw new UsageError(`--${ignored} says where a trend is; with --import-from there is none (the data.js is a local file)`);
  }
  if (importFrom !== undefined && values.write) throw new UsageError('--write stores alerts in a trend; with --import-from there is none (publish --import-from imports the history)');
  if (importFrom === undefined && values['direction-overrides'] !== undefined) throw new UsageError('--direction-overrides decides the cases of --import-from; a trend\'s cases are decided when published');
  const where = importFrom === undefined ? trendLocation(values, io, 'replay') : undefined;
  startReplayWorkers(settings);
  const reading = performance.now();
  let read: { manifest: Manifest | undefined; segments: Segment[] };
  let branchExists = true;
  try {
    if (where) {
      read = await readTrend(
        where.target,
        where.access,
        async (reader, location, tip) => {
          branchExists = tip !== undefined;
          const m = await readManifest(reader, location);
          const segs: Segment[] = m ? await loadSegments(reader, location, 0, m.segments) : [];
          return { manifest: m, segments: segs };
        },
        { wholeHistory: true },
      );
      refuseUnknownSuite(read.manifest, values.suite);
    } else {
      read = { manifest: undefined, segments: await importedHistory(importFrom as string, values['direction-overrides'], values.suite, io) };
    }
  } catch (e) {
    stopReplayWorkers();
    throw e;
  }
  const { manifest, segments } = read;
  // As publish does, git in the current folder tells a first bench of an older commit (a bisect, an
  // old tag), which publishing did not judge; an import's entries were judged in their own order.
  // Every question of a replay is about its segments' commits: asked of their graph, read once.
  const ancestry = ancestryFromGitGraph(io.cwd, io.env, new Set(segments.map((s) => s.commit.sha)), networkBounds(io.env).requestMs);
  const history = importFrom === undefined ? await olderFirstBenches(segments, ancestry, values.suite) : undefined;
  if (history && history.untold > 0) {
    io.stderr(
      `benchtrend: warning: git in ${io.cwd} could not tell whether ${history.untold} ${history.untold === 1 ? 'commit' : 'commits'} benched first after newer ones ${history.untold === 1 ? 'is' : 'are'} older than them (a bisect, an old tag), so ${history.untold === 1 ? 'it is' : 'they are'} judged as news; run replay in a full clone of the benched repository to judge them as publishing did\n`,
    );
  }
  const judging = performance.now();
  const { alerts, stored, threads, spilledAfter } = await replayOnWorkers(segments, settings, values.suite, undefined, history?.older);
  const names = new Set(segments.filter((s) => values.suite === undefined || s.suite === values.suite).flatMap((s) => s.points.map((p) => p.case)));
  if (segments.length > 0) for (const w of controlCasesMatchingNothing(settings, names, 'the trend')) io.stderr(`benchtrend: warning: ${w}\n`);
  if (io.env['BENCHTREND_DEBUG']) {
    const seconds = (from: number, to: number) => ((to - from) / 1000).toFixed(2);
    const where = !threads ? 'the main thread' : spilledAfter ? `the main thread (${spilledAfter} ${spilledAfter === 1 ? 'case' : 'cases'}), then ${threads} worker threads` : `${threads} worker threads`;
    io.stderr(`benchtrend: read ${segments.length} segments in ${seconds(reading, judging)} s; replayed on ${where} in ${seconds(judging, performance.now())} s\n`);
  }
  if (values.write && manifest && where) await writeAlerts(where.target, where.access, settings, values.suite, io, { manifest, stored }, ancestry);
  // On stderr with --json too: `{"alerts": []}` alone reads as a trend these settings find quiet.
  if (!manifest && importFrom === undefined) io.stderr(noTrendYet(values, branchExists));
  if (values.json) {
    // Kind keeps the trend's stored word, which alerts --json and regressions-json print too; what
    // the table calls step-found is told apart there by raised, so it is here.
    const json = alerts.map((a) => (a.kind === 'change-point' ? { ...a, raised: true } : a));
    io.stdout(`${JSON.stringify({ alerts: json }, null, 2)}\n`);
    return 0;
  }
  if (!manifest && importFrom === undefined) return 0;
  if (alerts.length === 0) io.stderr(`benchtrend: these settings raise no alert over ${segments.length} ${importFrom === undefined ? 'stored segments' : `entries of ${importFrom}`}\n`);
  else {
    io.stdout(`${replayLines(alerts).join('\n')}\n`);
    // Beside the table rather than in it, so that stdout stays one row per alert.
    io.stderr(`benchtrend: ${replayTally(alerts, settings)}\n`);
  }
  return 0;
}

/** The segments an import of the data.js would write, its warnings said; refused as an import refuses it. */
async function importedHistory(file: string, overridesFile: string | undefined, suite: string | undefined, io: CliIO): Promise<Segment[]> {
  const overrides = overridesFile === undefined ? [] : parseDirectionOverrides(await readText(overridesFile, io.cwd, '--direction-overrides'), overridesFile);
  const { segments, warnings } = importedSegments(file, await readText(file, io.cwd, '--import-from', MAX_IMPORT_BYTES), overrides);
  const suites = [...new Set(segments.map((s) => s.suite))];
  if (suite !== undefined && !suites.includes(suite)) {
    throw new InputError(`--suite: ${file} has no suite ${JSON.stringify(suite)}; it has ${suites.map((s) => JSON.stringify(s)).join(', ') || 'none'}`);
  }
  for (const w of warnings) io.stderr(`benchtrend: warning: ${w}\n`);
  for (const o of overridesMatchingNothing(segments.flatMap((s) => s.points), overrides)) {
    io.stderr(`benchtrend: warning: direction-overrides: line ${o.line} (${JSON.stringify(o.pattern)}) matches no case of ${file}\n`);
  }
  return segments;
}

const alertKey = (a: StoredAlert) => JSON.stringify([a.suite, a.case, a.kind, a.sha, a.status, a.baseline, a.value, a.change, a.reason, a.raised, a.raisedAt]);

/**
 * The replayed alerts stored in place of the replayed suites' ones, on the tip as it is when the
 * commit is made (a publish that landed meanwhile is judged too): the same write path and gate as
 * a publish. The replay already made is used again while the tip holds the trend it was made on,
 * so a replay that writes judges every commit once, not twice.
 */
async function writeAlerts(
  target: TrendTarget,
  access: TrendAccess,
  settings: AlertSettings,
  suite: string | undefined,
  io: CliIO,
  made: { readonly manifest: Manifest; readonly stored: readonly StoredAlert[] },
  ancestry: AncestryCheck,
): Promise<void> {
  const sameTrend = (m: Manifest) => JSON.stringify({ ...m, alerts: [] }) === JSON.stringify({ ...made.manifest, alerts: [] });
  const landed = await rewriteManifest(target, access, async (read, location) => {
    const m = await readManifest(read, location);
    if (!m) return undefined;
    const again = !sameTrend(m);
    if (io.env['BENCHTREND_DEBUG']) io.stderr(again ? 'benchtrend: the tip moved since the replay; replaying it again\n' : 'benchtrend: storing the replay already made\n');
    const segments = again ? await loadSegments(read, location, 0, m.segments, m) : [];
    const stored = again ? await replayStoredAlertsOnWorkers(segments, settings, suite, undefined, (await olderFirstBenches(segments, ancestry, suite)).older) : [...made.stored];
    const alerts = [...m.alerts.filter((a) => suite !== undefined && a.suite !== suite), ...stored];
    if (alerts.length === m.alerts.length && alerts.every((a, i) => alertKey(a) === alertKey(m.alerts[i] as StoredAlert))) return undefined;
    const what = suite === undefined ? `${m.suites.length} suite${m.suites.length === 1 ? '' : 's'}` : `suite "${suite}"`;
    return { manifest: { ...m, alerts }, message: `benchtrend: replayed alerts of ${what} (${stored.length} stored)\n` };
  });
  io.stderr(landed ? `benchtrend: stored the replayed alerts in ${landed.commit.slice(0, 7)} on ${target.branch}\n` : 'benchtrend: the stored alerts are already these; nothing written\n');
}
