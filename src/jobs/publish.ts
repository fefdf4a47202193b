/**
 * Publishing a run's points to the trend: the one path both the action (main.ts) and
 * `benchtrend publish` take. Plans in the pure core, drives git through effects, and on a lost
 * race fetches the new tip, plans again on it and pushes again. A merge's several groups (suites
 * at commits) take the same path and land in one commit (publishGroups).
 */
import { existsSync } from 'node:fs';
import { posix, resolve } from 'node:path';
import { noteText } from '../core/cases.js';
import { InputError, type Point } from '../core/model.js';
import type { DirectionOverride } from '../core/direction.js';
import { missingRollups, type TrendReader } from '../core/trend/load.js';
import type { AlertDeriver, PageFiles, PublishPlan } from '../core/trend/plan.js';
import { planGroups, type PublishGroup } from '../core/trend/plan-groups.js';
import { describedRepository, resolveRemote, urlSecrets, type Remote } from '../core/trend/remote.js';
import { TrendDataError, checkWrittenFiles } from '../core/trend/validate.js';
import { CHUNK_FOLDER, MANIFEST_PATH } from '../core/trend/layout.js';
import type { Annotation, CommitInfo, Manifest } from '../core/trend/types.js';
import { BOT_IDENTITY, gitEnv, remoteAuth, tokenAuth, type Env, type Identity } from '../effects/git.js';
import { GitTransientError, PagesBranch, PushRaceError, isTransientPublishError } from '../effects/gh-pages.js';
import { lockInTheWay } from '../effects/git-failures.js';
import { MAX_IMPORT_BYTES, readFailure, readRegularFile, TooLargeError } from '../effects/record-files.js';
import { RetriesExhaustedError, retryWithBackoff } from '../effects/retry.js';
import { DEFAULT_BOUNDS, seconds, type NetworkBounds } from '../effects/timeouts.js';

/** Events whose runs publish; a pull request never does (its code is not on the branch yet). */
export const PUBLISH_EVENTS: readonly string[] = ['push', 'workflow_dispatch', 'schedule'];

/**
 * Why a run of this event publishes nothing; undefined when it publishes. A push that deleted its
 * branch or tag runs at the default branch's tip (GITHUB_SHA "reverts to the default branch"), a
 * commit nobody pushed: its points would replace that commit's as a re-run's do, and its comment
 * would be edited by a run that benched no change.
 */
export function notPublishing(eventName: string, payload?: unknown): string | undefined {
  // The README's fork pattern runs on workflow_run: one that kept the default mode gets the cure.
  if (eventName === 'workflow_run') return "A workflow_run event does not publish in mode publish; give it mode: merge, which publishes the triggering run's collected points (or comments them on its pull request)";
  if (!PUBLISH_EVENTS.includes(eventName)) return `A ${eventName} event does not publish; push, workflow_dispatch and schedule do`;
  const push = typeof payload === 'object' && payload !== null ? (payload as { deleted?: unknown; ref?: unknown }) : {};
  if (eventName === 'push' && push.deleted === true) {
    const ref = typeof push.ref === 'string' && push.ref !== '' ? push.ref : 'its ref';
    return `A push that deleted ${ref} does not publish: its run is at the default branch's tip, a commit that was not pushed`;
  }
  return undefined;
}

export function publishesOn(eventName: string, payload?: unknown): boolean {
  return notPublishing(eventName, payload) === undefined;
}

/** Where a trend lives. */
export interface TrendTarget {
  /** `repository`: empty for the current one, owner/name, a git URL or a path. */
  readonly repository: string;
  /** `gh-pages-branch`, default gh-pages. */
  readonly branch: string;
  /** `data-dir`, default dev/bench: the folder of the branch holding the trend and the page. */
  readonly dataDir: string;
  /** `github-token`; undefined works without auth (a local path, a public test server). */
  readonly token?: string;
}

/** How to reach it from here. */
export interface TrendAccess {
  /** GITHUB_SERVER_URL: where owner/name points and which host receives the token. */
  readonly serverUrl: string;
  /** GITHUB_REPOSITORY, the default target. */
  readonly currentRepository?: string;
  /** Where relative paths (`repository`, `import-from`) are resolved. */
  readonly cwd: string;
  /** The environment git runs in (PATH, HOME, proxies). */
  readonly env: Env;
  /** Parent of the temporary repository (RUNNER_TEMP on a runner). */
  readonly tempRoot: string;
  /** Timeouts and budgets (the door's, from BENCHTREND_*_MS); DEFAULT_BOUNDS when not given. */
  readonly bounds?: NetworkBounds;
}

