/** A pull request's points judged against the base branch's trend: tables and the pull request's comment. */
import * as core from '@actions/core';
import type { Point } from '../core/model.js';
import type { CaseVerdict } from '../core/regress/detect.js';
import { COMMENT_LIMIT, pullRequestCommentMarker, renderPullRequestComment } from '../core/render-comment.js';
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
 */
export async function compareWithBaseTrend(
  settings: Settings,
  runner: ActionRunner,
  pr: { number: number; base: string; fromFork?: boolean },
  suites: readonly PullRequestSuite[],
  extra: string | undefined,
): Promise<{ tables: string[]; regressions: RegressionEntry[] }> {
  const judged = await core.group('Comparing with the base branch trend', () =>
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
      // The compare report (DEFAULT_REPORT_LIMIT at most, its tables left out past it) shares the
      // one comment GitHub caps: the verdicts get what it leaves.
      const room = Math.max(0, COMMENT_LIMIT - (extra ?? '').length - 2);
      const body = [renderPullRequestComment({ suite, sha, base: pr.base, verdicts }, links(settings, runner), room), extra ?? ''].join('\n\n').trimEnd();
      reportComment(await api.upsertPullRequestComment(pr.number, pullRequestCommentMarker(suite), body, { fromFork: pr.fromFork === true }));
    }
  }
  core.info('Pull requests never publish: the trend is the base branch’s');
  return { tables, regressions: judged.flatMap((j) => regressionEntries(j.verdicts)) };
}
