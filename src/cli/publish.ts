import { parseAnnotations } from '../core/annotations.js';
import { InputError } from '../core/model.js';
import { resolveCommitInfo } from '../core/trend/commit-info.js';
import { redactUrl } from '../core/trend/remote.js';
import { normaliseText } from '../core/text.js';
import type { CommitInfo } from '../core/trend/types.js';
import { ancestryFromGit } from '../effects/ancestry.js';
import { commitFromGit } from '../effects/commit-info.js';
import { readPageAssets, type PageAssets } from '../effects/page-assets.js';
import { applyDirectionOverrides, decidedBy, overridesMatchingNothing, parseDirectionOverrides } from '../core/direction.js';
import { regressionEntries, renderVerdictTable } from '../core/render-verdicts.js';
import { renderVerdictText } from '../core/render-text.js';
import { regressionDeriver, withdrawnLines } from '../jobs/regressions.js';
import { ingest } from '../jobs/ingest.js';
import { publishTrend } from '../jobs/publish.js';
import { formatOptionHelp, given, parseCommandLine, stageRequirements } from './args.js';
import { controlCasesMatchingNothing, floorsMatchingNothing } from '../core/regress/settings.js';
import { ALERT_OPTIONS, alertSettingsFrom } from './alert-options.js';
import { reasonsInFlagWords } from './flag-words.js';
import { readText, UsageError, type CliIO } from './io.js';
import { storedName, wholeNumber } from '../core/inputs.js';
import { shellWord } from './self.js';
import { cliAccess, tokenFrom, warnTokenUnsent } from './trend-options.js';
import { networkBounds } from '../runner.js';

export const USAGE = `Usage: benchtrend publish RECORD... --repo URL|PATH --commit SHA [options]

Appends the records' points to the trend on a branch of any git repository, exactly as the
action does on a push: one new segment, the manifest updated, never a force-push. Publishing
the same suite and shape for the same commit again replaces those points.

Options:
  --repo URL|PATH       the repository holding the trend: a git URL, a path, or owner/name
                        on --server
  --commit SHA          the commit the records measure; a full sha, or anything git in the
                        current folder resolves
  --branch NAME         branch of the trend (default gh-pages; created when missing)
  --dir PATH            folder of the trend on the branch (default dev/bench)
  --suite NAME          suite the points belong to (default "default")
  --message TEXT        the commit's message   (default: from git in the current folder)
  --author NAME         the commit's author    (default: from git in the current folder)
  --timestamp ISO       the commit's time      (default: from git, else now)
  --url URL             link to the commit
  --run-url URL         link to the run that benched it
  --note TEXT           appended to every point's extra
  --annotations FILE    "<commit or date>: <label>" lines to add as chart markers
  --import-from FILE    a github-action-benchmark data.js (a path on the branch, else a local
                        file) to import once into an empty trend
  --token-env NAME      environment variable holding a token for --server (never pass a token
                        on the command line)
  --server URL          where owner/name points and which host receives the token
                        (default $GITHUB_SERVER_URL, else https://github.com)
  --max-attempts N      pushes to try when other publishers race for the branch (default: as
                        many as fit in 5 minutes)
  --format NAME         ${formatOptionHelp(24)}
  --shape NAME          shape for formats that have none (default: the format's name)
  --go-force-package-suffix
                        go: name benchmarks "<name> (<package>)" even from one package, as
                        github-action-benchmark's input of that name did
  --require-stages-on SHAPE
                        refuse, publishing nothing, unless SHAPE's required stages were
                        reported in every run (repeatable)
  --require-stages A,B  the stages required of those shapes (default: every stage the shape
                        reported in any run)
  --alert-method M      auto (default), limit or ratio; see docs/alerts.md
  --alert-threshold R   ratio method: alert at R times the previous value, e.g. 150%
  --alert-window N      recent medians forming a case's baseline (default 30)
  --min-effect P        smallest change that can alert (default 5%)
  --alert-confidence P  one-sided prediction limit (default 99.9%)
  --alert-after N       consecutive points beyond the limit before an alert (default 2)
  --absolute-floor LIST smallest absolute change per unit that can alert, e.g. "1ms, 64KB"
  --control-cases LIST  cases only the machine can move, one per line (names, globs or metric
                        names): when they moved too, it is the runner
  --direction-overrides FILE
                        lines "<case or glob>: bigger|smaller"
  --json                print the result as JSON, with the regressions found
  --markdown            print the verdicts as the job summary's markdown table
  -h, --help            show this help

Exit status: 0 when published, 1 when refused (one line "benchtrend: <reason>"), 2 on a usage
error.`;

