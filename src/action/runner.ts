/**
 * What the runner says about this job, read once at the action's door: the environment
 * (src/runner.ts), the event through the toolkit's `github.context`, and the clock. Everything
 * below main.ts is given these values.
 */
import * as core from '@actions/core';
import * as github from '@actions/github';
import { join } from 'node:path';
import { commitFromEvent, commitUrl, resolveCommitInfo } from '../core/trend/commit-info.js';
import { isOwnerName } from '../core/trend/remote.js';
import type { CommitInfo } from '../core/trend/types.js';
import type { CommentLinks } from '../core/render-comment.js';
import { commitFromApi, commitFromGit } from '../effects/commit-info.js';
import { commentLogLine, GitHubComments, type CommentOutcome } from '../effects/github-api.js';
import type { PublishSettings, TrendAccess } from '../jobs/publish.js';
import { pagesUrlFor } from '../jobs/regressions.js';
import type { RunContext } from '../jobs/scale-out.js';
import { runnerEnvironment, type RunnerEnvironment } from '../runner.js';
import type { Settings } from '../settings.js';

export interface ActionRunner extends RunnerEnvironment {
  /** The event that started the run (github.context.eventName); push when unset. */
  readonly eventName: string;
  /** Its payload (github.context.payload); {} when there is none. */
  readonly payload: Record<string, unknown>;
  /** ISO time of this run: the one clock read. */
  readonly now: string;
}

export function actionRunner(): ActionRunner {
  const { eventName, payload } = github.context;
  return {
    ...runnerEnvironment(process.env, process.cwd()),
    eventName: eventName || 'push',
    payload: payload as Record<string, unknown>,
    now: new Date().toISOString(),
  };
}

/**
 * The pull request a pull_request(_target) event is about; undefined for every other event.
 * `fromFork`: its head is in another repository than its base.
 */
export function pullRequest(runner: ActionRunner): { number: number; head: string; base: string; fromFork: boolean } | undefined {
  if (!runner.eventName.startsWith('pull_request')) return undefined;
  type Side = { sha?: unknown; ref?: unknown; repo?: { full_name?: unknown } | null };
  const pr = runner.payload['pull_request'] as { number?: unknown; head?: Side; base?: Side } | undefined;
  if (!pr || typeof pr.number !== 'number' || typeof pr.head?.sha !== 'string') return undefined;
  const headRepo = pr.head.repo?.full_name;
  const baseRepo = pr.base?.repo?.full_name;
  // A fork deleted since has no head repository: its pull request is still a fork's.
  const fromFork = typeof baseRepo === 'string' && headRepo !== baseRepo;
  return { number: pr.number, head: pr.head.sha, base: typeof pr.base?.ref === 'string' ? pr.base.ref : 'main', fromFork };
}

/**
 * The merge group a merge_group event is about; undefined for every other event. `head` is the
 * queue's temporary commit (merge_group.head_sha, which GITHUB_SHA also names), `base` the branch
 * it will land on: base_ref, else read from head_ref (`refs/heads/gh-readonly-queue/<base>/pr-…`);
 * `why` the line that says why the run publishes nothing.
 */
