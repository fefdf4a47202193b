/**
 * mode: merge at the action's door: every collected artifact of this run (or, on workflow_run, of
 * the triggering run) in one gh-pages commit with one comment per suite and commit; a pull
 * request's merge compares its points with the trend instead, and other events publish nothing.
 */
import * as core from '@actions/core';
import { InputError } from '../core/model.js';
import type { RegressionEntry } from '../core/render-verdicts.js';
import { workflowRunFromEvent, type RunPullRequest, type WorkflowRunEvent } from '../core/workflow-run.js';
import { findRunPullRequest } from '../effects/github-api.js';
import { notPublishing, publishesOn } from '../jobs/publish.js';
import { merge, mergeForeignRun, type MergeResult } from '../jobs/merge.js';
import type { Settings } from '../settings.js';
import { judgeWithTrend, tellComparison, type ComparedPullRequest } from './compare.js';
import type { Outcome } from './outcome.js';
import { publishJudged } from './publish.js';
import { bareCommit, mergeGroup, pullRequest, runContext, type ActionRunner } from './runner.js';

/** The merge of this run's artifacts; a workflow_run merges the triggering run's (mergeWorkflowRun). Undefined: nothing to report. */
export async function runMerge(settings: Settings, runner: ActionRunner): Promise<Outcome | undefined> {
  if (runner.eventName === 'workflow_run') return mergeWorkflowRun(settings, runner);
  const pr = pullRequest(runner);
  const group = mergeGroup(runner);
  const skip = pr || group ? undefined : notPublishing(runner.eventName, runner.payload);
  if (skip !== undefined) {
    core.info(skip);
    return undefined;
  }
  const context = runContext(runner, bareCommit(runner, group?.head ?? runner.sha));
  const merged = await core.group('Downloading collected artifacts', () => merge(context));
  // A merge queue's group is compared, never published (records.ts says why).
  const against = group ? { base: group.base, why: group.why } : undefined;
  return mergedOutcome(settings, runner, merged, pr || group || !settings.autoPush ? { prs: pr ? [pr] : [], heading: () => '### benchtrend merge', ...(against ? { against } : {}) } : undefined);
}

/**
 * The merged points published (a push, or a workflow_run triggered by one), or compared with the
 * base trend when they are a pull request's: judged once, told to each pull request (one branch
 * proposed to two base branches is two), or to the summary alone when there is none.
 */
async function mergedOutcome(
  settings: Settings,
  runner: ActionRunner,
  merged: MergeResult,
  compare: { prs: readonly ComparedPullRequest[]; heading: (pr: ComparedPullRequest | undefined) => string; against?: { base: string; why: string } } | undefined,
): Promise<Outcome> {
  for (const w of merged.warnings) core.warning(w);
  core.setOutput('merged-artifacts', String(merged.used.length));
  if (compare) {
    const suites = merged.groups.map((g) => ({ suite: g.suite, sha: g.commit.sha, points: g.points }));
    const judged = await judgeWithTrend(settings, runner, suites, compare.prs.length > 0, compare.against);
    const reports: string[] = [];
    let regressions: RegressionEntry[] = [];
    for (const pr of compare.prs.length > 0 ? compare.prs : [undefined]) {
      const told = await tellComparison(settings, runner, pr, judged, undefined, compare.against);
      regressions = told.regressions;
      reports.push([compare.heading(pr), '', ...told.tables].join('\n'));
    }
    return { regressions, report: reports.join('\n\n') };
  }
  const judged = await publishJudged(settings, runner, merged.groups, false);
  const points = merged.groups.reduce((n, g) => n + g.points.length, 0);
  const report = [
    `### benchtrend merge`,
    '',
    `${merged.used.length} collected artifact${merged.used.length === 1 ? '' : 's'}, ${points} points in ${merged.groups.length} suite${merged.groups.length === 1 ? '' : 's'}.`,
    '',
    judged.table('Regressions'),
  ].join('\n');
  return { regressions: judged.regressions, report };
}

/**
 * The pull requests a workflow_run's triggering run benched: from the event (GitHub fills it for
 * same-repository pull requests only), else by the commit, else by the fork's `owner:branch`. All
 * of them whose head is the run's: one branch proposed to two base branches is two pull requests,
 * and the run is no more one's than the other's. Not found, or a lookup that failed, is a warning
 * line for the caller.
 */
