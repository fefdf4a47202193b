/**
 * The publish of the action, one path for a run's points and for a merge's groups: one gh-pages
 * commit, the regressions of every group judged as it lands, then their annotations and comments.
 */
import * as core from '@actions/core';
import { escapeMarkdown } from '../core/markdown.js';
import type { PublishGroup } from '../core/trend/plan-groups.js';
import type { CaseInfo } from '../core/trend/types.js';
import { regressionAnnotations, renderVerdictTable, type RegressionEntry } from '../core/render-verdicts.js';
import type { CaseVerdict } from '../core/regress/detect.js';
import { ancestryFromApi, ancestryFromGit, firstAnswer, type AncestryCheck } from '../effects/ancestry.js';
import { PushPermissionError } from '../effects/gh-pages.js';
import type { GitHubComments } from '../effects/github-api.js';
import { readPageAssets } from '../effects/page-assets.js';
import { publishGroups, resolveTrendTarget, type PublishHooks } from '../jobs/publish.js';
import { postRegressionComments, regressionDeriver, withdrawnLines, type RegressionOutcome } from '../jobs/regressions.js';
import type { Settings } from '../settings.js';
import { access, commentsApi, links, publishSettings, reportComment, type ActionRunner } from './runner.js';

/** Progress to the log, what the user should read as warnings, and the chart page's files. */
const PUBLISH_HOOKS: PublishHooks = {
  log: (l) => core.info(l),
  warn: (l) => core.warning(l),
  pageAssets: () => readPageAssets(),
};

/**
 * The trend's repository when it is another on this server than the run's (github-action-benchmark's
 * gh-repository): the job's own token, github-token's default, can never push there, whatever the
 * workflow's permissions say.
 */
function otherRepository(settings: Settings, runner: ActionRunner): string | undefined {
  const { webUrl } = resolveTrendTarget(publishSettings(settings), access(runner)).remote;
  const own = runner.repository === undefined ? undefined : `${runner.serverUrl.replace(/\/+$/, '')}/${runner.repository}`;
  return webUrl !== undefined && own !== undefined && webUrl.toLowerCase() !== own.toLowerCase() ? webUrl : undefined;
}

/** Publishes; a token that may not push (a fork's) is a warning and the run goes on. */
async function publishOrWarn(run: () => Promise<string>, other: string | undefined): Promise<string | undefined> {
  try {
    return await run();
  } catch (e) {
    if (e instanceof PushPermissionError) {
      const advice =
        other === undefined
          ? 'A pull request from a fork gets a read-only token; give the job contents: write to publish.'
          : `The job's own token (github-token's default) may push only to its own repository, whatever the workflow's permissions: give github-token a token that may push to ${other} (a personal access token or a GitHub App's, with contents: write).`;
      core.warning(`Nothing was published: ${e.message}. ${advice}`);
      return undefined;
    }
    throw e;
  }
}

/**
 * How a commit stands to another: the checkout first (no request), then the REST API's compare,
 * since actions/checkout's default shallow clone holds the benched commit alone.
 */
function ancestry(runner: ActionRunner, api: GitHubComments | undefined): AncestryCheck {
  const sources = [ancestryFromGit(runner.workspace, runner.env, runner.bounds.requestMs)];
  if (api) sources.push(ancestryFromApi(api));
  return firstAnswer(sources);
}

export interface Judged {
  readonly verdicts: CaseVerdict[];
  readonly regressions: RegressionEntry[];
  /** The regressions table for the summary under `title`, '' when no case was judged. */
  readonly table: (title: string) => string;
  /** The cases of the published trend (its manifest), none when nothing was published. */
  readonly cases: readonly CaseInfo[];
  /** One markdown line per group whose commit's earlier points this publish replaced, for the summary. */
  readonly replaced: readonly string[];
}

/**
 * What a publish over a commit's earlier points says (a re-run, a nightly schedule on an unchanged
 * branch): the trend keeps one point per case per commit, and a reader expecting a point a night
 * should not find last night's gone unsaid. `esc` escapes the shape names for markdown.
 */
function replacedLine(o: RegressionOutcome, esc: (text: string) => string = (t) => t): string | undefined {
  const r = o.replacedRun;
  if (!r) return undefined;
  const shapes = r.shapes.map((x) => esc(JSON.stringify(x))).join(', ');
  return (
    `${esc(o.suite)} at ${o.sha.slice(0, 7)}: this run replaced the points of shape${r.shapes.length === 1 ? '' : 's'} ${shapes} that ${r.runUrl ?? 'an earlier run'} published for this commit at ${r.publishedAt}; ` +
    'the trend keeps one point per case per commit, so running again on an unchanged commit (a re-run, a schedule) replaces its points rather than adding a point'
  );
}

