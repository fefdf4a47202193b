/** A pull request's points judged against the base branch's trend: tables and the pull request's comment. */
import * as core from '@actions/core';
import type { Point } from '../core/model.js';
import type { CaseVerdict } from '../core/regress/detect.js';
import type { GitHubComments } from '../effects/github-api.js';
import { COMMENT_LIMIT, commentMarkers, comparedWith, renderPullRequestComment } from '../core/render-comment.js';
import { regressionEntries, renderVerdictTable, type RegressionEntry } from '../core/render-verdicts.js';
import { readTrend } from '../jobs/publish.js';
import { comparePullRequest } from '../jobs/regressions.js';
import type { Settings } from '../settings.js';
import { access, commentsApi, links, publishSettings, reportComment, type ActionRunner } from './runner.js';

/** One suite's points at the pull request's head. */
export interface PullRequestSuite {
  readonly suite: string;
  readonly sha: string;
  readonly points: readonly Point[];
}

/**
 * A pull request's points, one set per suite, judged against the base branch's trend and put in
 * the pull request's one comment per suite. Nothing is published: the head is not on the branch.
 * Without a pull request (`auto-push: false` on a push, a merge queue's group), the same judgement
 * goes to the summary only; `against` then names the branch and says why nothing was published.
 */
export async function compareWithBaseTrend(
  settings: Settings,
  runner: ActionRunner,
  pr: ComparedPullRequest | undefined,
  suites: readonly PullRequestSuite[],
  extra: string | undefined,
  against?: { readonly base: string; readonly why: string },
): Promise<{ tables: string[]; regressions: RegressionEntry[] }> {
  return tellComparison(settings, runner, pr, await judgeWithTrend(settings, runner, suites, pr !== undefined, against), extra, against);
}

/** A pull request the comparison is told to: its number, base branch and the head this run benched. */
export interface ComparedPullRequest {
  readonly number: number;
  readonly base: string;
  readonly head: string;
  readonly fromFork?: boolean;
}

/** Each suite's verdicts against the trend. */
export type JudgedSuites = readonly { readonly suite: string; readonly sha: string; readonly verdicts: CaseVerdict[] }[];

/** The suites' points judged against the published trend, read once however many pull requests are told. */
export function judgeWithTrend(
  settings: Settings,
  runner: ActionRunner,
  suites: readonly PullRequestSuite[],
  forPullRequest: boolean,
  against?: { readonly base: string },
): Promise<JudgedSuites> {
  // Without a pull request there is no base branch: an `auto-push: false` push is judged against the
  // published trend, a merge group against its target branch's.
  return core.group(`Comparing with the ${forPullRequest ? 'base branch' : against ? `${against.base}` : 'published'} trend`, () =>
    readTrend(publishSettings(settings), access(runner), async (read, location) => {
      const out: { suite: string; sha: string; verdicts: CaseVerdict[] }[] = [];
      for (const s of suites) out.push({ suite: s.suite, sha: s.sha, verdicts: await comparePullRequest(read, location, s.suite, s.points, s.sha, settings.alerts) });
      return out;
    }),
  );
}