export async function run(argv: string[], io: CliIO): Promise<number> {
  const { values, positionals } = parseCommandLine(argv, {
    repo: { type: 'string' },
    commit: { type: 'string' },
    branch: { type: 'string' },
    dir: { type: 'string' },
    suite: { type: 'string' },
    message: { type: 'string' },
    author: { type: 'string' },
    timestamp: { type: 'string' },
    url: { type: 'string' },
    'run-url': { type: 'string' },
    note: { type: 'string' },
    annotations: { type: 'string' },
    'import-from': { type: 'string' },
    'token-env': { type: 'string' },
    server: { type: 'string' },
    'max-attempts': { type: 'string' },
    format: { type: 'string', default: 'auto' },
    shape: { type: 'string' },
    'go-force-package-suffix': { type: 'boolean' },
    'require-stages-on': { type: 'string', multiple: true },
    'require-stages': { type: 'string' },
    ...ALERT_OPTIONS,
    'direction-overrides': { type: 'string' },
    json: { type: 'boolean' },
    markdown: { type: 'boolean' },
    help: { type: 'boolean', short: 'h' },
  });
  if (values.help) {
    io.stdout(`${USAGE}\n`);
    return 0;
  }
  // One output or the other: --json won, and the markdown asked for was not printed, unsaid.
  if (values.json && values.markdown) throw new UsageError('--json and --markdown each choose what is printed; give one');
  if (positionals.length === 0 && values['import-from'] === undefined) throw new UsageError('publish needs at least one RECORD file');
  if (values.repo === undefined) throw new UsageError('publish needs --repo URL|PATH');
  if (values.commit === undefined) throw new UsageError('publish needs --commit SHA');
  // The action's reader and bounds: a count the action refuses is refused here too.
  const attempts = given(values['max-attempts']);
  const maxAttempts = attempts === undefined ? undefined : wholeNumber(() => attempts, 'max-attempts', 1, 1, 1000);
  if (values.timestamp !== undefined && !isTimestamp(values.timestamp)) throw new UsageError(`--timestamp: ${JSON.stringify(values.timestamp)} is not an ISO 8601 time, like 2026-01-02T15:04:05Z`);
  // Stored as given, they are the links of every point's hover on the page and of the comments:
  // a word or a path there is a dead link on every chart, found long after the publish.
  for (const option of ['url', 'run-url'] as const) {
    const link = values[option];
    if (link !== undefined && !isWebUrl(link)) throw new UsageError(`--${option}: ${JSON.stringify(link)} is not an http(s) URL, like https://github.com/owner/repo/${option === 'url' ? 'commit/<sha>' : 'actions/runs/<id>'}`);
  }
  const suite = storedName(given(values.suite) ?? 'default', '--suite');
  const shape = given(values.shape);
  const branch = given(values.branch) ?? 'gh-pages';
  const dataDir = given(values.dir) ?? 'dev/bench';
  const token = tokenFrom(values['token-env'], io);
  warnTokenUnsent(values.repo, token, cliAccess(io, values.server), io);
  const publishedAt = new Date().toISOString();
  const alertSettings = alertSettingsFrom(values);
  const overrides =
    values['direction-overrides'] !== undefined
      ? parseDirectionOverrides(await readText(values['direction-overrides'], io.cwd, '--direction-overrides'), values['direction-overrides'])
      : [];
  // Read with the other inputs, so that a bad file is the one line printed, before any warning.
  const annotations = values.annotations !== undefined ? parseAnnotations(await readText(values.annotations, io.cwd, '--annotations'), values.annotations) : undefined;

  const { points: raw, warnings } = positionals.length
    ? await ingest({
        patterns: positionals,
        cwd: io.cwd,
        format: values.format,
        parse: { formatOption: '--format', ...(shape !== undefined ? { shape } : {}), decided: decidedBy(overrides), goPackageSuffix: values['go-force-package-suffix'] === true },
        requirements: stageRequirements(values),
      })
    : { points: [], warnings: [] };
  const points = applyDirectionOverrides(raw, overrides);
  for (const w of warnings) io.stderr(`benchtrend: warning: ${w}\n`);
  if (points.length > 0) for (const w of controlCasesMatchingNothing(alertSettings, points.map((p) => p.case), 'this run')) io.stderr(`benchtrend: warning: ${w}\n`);
  // As the action and replay say it. With --import-from a line may be for a case only the imported
  // history holds, which this run cannot see before it publishes.
  if (values['import-from'] === undefined) {
    for (const o of overridesMatchingNothing(points, overrides)) {
      io.stderr(`benchtrend: warning: direction-overrides: line ${o.line} (${JSON.stringify(o.pattern)}) matches no case of this run\n`);
    }
  }
  if (points.length > 0) for (const w of floorsMatchingNothing(alertSettings, points.map((p) => p.unit), 'this run')) io.stderr(`benchtrend: warning: ${w}\n`);
  // A first bench of an old commit (a bisect, an old tag) is history, as in the action: git in the
  // current folder, which --commit is resolved in, tells whether it is older than the trend's newest.
  // No REST API here: the CLI's token, when it has one, is for the trend's git remote.
  const judge = regressionDeriver(suite, alertSettings, ancestryFromGit(io.cwd, io.env, networkBounds(io.env).requestMs));

  const commit = await commitOf(values.commit, values, io, publishedAt, points.length > 0);
  const result = await publishTrend(
    {
      repository: values.repo,
      branch,
      dataDir,
      suite,
      maxAttempts,
      ...(token !== undefined ? { token } : {}),
      ...(values['import-from'] !== undefined ? { importFrom: values['import-from'] } : {}),
      ...(overrides.length > 0 ? { directionOverrides: overrides } : {}),
      ...(annotations !== undefined ? { annotations } : {}),
      ...(values.note !== undefined ? { note: values.note } : {}),
    },
    {
      points,
      commit,
      ...(values['run-url'] !== undefined ? { runUrl: values['run-url'] } : {}),
      ...cliAccess(io, values.server),
      publishedAt,
    },
    {
      log: (line) => io.stderr(`benchtrend: ${line}\n`),
      warn: (line) => io.stderr(`benchtrend: warning: ${line}\n`),
      pageAssets: () => pageOrNothing(io),
      alerts: judge.derive,
    },
  );
  const added = result.plan.added;
  const outcome = judge.outcome();
  const verdicts = outcome?.verdicts ?? [];
  for (const line of withdrawnLines(outcome ?? {})) io.stderr(`benchtrend: ${line}\n`);
  if (outcome?.olderThan !== undefined) {
    io.stderr(`benchtrend: ${outcome.sha.slice(0, 7)} is older than ${outcome.olderThan.slice(0, 7)} (an ancestor of it), which the trend already holds: its points were published after it and not judged\n`);
  }
  const regressions = regressionEntries(verdicts);
  if (values.json) {
    io.stdout(
      `${JSON.stringify(
        {
          commit: result.commit,
          remote: result.remote,
          branch: result.branch,
          dir: result.dataDir,
          attempts: result.attempts,
          segments: added.map((s) => s.seq),
          points: added.reduce((n, s) => n + s.points.length, 0),
          imported: result.plan.imported ?? null,
          warnings: result.plan.warnings,
          regressions,
          verdicts: verdicts.map((v) => ({ case: v.case, verdict: v.kind, value: v.value, baseline: v.baseline?.median ?? null, change: v.change ?? null, reason: v.reason })),
        },
        null,
        2,
      )}\n`,
    );
  } else {
    io.stdout(`${result.commit}\n`);
    if (verdicts.length) {
      const title = `Verdicts in ${suite}`;
      io.stdout(`\n${values.markdown ? renderVerdictTable(verdicts, title) : renderVerdictText(reasonsInFlagWords(verdicts, 'publish'), title)}`);
    }
    io.stdout(`\nTo see the chart: ${serveCommand(io.self ?? 'benchtrend', { ...values, branch, dir: result.dataDir })}\n`);
  }
  return 0;
}