async function pullRequestsOfRun(settings: Settings, runner: ActionRunner, run: WorkflowRunEvent): Promise<{ prs: RunPullRequest[] } | { warning: string }> {
  const heads = run.pullRequests.filter((p) => p.head === run.headSha);
  const listed = heads.length > 0 ? heads : run.pullRequests.slice(0, 1);
  if (listed.length > 0) return { prs: listed };
  const where = `${run.headSha.slice(0, 7)}${run.headOwner && run.headBranch ? ` (${run.headOwner}:${run.headBranch})` : ''}`;
  try {
    const found = await findRunPullRequest(
      {
        token: settings.token ?? '',
        baseUrl: runner.apiUrl,
        repository: runner.repository ?? '',
        timeoutMs: runner.bounds.requestMs,
        budgetMs: runner.bounds.budgetMs,
        log: (l) => core.info(l),
      },
      { headSha: run.headSha, headOwner: run.headOwner, headBranch: run.headBranch },
    );
    if (found.pullRequest) {
      const prs = [found.pullRequest, ...(found.more ?? [])];
      const how = found.source === 'head' ? 'head branch' : 'commit';
      core.info(
        prs.length === 1
          ? `Pull request #${prs[0]!.number} found by its ${how}`
          : `Pull requests ${prs.map((p) => `#${p.number}`).join(', ').replace(/, ([^,]*)$/, ' and $1')} found by their ${how}`,
      );
      return { prs };
    }
  } catch (e) {
    return { warning: `No comment was written: the pull request of ${where} could not be looked up: ${e instanceof Error ? e.message : String(e)}` };
  }
  return { warning: `No comment was written: no open pull request of ${runner.repository ?? 'this repository'} has the head ${where} that workflow run ${run.runId} benched` };
}

/** The most pull requests sharing one head that a workflow_run compares and comments on. */
const MAX_RUN_PULL_REQUESTS = 5;

/**
 * mode: merge on a workflow_run event, the second half of a fork's pull request: the triggering
 * run collected its points as artifacts with a read-only token; this job, in the base repository,
 * downloads them through the REST API, never running or unpacking anything of theirs, and writes
 * the pull request's comment. A triggering push (or dispatch, or schedule) publishes as a merge on
 * a push does.
 */
async function mergeWorkflowRun(settings: Settings, runner: ActionRunner): Promise<Outcome | undefined> {
  const problem = runner.artifacts.serverProblem;
  if (problem) throw new InputError(`mode: merge on a workflow_run needs workflow artifacts, but ${problem}`);
  const run = workflowRunFromEvent(runner.payload, runner.repository);
  if (!run) throw new InputError('the workflow_run event payload has no workflow_run.id and head_sha: nothing to merge');
  const isPull = run.event.startsWith('pull_request');
  if (run.event === 'merge_group') {
    // A check of this run lands on the default branch, not on the queue's commit: it cannot hold
    // the queue, which only the merge_group run's own checks do.
    core.info(
      `Workflow run ${run.runId} was triggered by a merge_group event: nothing is merged or published here. A merge queue's points are compared with the trend in the merge_group run itself (this action there, in mode publish, or collect then merge), where fail-on-regression can hold the queue`,
    );
    return undefined;
  }
  if (!isPull && !publishesOn(run.event)) {
    core.info(`Workflow run ${run.runId} was triggered by a ${run.event || 'unknown'} event, which does not publish; push, workflow_dispatch and schedule do`);
    return undefined;
  }
  if (!settings.token || !runner.repository) {
    throw new InputError('mode: merge on a workflow_run needs github-token (with actions: read) to download the artifacts of the triggering run');
  }
  let prs: RunPullRequest[] = [];
  if (isPull) {
    const found = await core.group('Finding the pull request', () => pullRequestsOfRun(settings, runner, run));
    if ('warning' in found) {
      core.warning(found.warning);
      return undefined;
    }
    prs = found.prs;
    // A fork decides how many pull requests share its head, and each is compared and commented on
    // in turn: bounded, as the suites of its comments are.
    if (prs.length > MAX_RUN_PULL_REQUESTS) {
      const left = prs.slice(MAX_RUN_PULL_REQUESTS).map((p) => `#${p.number}`);
      core.warning(
        `${prs.length} open pull requests have the head ${run.headSha.slice(0, 7)}: comments were written on the first ${MAX_RUN_PULL_REQUESTS} found, not on ${left.slice(0, 10).join(', ')}${left.length > 10 ? ` and ${left.length - 10} more` : ''}`,
      );
      prs = prs.slice(0, MAX_RUN_PULL_REQUESTS);
    }
  }
  const context = runContext(runner, bareCommit(runner, run.headSha));
  const merged = await core.group(`Downloading the collected artifacts of workflow run ${run.runId}`, () =>
    mergeForeignRun({ repository: runner.repository as string, apiUrl: runner.apiUrl, runId: run.runId, token: settings.token as string }, run.headSha, context),
  );
  for (const line of merged.refused) core.warning(line);
  if (prs.length === 0) return mergedOutcome(settings, runner, merged, settings.autoPush ? undefined : { prs: [], heading: () => '### benchtrend merge' });
  // The head this run benched, which the pull request may since have left behind.
  return mergedOutcome(settings, runner, merged, { prs: prs.map((pr) => ({ ...pr, head: run.headSha })), heading: (pr) => `### benchtrend merge of pull request #${pr?.number ?? ''}` });
}