export interface PublishSettings extends TrendTarget {
  /** `suite`, default `default`. */
  readonly suite: string;
  /**
   * `max-attempts`: pushes tried before giving up on a contended branch. Unset by default: the
   * race budget (NetworkBounds.raceBudgetMs, 5 minutes) is the bound.
   */
  readonly maxAttempts?: number | undefined;
  /** `import-from`: a github-action-benchmark data.js on the branch, else a local file. */
  readonly importFrom?: string;
  /** `direction-overrides`, applied to an imported history's cases too (the run's points come with them applied). */
  readonly directionOverrides?: readonly DirectionOverride[];
  /** `annotations`, already parsed. */
  readonly annotations?: readonly Annotation[];
  /** Who the gh-pages commits are by; github-actions[bot] by default. */
  readonly identity?: Identity;
  /** `note`: appended to every stored point's extra, as the flat case array does. */
  readonly note?: string;
}

export interface PublishContext extends TrendAccess {
  readonly points: readonly Point[];
  readonly commit: CommitInfo;
  readonly runUrl?: string;
  /** ISO time of this publish. */
  readonly publishedAt: string;
}

/** Several suites or commits in one publish (a merge): one gh-pages commit for all of them. */
export interface GroupsContext extends TrendAccess {
  /** Planned in this order, each one segment; a later group re-running an earlier one's shapes supersedes them. */
  readonly groups: readonly PublishGroup[];
  /** ISO time of this publish. */
  readonly publishedAt: string;
}

export interface PublishHooks {
  readonly log?: (line: string) => void;
  /** Things the user should read (an import skipped, a unit converted); default: log. */
  readonly warn?: (line: string) => void;
  /** The chart page's files and version (src/effects/page-assets.ts readPageAssets); undefined: no page. */
  readonly pageAssets?: () => Promise<PageFiles | undefined>;
  readonly alerts?: AlertDeriver;
  /** Backoff between attempts: the first wait is below this bound, doubling each time. */
  readonly retryBaseMs?: number;
  readonly sleep?: (ms: number) => Promise<void>;
  readonly random?: () => number;
}

export interface PublishResult {
  /** The gh-pages commit pushed: output `published-commit`. */
  readonly commit: string;
  readonly remote: string;
  readonly branch: string;
  readonly dataDir: string;
  readonly attempts: number;
  /** Every group's plan as one: `added`, `warnings` and `files` cover them all. */
  readonly plan: PublishPlan;
  /** One plan per group published, in order (groups without points are left out). */
  readonly plans: readonly PublishPlan[];
}

/** What main.ts masks with core.setSecret: the token and the header value derived from it. */
export function publishSecrets(serverUrl: string, token: string | undefined): string[] {
  return token ? [...tokenAuth(serverUrl, token).secrets] : [];
}

/** data-dir as a clean relative folder; an absolute path, `..`, .git and control characters are refused. */
export function normaliseDataDir(dataDir: string): string {
  // A folder of the branch, not of this machine: `--dir ~/trend` reaches the CLI as /home/me/trend,
  // which was published as home/me/trend on the branch without a word.
  if (/^(?:[\\/]|[A-Za-z]:[\\/])/.test(dataDir)) {
    const relative = dataDir.replace(/^(?:[A-Za-z]:)?[\\/]*/, '').replace(/\\/g, '/');
    throw new InputError(
      `data-dir: ${JSON.stringify(dataDir)} is an absolute path, but it names a folder of the branch, from its root, not one on this machine; give it without the leading ${/^[A-Za-z]:/.test(dataDir) ? 'drive' : '/'}${relative === '' ? ', like dev/bench' : `: ${JSON.stringify(relative)}`}`,
    );
  }
  const parts = dataDir.split(/[\\/]+/).filter((p) => p !== '' && p !== '.');
  if (parts.some((p) => p === '..')) throw new InputError(`data-dir: ${JSON.stringify(dataDir)} leaves the branch; give a folder inside it, like dev/bench`);
  // git refuses to check out a tree holding .git in any case or NTFS spelling (.GIT, .git., git~1):
  // published, the branch could no longer be cloned, by GitHub Pages either.
  if (parts.some((p) => /^\.git[. ]*$|^git~1$/i.test(p))) {
    throw new InputError(`data-dir: ${JSON.stringify(dataDir)} names git's own folder (.git, in any case), which no checkout can hold; give a folder like dev/bench`);
  }
  // A line break here is a value pasted or written as a block; Windows cannot check such a folder out.
  const control = /[\u0000-\u001f\u007f]/u.exec(dataDir);
  if (control) throw new InputError(`data-dir: ${JSON.stringify(dataDir)} holds a control character (${JSON.stringify(control[0])}); give a folder name on one line, like dev/bench`);
  return parts.join('/');
}