/** The `benchtrend serve` line that shows what was just published; defaults left out. */
function serveCommand(self: string, values: { repo?: string | undefined; branch: string; dir: string; 'token-env'?: string | undefined; server?: string | undefined }): string {
  // The password of a URL (https://user:pass@host/...) stays out of the output; the user puts it back.
  const words = ['serve', '--repo', redactUrl(values.repo ?? '')];
  if (values.branch !== 'gh-pages') words.push('--branch', values.branch);
  // The folder as the publish resolved it (`./dev/bench/` is the default); the branch's root is `.`.
  if (values.dir !== 'dev/bench') words.push('--dir', values.dir === '' ? '.' : values.dir);
  if (values.server !== undefined) words.push('--server', values.server);
  if (values['token-env'] !== undefined) words.push('--token-env', values['token-env']);
  return [self, ...words.map(shellWord)].join(' ');
}

/** A CLI run from sources has no built page; the data is published all the same. */
async function pageOrNothing(io: CliIO): Promise<PageAssets | undefined> {
  try {
    return await readPageAssets();
  } catch (e) {
    io.stderr(`benchtrend: warning: the chart page is not written: ${e instanceof Error ? e.message : String(e)}\n`);
    return undefined;
  }
}

/** An absolute http: or https: URL with a host. */
function isWebUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.host !== '';
  } catch {
    return false;
  }
}

