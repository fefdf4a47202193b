import * as core from '@actions/core';
import { readFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { toFlatCases } from './core/cases.js';
import { compareReport, type CompareReport } from './core/compare/report.js';
import { applyDirectionOverrides, overridesMatchingNothing } from './core/direction.js';
import { InputError, type Point } from './core/model.js';
import type { CaseVerdict } from './core/regress/detect.js';
import { pullRequestCommentMarker, renderPullRequestComment, type CommentLinks } from './core/render-comment.js';
import { renderCasesTable } from './core/render-summary.js';
import { regressionAnnotations, regressionEntries, renderVerdictTable, type RegressionEntry } from './core/render-verdicts.js';
import { commitFromEvent, commitUrl, resolveCommitInfo } from './core/trend/commit-info.js';
import { isOwnerName } from './core/trend/remote.js';
import type { CommitInfo } from './core/trend/types.js';
import { workflowRunFromEvent, type RunPullRequest, type WorkflowRunEvent } from './core/workflow-run.js';
import { commitFromApi, commitFromGit } from './effects/commit-info.js';
import { PushPermissionError } from './effects/gh-pages.js';
import { findRunPullRequest, GitHubComments, type CommentOutcome } from './effects/github-api.js';
import { networkBounds } from './effects/timeouts.js';
import { readPageAssets } from './effects/page-assets.js';
import { loadRecords } from './effects/record-files.js';
import { ingest } from './jobs/ingest.js';
import { publishSecrets, publishesOn, publishTrend, readTrend, resolveTrendTarget, type PublishHooks, type PublishSettings, type TrendAccess } from './jobs/publish.js';
import { comparePullRequest, pagesUrlFor, postRegressionComments, regressionDeriver, type RegressionOutcome } from './jobs/regressions.js';
import type { MergeResult, RunContext } from './jobs/scale-out.js';
import { readSettings, type Settings } from './settings.js';

/**
 * The scale-out job and its artifact client (about half of the bundle: @actions/artifact, Azure's
 * storage client, protobuf) load only in the runs that collect, merge or upload evidence: loading
 * them cost every other run's start (issue #12). esbuild splits them into dist/chunks/.
 */
const scaleOut = () => import('./jobs/scale-out.js');

type Env = Readonly<Record<string, string | undefined>>;

/** What the runner says about this job, read once. */
interface Runner {
  readonly env: Env;
  readonly eventName: string;
  readonly payload: Record<string, unknown>;
  readonly workspace: string;
  readonly tempRoot: string;
  readonly serverUrl: string;
  readonly apiUrl: string;
  readonly repository: string | undefined;
  readonly runUrl: string | undefined;
  readonly now: string;
}

function readRunner(env: Env): Runner {
  let payload: Record<string, unknown> = {};
  const path = env['GITHUB_EVENT_PATH'];
  if (path) {
    try {
      payload = JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;
    } catch (e) {
      core.debug(`event payload ${path} not read: ${e instanceof Error ? e.message : String(e)}`);
    }
  }
  const serverUrl = (env['GITHUB_SERVER_URL'] || 'https://github.com').replace(/\/+$/, '');
  const repository = env['GITHUB_REPOSITORY'] || undefined;
  return {
    env,
    eventName: env['GITHUB_EVENT_NAME'] || 'push',
    payload,
    workspace: env['GITHUB_WORKSPACE'] || process.cwd(),
    tempRoot: env['RUNNER_TEMP'] || tmpdir(),
    serverUrl,
    apiUrl: env['GITHUB_API_URL'] || 'https://api.github.com',
    repository,
    runUrl: repository && env['GITHUB_RUN_ID'] ? `${serverUrl}/${repository}/actions/runs/${env['GITHUB_RUN_ID']}` : undefined,
    // The one clock read: everything below is given this time.
    now: new Date().toISOString(),
  };
}

/** The pull request a pull_request(_target) event is about; undefined for every other event. */
function pullRequest(runner: Runner): { number: number; head: string; base: string } | undefined {
  if (!runner.eventName.startsWith('pull_request')) return undefined;
  const pr = runner.payload['pull_request'] as { number?: unknown; head?: { sha?: unknown }; base?: { ref?: unknown } } | undefined;
  if (!pr || typeof pr.number !== 'number' || typeof pr.head?.sha !== 'string') return undefined;
  return { number: pr.number, head: pr.head.sha, base: typeof pr.base?.ref === 'string' ? pr.base.ref : 'main' };
}

async function group<T>(name: string, fn: () => Promise<T>): Promise<T> {
  core.startGroup(name);
  try {
    return await fn();
  } finally {
    core.endGroup();
  }
}

async function commitFor(runner: Runner, sha: string, token: string | undefined): Promise<CommitInfo> {
  const url = commitUrl(runner.serverUrl, runner.repository, sha);
  const failures: string[] = [];
  const commit = await resolveCommitInfo({
    sha,
    ...(url !== undefined ? { url } : {}),
    fromEvent: () => commitFromEvent(runner.payload, sha),
    fromGit: () => commitFromGit(runner.workspace, sha, runner.env),
    ...(runner.repository
      ? {
          fromApi: () =>
            commitFromApi({ apiUrl: runner.apiUrl, repository: runner.repository as string, sha, timeoutMs: networkBounds(runner.env).requestMs, ...(token ? { token } : {}) }),
        }
      : {}),
    onSourceError: (source, e) => {
      const why = e instanceof Error ? e.message : String(e);
      if (source === 'api') failures.push(why);
      core.debug(`commit metadata from ${source} not read: ${why}`);
    },
    fallbackTimestamp: runner.now,
  });
  // Stored without message and author, the point's hover would be blank with no one told why.
  if (commit.message === '' && commit.author === '') {
    core.warning(
      `No message or author found for commit ${sha.slice(0, 7)} (not in the event, not in the checkout${failures.length > 0 ? `, and the API failed: ${failures.join('; ')}` : runner.repository ? ', not known to the API' : ''}); its points are stored without them`,
    );
  }
  return commit;
}

function publishSettings(s: Settings): PublishSettings {
  return {
    repository: s.repository,
    branch: s.branch,
    dataDir: s.dataDir,
    suite: s.suite,
    maxAttempts: s.maxAttempts,
    annotations: s.annotations,
    ...(s.token !== undefined ? { token: s.token } : {}),
    ...(s.importFrom !== undefined ? { importFrom: s.importFrom } : {}),
    ...(s.note !== undefined ? { note: s.note } : {}),
  };
}

function access(runner: Runner): TrendAccess {
  return {
    serverUrl: runner.serverUrl,
    ...(runner.repository !== undefined ? { currentRepository: runner.repository } : {}),
    cwd: runner.workspace,
    env: runner.env,
    tempRoot: runner.tempRoot,
  };
}

function links(s: Settings, runner: Runner): CommentLinks {
  const target = isOwnerName(s.repository) ? s.repository : s.repository === '' ? runner.repository : undefined;
  const pagesUrl = pagesUrlFor(target, s.dataDir, runner.serverUrl);
  return { ...(pagesUrl !== undefined ? { pagesUrl } : {}), ...(runner.runUrl !== undefined ? { runUrl: runner.runUrl } : {}) };
}

function commentsApi(s: Settings, runner: Runner): GitHubComments | undefined {
  if (!s.token || !runner.repository) return undefined;
  const bounds = networkBounds(runner.env);
  return new GitHubComments({ token: s.token, baseUrl: runner.apiUrl, repository: runner.repository, timeoutMs: bounds.requestMs, budgetMs: bounds.budgetMs, log: (l) => core.info(l) });
}

function reportComment(outcome: CommentOutcome): void {
  if (outcome.ok) core.info(`Comment ${outcome.action}${outcome.url ? `: ${outcome.url}` : ''}`);
  else core.warning(outcome.warning);
}

/** Progress to the log, what the user should read as warnings, and the chart page's files. */
const PUBLISH_HOOKS: PublishHooks = {
  log: (l) => core.info(l),
  warn: (l) => core.warning(l),
  pageAssets: () => readPageAssets(),
};

/** Publishes; a token that may not push (a fork's) is a warning and the run goes on. */
async function publishOrWarn(run: () => Promise<string>): Promise<string | undefined> {
  try {
    return await run();
  } catch (e) {
    if (e instanceof PushPermissionError) {
      core.warning(`Nothing was published: ${e.message}. A pull request from a fork gets a read-only token; give the job contents: write to publish.`);
      return undefined;
    }
    throw e;
  }
}

/** The regressions of a publish: outputs, one warning annotation each, and the comments. */
async function afterPublish(outcomes: readonly RegressionOutcome[], s: Settings, runner: Runner): Promise<{ verdicts: CaseVerdict[]; regressions: RegressionEntry[] }> {
  const verdicts = outcomes.flatMap((o) => o.verdicts);
  const regressions = outcomes.flatMap((o) => o.regressions);
  for (const a of regressionAnnotations(verdicts)) core.warning(a.message, { title: a.title });
  const api = commentsApi(s, runner);
  if (api && (s.commentOnAlert || s.commentAlways)) {
    await group('Commenting', async () => {
      for (const outcome of outcomes) {
        const results = await postRegressionComments(api, s.commentOnAlert ? outcome : { ...outcome, verdicts: [], changed: [] }, {
          always: s.commentAlways,
          ccUsers: s.ccUsers,
          links: links(s, runner),
        });
        results.forEach(reportComment);
      }
    });
  } else if ((s.commentOnAlert || s.commentAlways) && regressions.length > 0) {
    core.warning('A case regressed but no comment was written: github-token is empty');
  }
  return { verdicts, regressions };
}

/** The main job: read, check, publish or compare, comment, summarise; fail only where asked. */
export async function run(): Promise<void> {
  try {
    const settings = readSettings((name) => core.getInput(name));
    const runner = readRunner(process.env);
    // Masked before anything can print them: the token and the header derived from it.
    for (const secret of publishSecrets(runner.serverUrl, settings.token)) core.setSecret(secret);
    // Where the trend lives is an input like any other: refused before a record is read. A collect
    // job never touches the trend, so its copy of these inputs is left to the merge job.
    if (settings.scale.mode !== 'collect') resolveTrendTarget(publishSettings(settings), access(runner));

    if (settings.scale.mode === 'merge') {
      await runMerge(settings, runner);
      return;
    }

    const parse = settings.shape !== undefined ? { shape: settings.shape } : {};
    const { records, points: raw, warnings } = await group('Reading bench records', () =>
      ingest({
        patterns: settings.records,
        cwd: runner.workspace,
        format: settings.format,
        parse,
        requirements: settings.requireStages,
      }),
    );
    const points: Point[] = applyDirectionOverrides(raw, settings.directionOverrides);
    for (const w of warnings) core.warning(w);
    for (const o of overridesMatchingNothing(points, settings.directionOverrides)) {
      core.warning(`direction-overrides: line ${o.line} (${JSON.stringify(o.pattern)}) matches no case`);
    }

    const baseline = settings.compareBaseline.length
      ? await loadRecords(settings.compareBaseline, runner.workspace, settings.format, parse, 'compare-baseline')
      : undefined;
    const comparison: CompareReport | null = compareReport(records, baseline, { minEffect: settings.compareMinEffect, controls: settings.controlCases, heading: '###' });

    const flat = toFlatCases(points, settings.note);
    const casesJson = `${JSON.stringify(flat, null, 2)}\n`;

    const pr = pullRequest(runner);
    const sha = pr?.head ?? runner.env['GITHUB_SHA'] ?? '';
    const summary: string[] = [renderCasesTable(points)];
    if (comparison) summary.push(comparison.markdown);
    let regressions: RegressionEntry[] = [];

    if (settings.scale.mode === 'collect') {
      const commit = await commitFor(runner, sha, settings.token);
      const context = await runContext(runner, commit);
      const { collect } = await scaleOut();
      const { artifact } = await group('Collecting', () =>
        collect({ suite: settings.suite, points, shapes: shapesOf(records), note: settings.note, evidence: { records: settings.records, cwd: runner.workspace, cases: casesJson } }, context, settings.scale),
      );
      await setArtifactOutputs(context, artifact.id, artifact.name);
      core.info(`Collected ${points.length} points as artifact ${artifact.name}; a job with mode: merge publishes them`);
    } else if (pr) {
      const compared = await compareWithBaseTrend(settings, runner, pr, [{ suite: settings.suite, sha: pr.head, points }], comparison?.markdown);
      summary.push(...compared.tables);
      regressions = compared.regressions;
    } else if (publishesOn(runner.eventName) && points.length === 0 && comparison && settings.importFrom === undefined) {
      core.info('These records are the arms of a comparison only: nothing goes on the trend');
    } else if (publishesOn(runner.eventName)) {
      const commit = await commitFor(runner, sha, settings.token);
      const judge = regressionDeriver(settings.suite, settings.alerts);
      const published = await group('Publishing', () =>
        publishOrWarn(async () => {
          const result = await publishTrend(
            publishSettings(settings),
            { ...access(runner), points, commit, publishedAt: runner.now, ...(runner.runUrl !== undefined ? { runUrl: runner.runUrl } : {}) },
            { ...PUBLISH_HOOKS, alerts: judge.derive },
          );
          return result.commit;
        }),
      );
      if (published) core.setOutput('published-commit', published);
      const outcome = published ? judge.outcome() : undefined;
      const after = await afterPublish(outcome ? [outcome] : [], settings, runner);
      regressions = after.regressions;
      if (after.verdicts.length) summary.push(renderVerdictTable(after.verdicts, `Regressions in ${settings.suite}`, links(settings, runner)));
    } else {
      core.info(`A ${runner.eventName} event does not publish; push, workflow_dispatch and schedule do`);
    }

    // Written only now: a run refused by the trend or the push (damaged data, a declining hook)
    // leaves no case file and no outputs behind, like a refused record.
    const dir = join(runner.tempRoot, 'benchtrend');
    await mkdir(dir, { recursive: true });
    const casesFile = join(dir, 'cases.json');
    await writeFile(casesFile, casesJson);
    core.setOutput('cases-file', casesFile);
    core.setOutput('cases', JSON.stringify(flat));
    core.setOutput('case-count', String(flat.length));
    if (comparison) core.setOutput('compare-json', JSON.stringify(comparison.json));
    core.info(`${flat.length} cases written to ${casesFile}`);
    const report = summary.join('\n');
    await reportRegressions(runner, regressions, report);

    // The evidence goes up after the data is safe, and its failure costs nothing but a warning.
    if (settings.scale.mode === 'publish') {
      const commit: CommitInfo = { sha, message: '', author: '', timestamp: runner.now };
      const context = await runContext(runner, commit);
      const { uploadEvidence } = await scaleOut();
      const upload = await uploadEvidence(settings.scale, context, {
        suite: settings.suite,
        shapes: shapesOf(records),
        evidence: { records: settings.records, cwd: runner.workspace, cases: casesJson, report },
      });
      if (upload.status === 'uploaded') await setArtifactOutputs(context, upload.id, upload.name);
      else if (upload.status === 'skipped') core.info(`No artifact: ${upload.reason}`);
      else core.warning(upload.warning);
    }

    failIfAsked(settings, regressions);
  } catch (error) {
    // An InputError is a refusal already phrased for the user; anything else is a fault worth its stack in debug.
    if (!(error instanceof InputError) && error instanceof Error && error.stack) core.debug(error.stack);
    core.setFailed(error instanceof Error ? error.message : String(error));
  }
}

function shapesOf(records: readonly { shape: string; arm?: string | undefined }[]): string[] {
  return [...new Set(records.filter((r) => r.arm === undefined).map((r) => r.shape))];
}

async function runContext(runner: Runner, commit: CommitInfo): Promise<RunContext> {
  return (await scaleOut()).runContextFromEnv(runner.env, commit, runner.now);
}

async function setArtifactOutputs(context: RunContext, id: number, name: string): Promise<void> {
  core.setOutput('artifact-id', String(id));
  core.setOutput('artifact-name', name);
  const url = (await scaleOut()).artifactUrl(context, id);
  if (url) core.setOutput('artifact-url', url);
}

/**
 * A pull request's points, one set per suite, judged against the base branch's trend and put in
 * the pull request's one comment per suite. Nothing is published: the head is not on the branch.
 */
async function compareWithBaseTrend(
  settings: Settings,
  runner: Runner,
  pr: { number: number; base: string },
  suites: readonly { suite: string; sha: string; points: readonly Point[] }[],
  extra: string | undefined,
): Promise<{ tables: string[]; regressions: RegressionEntry[] }> {
  const judged = await group('Comparing with the base branch trend', () =>
    readTrend(publishSettings(settings), access(runner), async (read, location) => {
      const out: { suite: string; sha: string; verdicts: CaseVerdict[] }[] = [];
      for (const s of suites) out.push({ suite: s.suite, sha: s.sha, verdicts: await comparePullRequest(read, location, s.suite, s.points, s.sha, settings.alerts) });
      return out;
    }),
  );
  const api = commentsApi(settings, runner);
  if (!api && settings.commentOnPullRequest) core.warning('No pull-request comment was written: github-token is empty');
  const tables: string[] = [];
  for (const { suite, sha, verdicts } of judged) {
    tables.push(renderVerdictTable(verdicts, `Against the ${pr.base} trend${judged.length > 1 ? ` (${suite})` : ''}`, links(settings, runner)));
    if (api && settings.commentOnPullRequest) {
      const body = [renderPullRequestComment({ suite, sha, base: pr.base, verdicts }, links(settings, runner)), extra ?? ''].join('\n\n').trimEnd();
      reportComment(await api.upsertPullRequestComment(pr.number, pullRequestCommentMarker(suite), body));
    }
  }
  core.info('Pull requests never publish: the trend is the base branch’s');
  return { tables, regressions: judged.flatMap((j) => regressionEntries(j.verdicts)) };
}

/**
 * mode: merge: every collected artifact of this run in one gh-pages commit, one comment per suite
 * and commit. The events that publish are those of mode publish: a pull request's merge compares
 * its points with the trend instead, and other events publish nothing. A workflow_run merges the
 * triggering run's artifacts instead of this run's (runWorkflowRunMerge).
 */
async function runMerge(settings: Settings, runner: Runner): Promise<void> {
  if (runner.eventName === 'workflow_run') {
    await runWorkflowRunMerge(settings, runner);
    return;
  }
  const pr = pullRequest(runner);
  if (!pr && !publishesOn(runner.eventName)) {
    core.info(`A ${runner.eventName} event does not publish; push, workflow_dispatch and schedule do`);
    return;
  }
  const sha = runner.env['GITHUB_SHA'] ?? '';
  const context = await runContext(runner, { sha, message: '', author: '', timestamp: runner.now });
  const { merge } = await scaleOut();
  const merged = await group('Downloading collected artifacts', () => merge(settings.scale, context));
  for (const w of merged.warnings) core.warning(w);
  core.setOutput('merged-artifacts', String(merged.used.length));
  if (pr) {
    const compared = await compareWithBaseTrend(settings, runner, pr, merged.groups.map((g) => ({ suite: g.suite, sha: g.commit.sha, points: g.points })), undefined);
    await reportRegressions(runner, compared.regressions, ['### benchtrend merge', '', ...compared.tables].join('\n'));
    failIfAsked(settings, compared.regressions);
    return;
  }
  await publishMergedRun(settings, runner, merged);
}

/**
 * The publish of a merge (a push, or a workflow_run triggered by one): every group in one
 * gh-pages commit, then the regressions' comments and the summary.
 */
async function publishMergedRun(settings: Settings, runner: Runner, merged: MergeResult): Promise<void> {
  // One deriver per group (a suite at a commit), since a commit comment is per commit and suite;
  // the publisher calls the hook once per group with that group's segments as `added`.
  const groupKey = (suite: string, commit: string) => `${suite}\u0000${commit}`;
  const judges = new Map(merged.groups.map((g) => [groupKey(g.suite, g.commit.sha), regressionDeriver(g.suite, settings.alerts)]));
  const published = await group('Publishing', () =>
    publishOrWarn(async () => {
      // Each collect job's note is already on its points; the merge job's would be a second one.
      const { note: _note, ...once } = publishSettings(settings);
      const result = await (await scaleOut()).publishMerged(
        merged,
        once,
        { ...access(runner), publishedAt: runner.now },
        {
          ...PUBLISH_HOOKS,
          alerts: async (ctx) => {
            const own = ctx.added.find((a) => !a.imported);
            const judge = own !== undefined ? judges.get(groupKey(own.suite, own.commit.sha)) : undefined;
            return judge ? judge.derive(ctx) : ctx.previous;
          },
        },
      );
      return result.commit;
    }),
  );
  if (published) core.setOutput('published-commit', published);
  const outcomes = [...judges.values()].map((j) => j.outcome()).filter((o): o is RegressionOutcome => o !== undefined);
  const { verdicts, regressions } = await afterPublish(published ? outcomes : [], settings, runner);
  const points = merged.groups.reduce((n, g) => n + g.points.length, 0);
  const report = [
    `### benchtrend merge`,
    '',
    `${merged.used.length} collected artifact${merged.used.length === 1 ? '' : 's'}, ${points} points in ${merged.groups.length} suite${merged.groups.length === 1 ? '' : 's'}.`,
    '',
    verdicts.length ? renderVerdictTable(verdicts, 'Regressions', links(settings, runner)) : '',
  ].join('\n');
  await reportRegressions(runner, regressions, report);
  failIfAsked(settings, regressions);
}

/** Outputs `regressions` and `regressions-json`, and the job summary. */
async function reportRegressions(runner: Runner, regressions: readonly RegressionEntry[], report: string): Promise<void> {
  core.setOutput('regressions', String(regressions.length));
  core.setOutput('regressions-json', JSON.stringify(regressions));
  // Outside a runner there is no summary file; the report is still worth seeing in the log.
  if (runner.env['GITHUB_STEP_SUMMARY']) await core.summary.addRaw(report).write();
  else core.info(report);
}

/**
 * fail-on-regression, the last step: only regressions this run found fail it, so an alert still
 * open from an earlier commit does not fail every push until it is cleared.
 */
function failIfAsked(settings: Settings, regressions: readonly RegressionEntry[]): void {
  const fresh = regressions.filter((r) => r.new);
  if (!settings.failOnRegression || fresh.length === 0) return;
  core.setFailed(`${fresh.length} case${fresh.length === 1 ? '' : 's'} regressed (fail-on-regression is on): ${fresh.map((r) => r.case).join(', ')}`);
}

/**
 * The pull request a workflow_run's triggering run benched: from the event (GitHub fills it for
 * same-repository pull requests only), else by the commit, else by the fork's `owner:branch`.
 * Not found, or a lookup that failed, is a warning line for the caller.
 */
async function pullRequestOfRun(settings: Settings, runner: Runner, run: WorkflowRunEvent): Promise<{ pr: RunPullRequest } | { warning: string }> {
  const listed = run.pullRequests.find((p) => p.head === run.headSha) ?? run.pullRequests[0];
  if (listed) return { pr: listed };
  const where = `${run.headSha.slice(0, 7)}${run.headOwner && run.headBranch ? ` (${run.headOwner}:${run.headBranch})` : ''}`;
  try {
    const found = await findRunPullRequest(
      { token: settings.token ?? '', baseUrl: runner.apiUrl, repository: runner.repository ?? '', timeoutMs: networkBounds().requestMs, log: (l) => core.info(l) },
      { headSha: run.headSha, headOwner: run.headOwner, headBranch: run.headBranch },
    );
    if (found.pullRequest) {
      core.info(`Pull request #${found.pullRequest.number} found by its ${found.source === 'head' ? 'head branch' : 'commit'}`);
      return { pr: found.pullRequest };
    }
  } catch (e) {
    return { warning: `No comment was written: the pull request of ${where} could not be looked up: ${e instanceof Error ? e.message : String(e)}` };
  }
  return { warning: `No comment was written: no open pull request of ${runner.repository ?? 'this repository'} has the head ${where} that workflow run ${run.runId} benched` };
}

/**
 * mode: merge on a workflow_run event, the second half of a fork's pull request: the triggering
 * run collected its points as artifacts with a read-only token; this job, in the base repository,
 * downloads them through the REST API, never running or unpacking anything of theirs, and writes
 * the pull request's comment. A triggering push (or dispatch, or schedule) publishes as a merge on
 * a push does.
 */
async function runWorkflowRunMerge(settings: Settings, runner: Runner): Promise<void> {
  const problem = (await import('./effects/artifact.js')).enterpriseServerProblem(runner.env);
  if (problem) throw new InputError(`mode: merge on a workflow_run needs workflow artifacts, but ${problem}`);
  const run = workflowRunFromEvent(runner.payload, runner.repository);
  if (!run) throw new InputError('the workflow_run event payload has no workflow_run.id and head_sha: nothing to merge');
  const isPull = run.event.startsWith('pull_request');
  if (!isPull && !publishesOn(run.event)) {
    core.info(`Workflow run ${run.runId} was triggered by a ${run.event || 'unknown'} event, which does not publish; push, workflow_dispatch and schedule do`);
    return;
  }
  if (!settings.token || !runner.repository) {
    throw new InputError('mode: merge on a workflow_run needs github-token (with actions: read) to download the artifacts of the triggering run');
  }
  let pr: RunPullRequest | undefined;
  if (isPull) {
    const found = await group('Finding the pull request', () => pullRequestOfRun(settings, runner, run));
    if ('warning' in found) {
      core.warning(found.warning);
      return;
    }
    pr = found.pr;
  }
  const context = await runContext(runner, { sha: run.headSha, message: '', author: '', timestamp: runner.now });
  const { mergeForeignRun } = await scaleOut();
  const merged = await group(`Downloading the collected artifacts of workflow run ${run.runId}`, () =>
    mergeForeignRun({ repository: runner.repository as string, runId: run.runId, token: settings.token as string }, run.headSha, context),
  );
  for (const line of merged.refused) core.warning(line);
  for (const w of merged.warnings) core.warning(w);
  core.setOutput('merged-artifacts', String(merged.used.length));
  if (!pr) {
    await publishMergedRun(settings, runner, merged);
    return;
  }
  const compared = await compareWithBaseTrend(settings, runner, pr, merged.groups.map((g) => ({ suite: g.suite, sha: g.commit.sha, points: g.points })), undefined);
  await reportRegressions(runner, compared.regressions, [`### benchtrend merge of pull request #${pr.number}`, '', ...compared.tables].join('\n'));
  failIfAsked(settings, compared.regressions);
}