/**
 * Publishes `groups` in one gh-pages commit (output `published-commit`) and judges each: one
 * deriver per group (a suite at a commit), since a commit comment is per commit and suite; the
 * publisher calls the hook once per group with that group's segments as `added`. `note` is false
 * for a merge: each collect job's note is already on its points.
 */
export async function publishJudged(settings: Settings, runner: ActionRunner, groups: readonly PublishGroup[], note: boolean): Promise<Judged> {
  const groupKey = (suite: string, commit: string) => `${suite}\u0000${commit}`;
  // One client for the run: the ancestry questions and the comments share its budget.
  const api = commentsApi(settings, runner);
  const ancestryOf = ancestry(runner, api);
  const judges = new Map(groups.map((g) => [groupKey(g.suite, g.commit.sha), regressionDeriver(g.suite, settings.alerts, ancestryOf)]));
  // A publish of one group is judged by its one deriver even when it adds no segment of its own (an import alone).
  const only = judges.size === 1 ? [...judges.values()][0] : undefined;
  const published = await core.group('Publishing', () =>
    publishOrWarn(async () => {
      const { note: runNote, ...shared } = publishSettings(settings);
      const result = await publishGroups(
        { ...shared, ...(note && runNote !== undefined ? { note: runNote } : {}) },
        { ...access(runner), groups, publishedAt: runner.now },
        {
          ...PUBLISH_HOOKS,
          alerts: async (ctx) => {
            const own = ctx.added.find((a) => !a.imported);
            const judge = own !== undefined ? judges.get(groupKey(own.suite, own.commit.sha)) : only;
            return judge ? judge.derive(ctx) : ctx.previous;
          },
        },
      );
      return result.commit;
    }, otherRepository(settings, runner)),
  );
  if (published) core.setOutput('published-commit', published);
  const outcomes = published ? [...judges.values()].map((j) => j.outcome()).filter((o): o is RegressionOutcome => o !== undefined) : [];
  for (const o of outcomes) {
    const line = replacedLine(o);
    if (line) core.info(line);
  }
  const replaced = outcomes.map((o) => replacedLine(o, escapeMarkdown)).filter((l): l is string => l !== undefined);
  const { verdicts, regressions } = await afterPublish(outcomes, settings, runner, api);
  return {
    verdicts,
    regressions,
    table: (title) => (verdicts.length ? renderVerdictTable(verdicts, title, links(settings, runner), true) : ''),
    cases: outcomes.flatMap((o) => o.cases),
    replaced,
  };
}

/** The regressions of a publish: one warning annotation each, and the comments. */
async function afterPublish(outcomes: readonly RegressionOutcome[], s: Settings, runner: ActionRunner, api: GitHubComments | undefined): Promise<{ verdicts: CaseVerdict[]; regressions: RegressionEntry[] }> {
  const verdicts = outcomes.flatMap((o) => o.verdicts);
  const regressions = outcomes.flatMap((o) => o.regressions);
  for (const a of regressionAnnotations(verdicts)) core.warning(a.message, { title: a.title });
  for (const o of outcomes) for (const line of withdrawnLines(o)) core.info(`${o.suite} / ${line}`);
  for (const o of outcomes) {
    if (o.olderThan !== undefined) core.info(`${o.suite}: ${o.sha.slice(0, 7)} is older than ${o.olderThan.slice(0, 7)} (an ancestor of it), which the trend already holds: its points were published after it and not judged`);
  }
  if (api && (s.commentOnAlert || s.commentAlways)) {
    await core.group('Commenting', async () => {
      for (const outcome of outcomes) {
        const results = await postRegressionComments(api, outcome, {
          always: s.commentAlways,
          onlyThisCommit: !s.commentOnAlert,
          ccUsers: s.ccUsers,
          links: links(s, runner),
        });
        results.forEach(reportComment);
        // Else the group reads empty, and comment-always promised a comment on every push.
        if (s.commentAlways && outcome.verdicts.length > 0 && outcome.verdicts.every((v) => v.kind === 'not-judged')) {
          const why = outcome.olderThan !== undefined ? `it is older than ${outcome.olderThan.slice(0, 7)}, which the trend already holds` : 'it was benched again after newer commits';
          core.info(`No comment on ${outcome.sha.slice(0, 7)}: ${why}, so this run judged nothing (its points are history, not news)`);
        }
      }
    });
  } else if ((s.commentOnAlert || s.commentAlways) && regressions.length > 0) {
    core.warning('A case regressed but no comment was written: github-token is empty');
  }
  return { verdicts, regressions };
}