/** Options given win; git in the current folder fills the rest when it has the commit. */
/** An ISO 8601 date or time that Date reads: what the trend stores and the page sorts by. */
function isTimestamp(text: string): boolean {
  return /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/.test(text) && Number.isFinite(Date.parse(text));
}

async function commitOf(
  sha: string,
  values: { message?: string | undefined; author?: string | undefined; timestamp?: string | undefined; url?: string | undefined },
  io: CliIO,
  now: string,
  hasPoints: boolean,
): Promise<CommitInfo> {
  const found = await resolveCommitInfo({
    sha,
    ...(values.url !== undefined ? { url: values.url } : {}),
    fromGit: () => commitFromGit(io.cwd, sha, io.env, networkBounds(io.env).requestMs),
    fallbackTimestamp: now,
  });
  if (!/^[0-9a-f]{40}([0-9a-f]{24})?$/.test(found.sha)) {
    throw new InputError(`--commit: ${JSON.stringify(sha)} is not a full commit sha, and git in ${io.cwd} does not resolve it`);
  }
  // Stored without them, the point's hover would be blank with no one told why. A publish that
  // only imports a history stores no point of this commit, so there is nothing to tell.
  if (hasPoints && found.message === '' && found.author === '' && values.message === undefined && values.author === undefined) {
    io.stderr(
      `benchtrend: warning: commit ${found.sha.slice(0, 7)} is not in git in ${io.cwd}: its points are stored without message and author${values.timestamp === undefined ? ', at the time of this publish' : ''} (give --message, --author and --timestamp), or with those of its earlier run on the trend\n`,
    );
  }
  // Given text is stored as the action stores a commit's: normalised (docs/troubleshooting.md).
  return {
    ...found,
    ...(values.message !== undefined ? { message: normaliseText(values.message) } : {}),
    ...(values.author !== undefined ? { author: normaliseText(values.author) } : {}),
    ...(values.timestamp !== undefined ? { timestamp: values.timestamp } : {}),
  };
}