/** The judgement as the summary's tables and, for a pull request, its one comment per suite. */
export async function tellComparison(
  settings: Settings,
  runner: ActionRunner,
  pr: ComparedPullRequest | undefined,
  judged: JudgedSuites,
  extra: string | undefined,
  against?: { readonly base: string; readonly why: string },
): Promise<{ tables: string[]; regressions: RegressionEntry[] }> {
  const api = pr ? commentsApi(settings, runner) : undefined;
  // What was compared with, in the words of the summary and the warnings: the base (or the merge
  // queue's target) when it is the default branch, else the published trend.
  const defaultBranch = defaultBranchOf(runner.payload);
  const base = pr?.base ?? against?.base;
  const compared = base === undefined ? undefined : comparedWith(base, defaultBranch);
  const trend = compared?.onBase ? `the ${base} trend` : 'the published trend';
  if (pr && !api && settings.commentOnPullRequest) core.warning('No pull-request comment was written: github-token is empty');
  const writing = pr && api && settings.commentOnPullRequest ? await current(api, pr) : false;
  // A fork decides how many suites its artifacts hold: the comments are bounded, the worst first.
  const commented = new Set(
    [...judged]
      .sort((a, b) => worse(b.verdicts) - worse(a.verdicts))
      .slice(0, MAX_PULL_REQUEST_COMMENTS)
      .map((j) => j.suite),
  );
  if (pr && writing && judged.length > MAX_PULL_REQUEST_COMMENTS) {
    core.warning(
      `${judged.length} suites were compared; comments were written for the ${MAX_PULL_REQUEST_COMMENTS} with the most cases worse than ${compared?.trend ?? pr.base}, one per suite, and the other ${judged.length - MAX_PULL_REQUEST_COMMENTS} are in this job's summary`,
    );
  }
  const tables: string[] = [];
  for (const { suite, sha, verdicts } of judged) {
    tables.push(renderVerdictTable(verdicts, `Against ${trend}${judged.length > 1 ? ` (${suite})` : ''}`, links(settings, runner)));
    if (pr && api && writing && commented.has(suite)) {
      // The compare report (DEFAULT_REPORT_LIMIT at most, its tables left out past it) shares the
      // one comment GitHub caps: the verdicts get what it leaves.
      const data = { suite, sha, base: pr.base, ...(defaultBranch !== undefined ? { defaultBranch } : {}), verdicts };
      const render = (report: string) => [renderPullRequestComment(data, links(settings, runner), Math.max(0, COMMENT_LIMIT - report.length - 2)), report].join('\n\n').trimEnd();
      let body = render(extra ?? '');
      // A report of hundreds of cases with long names leaves the verdicts no room at all: they
      // keep the comment, and the report the summary.
      if (body.length > COMMENT_LIMIT) body = render(COMPARE_REPORT_LEFT_OUT);
      reportComment(await api.upsertPullRequestComment(pr.number, commentMarkers('pr', suite), body, { fromFork: pr.fromFork === true }));
    }
  }
  core.info(pr ? 'Pull requests never publish: the head was compared with the published trend, which only pushes, dispatches and schedules write' : (against?.why ?? 'auto-push is false: nothing was published, and the points were compared with the trend'));
  return { tables, regressions: judged.flatMap((j) => regressionEntries(j.verdicts)) };
}

/** `repository.default_branch` of the event (pull_request, workflow_run and merge_group payloads carry it). */
function defaultBranchOf(payload: Record<string, unknown>): string | undefined {
  const repository = payload['repository'];
  const name = typeof repository === 'object' && repository !== null ? (repository as { default_branch?: unknown }).default_branch : undefined;
  return typeof name === 'string' && name !== '' ? name : undefined;
}

const COMPARE_REPORT_LEFT_OUT = `The compare-baseline report is in this job's summary: beside the verdicts it would not fit the ${COMMENT_LIMIT.toLocaleString('en')} characters GitHub takes in a comment.`;

/** Pull-request comments one run writes at most: one per suite, the suites with the most worse cases first. */
export const MAX_PULL_REQUEST_COMMENTS = 10;

const worse = (verdicts: readonly CaseVerdict[]) => verdicts.filter((v) => v.kind === 'regressed' || v.kind === 'step').length;

/**
 * Whether the head this run benched is still the pull request's, and the pull request still open:
 * a run that finished after a newer push's (or was run again) would put an older head's numbers
 * over the newer ones, and one that finished after the pull request was closed or merged would
 * comment on a change that is no longer proposed.
 */
async function current(api: GitHubComments, pr: { number: number; head: string }): Promise<boolean> {
  const now = await api.pullRequestNow(pr.number);
  if (now === undefined) return true;
  if (!now.open) {
    core.info(`No pull-request comment was written: pull request #${pr.number} is closed; this run benched ${pr.head.slice(0, 7)}`);
    return false;
  }
  if (now.head === undefined || now.head === pr.head) return true;
  core.info(`No pull-request comment was written: pull request #${pr.number} has moved on to ${now.head.slice(0, 7)} since this run benched ${pr.head.slice(0, 7)}; the run of its head writes the comment`);
  return false;
}