export function mergeGroup(runner: ActionRunner): { head: string; base: string; why: string } | undefined {
  if (runner.eventName !== 'merge_group') return undefined;
  const group = runner.payload['merge_group'] as { head_sha?: unknown; base_ref?: unknown; head_ref?: unknown } | undefined;
  const head = typeof group?.head_sha === 'string' && group.head_sha !== '' ? group.head_sha : runner.sha;
  const fromBase = typeof group?.base_ref === 'string' ? group.base_ref.replace(/^refs\/heads\//, '') : '';
  const fromHead = typeof group?.head_ref === 'string' ? /^refs\/heads\/gh-readonly-queue\/(.+)\/pr-\d+-[0-9a-f]+$/.exec(group.head_ref)?.[1] ?? '' : '';
  const base = fromBase || fromHead || 'main';
  const why = `A merge_group run publishes nothing: ${head.slice(0, 7)} is the merge queue's commit, not yet on ${base}; its points were compared with the trend, and the run of the push that lands it publishes`;
  return { head, base, why };
}

export async function commitFor(runner: ActionRunner, sha: string, token: string | undefined): Promise<CommitInfo> {
  const url = commitUrl(runner.serverUrl, runner.repository, sha);
  const failures: string[] = [];
  const commit = await resolveCommitInfo({
    sha,
    ...(url !== undefined ? { url } : {}),
    fromEvent: () => commitFromEvent(runner.payload, sha),
    fromGit: () => commitFromGit(runner.workspace, sha, runner.env, runner.bounds.requestMs),
    ...(runner.repository
      ? {
          fromApi: () =>
            commitFromApi({ apiUrl: runner.apiUrl, repository: runner.repository as string, sha, timeoutMs: runner.bounds.requestMs, ...(token ? { token } : {}) }),
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
      `No message or author found for commit ${sha.slice(0, 7)} (not in the event, not in the checkout${failures.length > 0 ? `, and the API failed: ${failures.join('; ')}` : runner.repository ? ', not known to the API' : ''}); its points are stored without them, or with those of its earlier run on the trend`,
    );
  }
  return commit;
}

/**
 * github-action-benchmark resolved a leading `~` of output-file-path and external-data-json-path
 * to the home folder, and the runner hands `with:` values on as written, no shell between:
 * `records: ~/out.txt` (or `import-from:`, `compare-baseline:`), the path it took, was refused as
 * a file the bench did not write. Never a path on the trend's branch, which has no home.
 */
export function withHomePaths(s: Settings, home: string | undefined): Settings {
  if (!home) return s;
  const fromHome = (p: string) => (p === '~' || p.startsWith('~/') ? join(home, p.slice(1)) : p);
  return {
    ...s,
    records: s.records.map(fromHome),
    compareBaseline: s.compareBaseline.map(fromHome),
    ...(s.importFrom !== undefined ? { importFrom: fromHome(s.importFrom) } : {}),
  };
}

export function publishSettings(s: Settings): PublishSettings {
  return {
    repository: s.repository,
    branch: s.branch,
    dataDir: s.dataDir,
    suite: s.suite,
    maxAttempts: s.maxAttempts,
    annotations: s.annotations,
    ...(s.token !== undefined ? { token: s.token } : {}),
    ...(s.importFrom !== undefined ? { importFrom: s.importFrom } : {}),
    ...(s.directionOverrides.length > 0 ? { directionOverrides: s.directionOverrides } : {}),
    ...(s.note !== undefined ? { note: s.note } : {}),
  };
}

export function access(runner: ActionRunner): TrendAccess {
  return {
    serverUrl: runner.serverUrl,
    ...(runner.repository !== undefined ? { currentRepository: runner.repository } : {}),
    cwd: runner.workspace,
    env: runner.env,
    tempRoot: runner.tempRoot,
    bounds: runner.bounds,
  };
}

/** This job's run as the scale-out jobs see it; the commit is the caller's. */
export function runContext(runner: ActionRunner, commit: CommitInfo): RunContext {
  return { commit, job: runner.job, runAttempt: runner.runAttempt, runUrl: runner.runUrl, now: runner.now, artifacts: runner.artifacts };
}

/** A commit known by its sha only (a merge's, an artifact's evidence): the run's time stands in. */
export function bareCommit(runner: ActionRunner, sha: string): CommitInfo {
  return { sha, message: '', author: '', timestamp: runner.now };
}

export function links(s: Settings, runner: ActionRunner): CommentLinks {
  const target = isOwnerName(s.repository) ? s.repository : s.repository === '' ? runner.repository : undefined;
  const pagesUrl = pagesUrlFor(target, s.dataDir, runner.serverUrl);
  return {
    ...(pagesUrl !== undefined ? { pagesUrl } : {}),
    ...(runner.runUrl !== undefined ? { runUrl: runner.runUrl } : {}),
    ...(runner.docsUrl !== undefined ? { docsUrl: runner.docsUrl } : {}),
  };
}

export function commentsApi(s: Settings, runner: ActionRunner): GitHubComments | undefined {
  if (!s.token || !runner.repository) return undefined;
  const { requestMs, budgetMs } = runner.bounds;
  return new GitHubComments({ token: s.token, baseUrl: runner.apiUrl, repository: runner.repository, timeoutMs: requestMs, budgetMs, log: (l) => core.info(l) });
}

export function reportComment(outcome: CommentOutcome): void {
  if (outcome.ok) core.info(commentLogLine(outcome));
  else core.warning(outcome.warning);
}