function checkBranch(branch: string): string {
  // git takes `refs/heads/gh-pages` as a branch of that whole name, which then shadows gh-pages.
  if (/^refs\//.test(branch)) {
    throw new InputError(`gh-pages-branch: ${JSON.stringify(branch)} is a ref, not a branch name; give the name alone, like ${JSON.stringify(branch.replace(/^refs\/(?:heads\/)?/, ''))}`);
  }
  // git check-ref-format's rules, so that any name git takes is taken (bench-ü, perf+arm, v2@x):
  // no control character, space or ~^:?*[\, no "..", "//", "@{", no part starting with "." or
  // ending with ".lock", no "-" first (git branch refuses it), no "/" or "." last, not "@".
  // Lone surrogates are refused too: they have no UTF-8 spelling for git to store.
  if (!/^(?!-)(?!\/)(?!@$)(?!.*\.\.)(?!.*\/\/)(?!.*@\{)(?!(?:.*\/)?\.)(?!.*\.lock(?:\/|$))[^\u0000-\u0020\u007f~^:?*[\\\ud800-\udfff]+(?<![./])$/u.test(branch)) {
    throw new InputError(`gh-pages-branch: ${JSON.stringify(branch)} is not a branch name git accepts`);
  }
  return branch;
}

interface OpenTrend {
  readonly branch: PagesBranch;
  readonly remote: Remote;
  readonly branchName: string;
  readonly dataDir: string;
  readonly location: string;
  /** A path inside data-dir as a path from the branch's root. */
  readonly under: (path: string) => string;
}

/**
 * The trend's place checked and resolved: data-dir, gh-pages-branch and repository, each refused
 * with its input's name. main.ts calls it before reading anything, so a typo there costs nothing.
 */
export function resolveTrendTarget(target: TrendTarget, access: TrendAccess): { readonly dataDir: string; readonly branchName: string; readonly remote: Remote } {
  const dataDir = normaliseDataDir(target.dataDir);
  const branchName = checkBranch(target.branch);
  const remote = resolveRemote(target.repository, {
    serverUrl: access.serverUrl,
    ...(access.currentRepository !== undefined ? { currentRepository: access.currentRepository } : {}),
    cwd: access.cwd,
    isLocalPath: (p) => existsSync(resolve(access.cwd, p)),
  });
  return { dataDir, branchName, remote };
}

async function openTrend(target: TrendTarget, access: TrendAccess, identity: Identity, bounds: NetworkBounds): Promise<OpenTrend> {
  const { dataDir, branchName, remote } = resolveTrendTarget(target, access);
  const { url, auth } = remoteAuth(access.serverUrl, remote.url, target.token);
  // git's own stall detector, beside the hard kill of the command: its message names the stall.
  const stall = String(Math.max(1, Math.ceil(bounds.requestMs / 1000)));
  const branch = await PagesBranch.open({
    remote: url,
    display: remote.display,
    branch: branchName,
    env: gitEnv(access.env, auth, { 'remote.origin.url': url, 'http.lowSpeedLimit': '1000', 'http.lowSpeedTime': stall }),
    secrets: [...(auth?.secrets ?? []), ...(target.token ? tokenAuth(access.serverUrl, target.token).secrets : []), ...urlSecrets(remote.url)],
    tempRoot: access.tempRoot,
    identity,
    timeoutMs: bounds.requestMs,
  });
  return { branch, remote, branchName, dataDir, location: `${branchName}:${dataDir || '.'}`, under: (path) => (dataDir === '' ? path : `${dataDir}/${path}`) };
}

function withNote(points: readonly Point[], raw: string | undefined): readonly Point[] {
  const note = raw === undefined ? '' : noteText(raw);
  if (!note) return points;
  return points.map((p) => ({ ...p, extra: p.extra ? `${p.extra} ${note}` : note }));
}

function shortList(items: readonly string[], noun: string): string {
  return items.length <= 3 ? items.join(', ') : `${items.length} ${noun}`;
}

function segmentRange(added: readonly { readonly seq: number }[]): string {
  const first = added[0]?.seq ?? 0;
  const last = added[added.length - 1]?.seq ?? first;
  return first === last ? `${first}` : `${first}-${last}`;
}

function commitMessage(groups: readonly PublishGroup[], plans: readonly PublishPlan[], plan: PublishPlan): string {
  const count = (p: PublishPlan) => p.added.reduce((n, s) => n + (s.imported ? 0 : s.points.length), 0);
  const suites = [...new Set(groups.map((g) => g.suite))];
  const shas = [...new Set(groups.map((g) => g.commit.sha.slice(0, 7)))];
  const what = `${shortList(suites, 'suites')} at ${shortList(shas, 'commits')}`;
  const head = plan.imported
    ? `benchtrend: import ${plan.imported.entries} github-action-benchmark entries and ${what}`
    : `benchtrend: ${what} (${count(plan)} points)`;
  const runs = [...new Set(groups.flatMap((g) => (g.runUrl !== undefined ? [g.runUrl] : [])))];
  const lines = [`Segment${plan.added.length > 1 ? 's' : ''} ${segmentRange(plan.added)} of the trend.`];
  // One line per group once there are several, so `git log` shows what each suite added.
  if (groups.length > 1) {
    groups.forEach((g, i) => {
      const p = plans[i];
      if (p) lines.push(`  ${g.suite} at ${g.commit.sha.slice(0, 7)}: segment${p.added.length > 1 ? 's' : ''} ${segmentRange(p.added)}, ${count(p)} points`);
    });
  }
  for (const url of runs) lines.push(`Run: ${url}`);
  return `${head}\n\n${lines.join('\n')}\n`;
}

/**
 * Publishes the points: fetch the tip, plan, commit, push; on a lost race (or a network hiccup)
 * the whole attempt repeats on the new tip, so the points are re-applied to what is there now.
 * Failures before the push leave the remote as it was.
 */
export function publishTrend(settings: PublishSettings, ctx: PublishContext, hooks: PublishHooks = {}): Promise<PublishResult> {
  const { points, commit, runUrl, ...access } = ctx;
  return publishGroups(settings, { ...access, groups: [{ suite: settings.suite, commit, points, ...(runUrl !== undefined ? { runUrl } : {}) }] }, hooks);
}

/**
 * Publishes several groups in ONE gh-pages commit and one push: each attempt plans the groups one
 * after another on the fetched tip (see planGroups), and a lost race repeats all of them on the
 * new tip. `settings.suite` is not used: each group names its own. The alerts hook runs once per
 * group, seeing only that group's segments as `added` and the earlier groups' as published.
 */
export async function publishGroups(settings: Omit<PublishSettings, 'suite'>, ctx: GroupsContext, hooks: PublishHooks = {}): Promise<PublishResult> {
  const log = hooks.log ?? (() => {});
  if (settings.maxAttempts !== undefined && (!Number.isInteger(settings.maxAttempts) || settings.maxAttempts < 1)) {
    throw new InputError(`max-attempts: ${JSON.stringify(settings.maxAttempts)} is not a whole number of at least 1`);
  }
  if (ctx.groups.length === 0) throw new InputError('nothing to publish: no group of points was given');
  const page = hooks.pageAssets ? await hooks.pageAssets() : undefined;
  const derive = hooks.alerts;
  // Alerts ride along with the data; a fault in deriving them must not cost the data its publish.
  // Older trend data that cannot be read is no such fault: like a damaged manifest, it stops the
  // publish, or the data would be appended to a history no reader can load.
  // Judging is work on this machine, not a wait on the remote (an import replays its whole
  // history): its time is added to the network deadline rather than taken from it.
  let onJudged = (_ms: number) => {};
  const alerts: AlertDeriver | undefined = derive
    ? async (context) => {
        const started = performance.now();
        try {
          return await derive(context);
        } catch (e) {
          if (e instanceof TrendDataError) throw e;
          (hooks.warn ?? log)(`alerts not updated: ${e instanceof Error ? e.message : String(e)}`);
          return context.previous;
        } finally {
          onJudged(performance.now() - started);
        }
      }
    : undefined;
  const groups = ctx.groups.map((g) => ({ ...g, points: withNote(g.points, settings.note) }));
  const bounds = ctx.bounds ?? DEFAULT_BOUNDS;
  const { branch, remote, branchName, dataDir, location, under } = await openTrend(settings, ctx, settings.identity ?? BOT_IDENTITY, bounds);
  onJudged = (ms) => {
    if (branch.deadline !== undefined) branch.deadline += ms;
  };
  try {
    const total = groups.reduce((n, g) => n + g.points.length, 0);
    const only = groups.length === 1 ? groups[0] : undefined;
    // Said once the first plan is made, not before: a refusal of the branch's data or of the
    // import-from file is then the only line, and an import is named with what it brings. An
    // attempt that failed before its plan (the tip not fetched) says it first all the same, with
    // the import not yet read ('unread'): a retry or a give-up says what it was publishing.
    let announced = false;
    /** What this publish brings, as the announcement and a failure's line name it. */
    const bringing = (imported: PublishPlan['imported'] | 'unread') => {
      const read = imported !== 'unread' ? imported : settings.importFrom !== undefined ? { entries: undefined } : undefined;
      const entries = read ? `${read.entries !== undefined ? `${read.entries} ` : ''}github-action-benchmark entries from ${settings.importFrom ?? 'data.js'}` : '';
      const importing = read ? `, importing ${entries},` : '';
      if (read && total === 0) return { importOnly: true, what: entries };
      return {
        importOnly: false,
        what: only
          ? `${total} points of suite "${only.suite}" at ${only.commit.sha.slice(0, 7)}${importing}`
          : `${total} points of ${groups.length} groups (${groups.map((g) => `${g.suite} at ${g.commit.sha.slice(0, 7)}`).join(', ')})${importing} in one commit`,
      };
    };
    let lastImported: PublishPlan['imported'] | 'unread' = 'unread';
    const announce = (imported: PublishPlan['imported'] | 'unread') => {
      if (announced) return;
      announced = true;
      const { importOnly, what } = bringing(imported);
      log(`${importOnly ? 'Importing' : 'Publishing'} ${what} to ${remote.display} (${location})`);
    };
    let attempts = 0;
    // Since when the remote has failed to answer (undefined while it answers): a service that
    // keeps failing gets bounds.budgetMs in all, a lost race the whole race budget.
    let failingSince: number | undefined;
    let lastNetwork: GitTransientError | undefined;
    // How long an attempt takes here and now: under contention the server is slower, so the
    // waits grow with it and the racers stop crowding a branch only one of them can take.
    let lastAttemptMs = 0;
    const started = performance.now();
    const attemptOnce = async (attempt: number) => {
      attempts = attempt;
      const attemptStart = performance.now();
      await branch.settle();
      branch.deadline = (failingSince ?? attemptStart) + bounds.budgetMs;
      const cut = branch.deadline - attemptStart < bounds.requestMs;
      try {
        return await attemptPublish();
      } catch (e) {
        lastAttemptMs = performance.now() - attemptStart;
        if (e instanceof GitTransientError) {
          failingSince ??= attemptStart;
          // An attempt the budget cut short says only that it was cut; the attempt before it
          // said what the remote did.
          if (cut && lastNetwork !== undefined && /no answer from the remote/.test(e.message)) throw lastNetwork;
          lastNetwork = e;
        } else if (e instanceof PushRaceError) failingSince = undefined;
        throw e;
      }
    };
    // Stops while a real attempt still fits: an attempt cut to a few ms would only report its cut,
    // not what the remote said.
    const stillTransient = (e: unknown) =>
      isTransientPublishError(e) &&
      !(e instanceof GitTransientError && failingSince !== undefined && bounds.budgetMs - (performance.now() - failingSince) < Math.min(1000, bounds.budgetMs / 4));
    const attemptPublish = async () => {
      {
        const tip = await branch.fetchTip();
        // The walks a publish makes, started now so that they share round trips with the manifest's.
        branch.prefetchNewest(tip, under('data/seg'), 2);
        branch.prefetchNewest(tip, under('data/roll/1'), 1);
        branch.prefetchNewest(tip, under('data/roll/2'), 1);
        // Format 2: the folder of the next single chunk, and the regression state's (the newest suite's).
        branch.prefetchNewest(tip, under('data/c/0'), 1);
        branch.prefetchNewest(tip, under('data/r'), 1);
        // Planning is mostly work on this machine (an import parses and re-encodes its whole
        // history: over a minute for 100,000 entries on a loaded runner); only the time some read
        // is waiting on the remote counts against the network deadline.
        let waiting = 0;
        let waitingSince = 0;
        let inFlight = 0;
        const read: TrendReader = async (path) => {
          if (inFlight++ === 0) waitingSince = performance.now();
          try {
            return (await branch.readFile(tip, under(path)))?.toString('utf8');
          } finally {
            if (--inFlight === 0) waiting += performance.now() - waitingSince;
          }
        };
        const importFrom = settings.importFrom;
        const planning = performance.now();
        let judging = 0;
        const judged = onJudged;
        onJudged = (ms) => {
          judging += ms;
          judged(ms);
        };
        const described = describedRepository(ctx.serverUrl, ctx.currentRepository, remote);
        const plan = await planGroups(
          read,
          {
            publishedAt: ctx.publishedAt,
            ...(described !== undefined ? { repository: described } : {}),
            ...(settings.annotations !== undefined ? { annotations: settings.annotations } : {}),
            ...(page !== undefined ? { page, exists: (path: string) => branch.hasFile(tip, under(path)) } : {}),
            ...(importFrom !== undefined
              ? { import: { from: importFrom, read: () => readImport(branch, tip, importFrom, ctx.cwd, settings.branch), ...(settings.directionOverrides?.length ? { directionOverrides: settings.directionOverrides } : {}) } }
              : {}),
            ...(alerts !== undefined ? { alerts } : {}),
            location,
          },
          groups,
        ).finally(() => {
          onJudged = judged;
        });
        // The judging hook's time was added already (onJudged).
        if (branch.deadline !== undefined) branch.deadline += Math.max(0, performance.now() - planning - waiting - judging);
        // The one gate every publish, import and merge passes: what is written is what readers accept.
        checkWrittenFiles(plan.files, location);
        // Trees only: whether each older chunk is there, not its bytes.
        const holes = plan.previous ? await missingRollups((path) => branch.hasFile(tip, under(path)), location, plan.previous) : [];
        lastImported = plan.imported;
        announce(plan.imported);
        const files = new Map([...plan.files].map(([path, content]) => [under(path), content] as const));
        const commit = await branch.commitFiles(tip, files, commitMessage(plan.groups, plan.plans, plan), plan.removed.map(under));
        await branch.push(commit);
        return { plan, commit, holes };
      }
    };
    let landed: Awaited<ReturnType<typeof attemptPublish>>;
    try {
      landed = await retryWithBackoff(attemptOnce, stillTransient, {
        ...(settings.maxAttempts !== undefined ? { attempts: settings.maxAttempts } : {}),
        budgetMs: bounds.raceBudgetMs,
        baseMs: hooks.retryBaseMs ?? (() => Math.max(500, lastAttemptMs)),
        // Up to 10 s, or eight attempts' time when attempts take longer. 32 racers on a slower
        // 2-core machine made each attempt take about 24 s; with every wait under 10 s they kept
        // attempting all at once, one landed per round, and 18 gave up after 5 minutes (issue
        // 15's 32 over smart HTTP). Waits that can grow past an attempt's time let them take
        // turns: all 32 landed in 216 s with four attempts' time, in 179 s with eight.
        // A remote that keeps failing has the network budget from its first failure, waits included:
        // a wait drawn for a race (10 s, 160 s after a cut 20 s attempt) took a publish past it.
        // Half of what is left, as the race budget's rule, so a real attempt still fits after it.
        maxMs: () => {
          const racing = Math.max(10_000, 8 * lastAttemptMs);
          if (failingSince === undefined) return racing;
          return Math.max(0, Math.min(racing, (bounds.budgetMs - (performance.now() - failingSince)) / 2));
        },
        ...(hooks.sleep ? { sleep: hooks.sleep } : {}),
        ...(hooks.random ? { random: hooks.random } : {}),
        onRetry: (attempt, error, wait) => {
          announce('unread');
          log(`Attempt ${attempt} did not land (${error instanceof Error ? error.message : String(error)}); trying again in ${wait} ms`);
        },
      });
    } catch (e) {
      const tried = seconds(performance.now() - started);
      // A failure not tried again (a refused push, a fetch the server turned away): its error names
      // the remote's words, this line what they cost. A refusal of the input or of the trend's data
      // stays the only line, and a give-up below says what it was publishing before its error. A
      // push cut off midway, which may have landed, is never here: it is a GitTransientError, and
      // every other way a push fails is a refusal (classifyPushFailure).
      if (!(e instanceof InputError || e instanceof RetriesExhaustedError || e instanceof GitTransientError || e instanceof PushRaceError)) {
        const { importOnly, what } = bringing(lastImported);
        log(`Not ${importOnly ? 'imported' : 'published'}: ${what.replace(/,$/, '')}; the trend on ${remote.display} (${location}) is untouched`);
      }
      // Gave up on the remote (not a refusal of the input): the log says what was not published.
      if (e instanceof RetriesExhaustedError || e instanceof GitTransientError || e instanceof PushRaceError) announce('unread');
      if (e instanceof RetriesExhaustedError && e.last instanceof PushRaceError) {
        // A lock file that outlives every attempt is no rival publisher: collect and merge would not help.
        const lock = lockInTheWay(e.last.message);
        if (lock !== undefined) {
          throw new PushRaceError(
            `${e.message}. The last push found ${lock} in its way after ${tried} of trying: unless a push there is under way, a git process stopped while updating the branch left it; remove it from the remote repository and publish again`,
          );
        }
        throw new PushRaceError(
          `${e.message}. Other publishers kept landing first for ${tried}; with this many concurrent jobs, give each one mode: collect and publish them all from one mode: merge job (docs/scale-out.md)`,
        );
      }
      if (e instanceof GitTransientError || (e instanceof RetriesExhaustedError && e.last instanceof GitTransientError)) {
        const last = e instanceof RetriesExhaustedError ? (e.last as Error) : e;
        throw new GitTransientError(`${last.message} (gave up after ${attempts} attempt${attempts === 1 ? '' : 's'} in ${tried})`);
      }
      throw e;
    }
    const { plan, commit, holes } = landed;
    for (const w of [...plan.warnings, ...holes]) (hooks.warn ?? log)(w);
    log(`Published ${commit} to ${branchName} after ${attempts} attempt${attempts === 1 ? '' : 's'}: segment${plan.added.length > 1 ? 's' : ''} ${segmentRange(plan.added)}, ${plan.files.size} files, ${branch.fetches} fetch${branch.fetches === 1 ? '' : 'es'}`);
    const { plans, groups: _groups, ...whole } = plan;
    return { commit, remote: remote.display, branch: branchName, dataDir, attempts, plan: whole, plans };
  } finally {
    await branch.dispose();
  }
}

/**
 * Runs `fn` with a reader of the trend's files as the branch tip has them (every read undefined
 * when the branch does not exist): what `benchtrend history` and `benchtrend alerts` read with.
 * Fetches only what the reads touch, like a publish; with `wholeHistory`, for a reader of every
 * segment (`replay`, `history`), the folder of chunks comes whole in one request.
 */
export async function readTrend<T>(
  target: TrendTarget,
  access: TrendAccess,
  fn: (read: TrendReader, location: string, tip: string | undefined) => Promise<T>,
  options: { readonly wholeHistory?: boolean } = {},
): Promise<T> {
  const bounds = access.bounds ?? DEFAULT_BOUNDS;
  const { branch, location, under } = await openTrend(target, access, BOT_IDENTITY, bounds);
  branch.deadline = performance.now() + bounds.budgetMs;
  try {
    const tip = await branch.fetchTip();
    if (options.wholeHistory) branch.prefetchFolder(tip, under(CHUNK_FOLDER));
    return await fn(async (path) => (await branch.readFile(tip, under(path)))?.toString('utf8'), location, tip);
  } finally {
    await branch.dispose();
  }
}

/**
 * A change to the manifest alone (`benchtrend replay --write`), landed as a publish lands: the tip
 * fetched, `change` asked for the new manifest on it, the one write gate (checkWrittenFiles), one
 * commit and one push; a lost race asks again on the new tip. `change` returns undefined when
 * there is nothing to write; then nothing is committed and the result is undefined.
 */
export async function rewriteManifest(
  target: TrendTarget & { readonly identity?: Identity; readonly maxAttempts?: number },
  access: TrendAccess,
  change: (read: TrendReader, location: string) => Promise<{ readonly manifest: Manifest; readonly message: string } | undefined>,
  hooks: Pick<PublishHooks, 'log' | 'retryBaseMs' | 'sleep' | 'random'> = {},
): Promise<{ readonly commit: string; readonly attempts: number } | undefined> {
  const bounds = access.bounds ?? DEFAULT_BOUNDS;
  const { branch, location, under } = await openTrend(target, access, target.identity ?? BOT_IDENTITY, bounds);
  let attempts = 0;
  try {
    return await retryWithBackoff(
      async (attempt) => {
        attempts = attempt;
        await branch.settle();
        branch.deadline = performance.now() + bounds.budgetMs;
        const tip = await branch.fetchTip();
        const read: TrendReader = async (path) => (await branch.readFile(tip, under(path)))?.toString('utf8');
        // The replay is work here, not a wait on the remote: its time is not the network's.
        const judging = performance.now();
        const next = await change(read, location);
        if (branch.deadline !== undefined) branch.deadline += performance.now() - judging;
        if (next === undefined) return undefined;
        const files = new Map<string, string>([[MANIFEST_PATH, `${JSON.stringify(next.manifest)}\n`]]);
        checkWrittenFiles(files, location);
        const commit = await branch.commitFiles(tip, new Map([...files].map(([path, content]) => [under(path), content] as const)), next.message);
        await branch.push(commit);
        return { commit, attempts };
      },
      isTransientPublishError,
      {
        ...(target.maxAttempts !== undefined ? { attempts: target.maxAttempts } : {}),
        budgetMs: bounds.raceBudgetMs,
        baseMs: hooks.retryBaseMs ?? 500,
        maxMs: 10_000,
        ...(hooks.sleep ? { sleep: hooks.sleep } : {}),
        ...(hooks.random ? { random: hooks.random } : {}),
        onRetry: (attempt, error, wait) => hooks.log?.(`Attempt ${attempt} did not land (${error instanceof Error ? error.message : String(error)}); trying again in ${wait} ms`),
      },
    );
  } catch (e) {
    if (e instanceof RetriesExhaustedError && e.last instanceof Error) throw e.last instanceof PushRaceError ? new PushRaceError(e.message) : new GitTransientError(e.message);
    throw e;
  } finally {
    await branch.dispose();
  }
}

/** import-from names a file on the target branch, or else one on disk. */
async function readImport(branch: PagesBranch, tip: string | undefined, from: string, cwd: string, branchName: string): Promise<string> {
  // `./dev/bench/data.js` and `/dev/bench/data.js` name the same file of the branch as `dev/bench/data.js`.
  const path = posix.normalize(from).replace(/^(?:\.?\/)+/, '');
  let onBranch: Buffer | undefined;
  try {
    // Bounded as a local one is, from the blob's size before its bytes are read.
    onBranch = await branch.readFile(tip, path, true, MAX_IMPORT_BYTES);
  } catch (e) {
    if (e instanceof TooLargeError) throw new InputError(`import-from: ${JSON.stringify(path)} on branch ${branchName}: ${readFailure(e, MAX_IMPORT_BYTES)}`);
    throw e;
  }
  if (onBranch !== undefined) return onBranch.toString('utf8');
  try {
    // Bounded as a record is: a named pipe held the publish forever, a device was read without end.
    return (await readRegularFile(resolve(cwd, from), MAX_IMPORT_BYTES)).toString('utf8');
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') throw new InputError(`import-from: ${JSON.stringify(from)} is neither a file on the branch nor a readable local file`);
    throw new InputError(`import-from: ${JSON.stringify(from)} is not a file on the branch, and the local file cannot be read (${readFailure(e, MAX_IMPORT_BYTES)})`);
  }
}
