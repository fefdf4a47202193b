/**
 * The runner's environment, read once by a door (main.ts for the action, the CLI for its access to
 * a trend) and passed down as typed values: the jobs and effects below never read `process.env`.
 * Every URL default and every variable the runner sets is worked out here and nowhere else.
 */
import { tmpdir } from 'node:os';
import type { ArtifactService } from './effects/artifact.js';
import { DEFAULT_BOUNDS, type NetworkBounds } from './effects/timeouts.js';

export type Env = Readonly<Record<string, string | undefined>>;

export interface RunnerEnvironment {
  /** The environment git and the other child processes run in (PATH, HOME, proxies). */
  readonly env: Env;
  /** GITHUB_WORKSPACE, else the working folder: where records and relative paths are found. */
  readonly workspace: string;
  /** RUNNER_TEMP, else the system's temp folder: parent of every temporary folder. */
  readonly tempRoot: string;
  /** GITHUB_SERVER_URL without a trailing slash, https://github.com by default. */
  readonly serverUrl: string;
  /** GITHUB_API_URL, https://api.github.com by default. */
  readonly apiUrl: string;
  /** GITHUB_REPOSITORY (owner/name), when set. */
  readonly repository: string | undefined;
  /** GITHUB_SHA, '' when unset. */
  readonly sha: string;
  /** GITHUB_JOB, `job` when unset. */
  readonly job: string;
  /** GITHUB_RUN_ATTEMPT, 1 when unset or not a whole number of at least 1. */
  readonly runAttempt: number;
  /** `<server>/<owner>/<repo>/actions/runs/<id>`, when GITHUB_REPOSITORY and GITHUB_RUN_ID are set. */
  readonly runUrl: string | undefined;
  /**
   * How alerts are decided, in the docs of the action as this step runs it
   * (`<server>/<action repo>/blob/<ref>/docs/alerts.md`), when GITHUB_ACTION_REPOSITORY and
   * GITHUB_ACTION_REF say (`uses: owner/benchtrend@v1`; not `uses: ./`).
   */
  readonly docsUrl: string | undefined;
  /** GITHUB_STEP_SUMMARY is set: there is a job summary to write. */
  readonly hasStepSummary: boolean;
  /** Timeouts and budgets of every network call (BENCHTREND_*_MS overrides). */
  readonly bounds: NetworkBounds;
  /** This job's artifact service, or why it cannot be used. */
  readonly artifacts: ArtifactService;
}

function boundFrom(env: Env, name: string, fallback: number): number {
  const v = env[name];
  if (v === undefined || v.trim() === '') return fallback;
  const n = Number(v);
  // A typo must not turn a bound off: anything but a positive number keeps the default.
  return Number.isFinite(n) && n > 0 ? n : fallback;
}

/** The network bounds, each overridable through the environment (docs/troubleshooting.md). */
export function networkBounds(env: Env): NetworkBounds {
  return {
    requestMs: boundFrom(env, 'BENCHTREND_REQUEST_TIMEOUT_MS', DEFAULT_BOUNDS.requestMs),
    budgetMs: boundFrom(env, 'BENCHTREND_NETWORK_BUDGET_MS', DEFAULT_BOUNDS.budgetMs),
    raceBudgetMs: boundFrom(env, 'BENCHTREND_RACE_BUDGET_MS', DEFAULT_BOUNDS.raceBudgetMs),
  };
}

/**
 * Why artifacts cannot be used on this server (GHES), or undefined. Alone, for the REST path
 * (`findBy`), which needs the token but not this job's runtime variables.
 */
export function enterpriseServerProblem(serverUrl: string | undefined): string | undefined {
  let host = 'github.com';
  try {
    host = new URL(serverUrl || 'https://github.com').hostname.toLowerCase();
  } catch {
    return `GITHUB_SERVER_URL is not a URL: ${JSON.stringify(serverUrl)}`;
  }
  // The same rule as @actions/artifact's isGhes(): github.com, GHE.com data residency and *.localhost.
  if (host !== 'github.com' && !host.endsWith('.ghe.com') && !host.endsWith('.localhost')) {
    return `artifacts (v4, @actions/artifact 2 and later) are not supported on GitHub Enterprise Server (${host})`;
  }
  return undefined;
}

/**
 * Why this job's artifact service cannot be used, or undefined when it can. Outside Actions (the
 * CLI, a developer's shell) the runtime variables are absent; GHES is refused by the library itself.
 * (@actions/artifact reads ACTIONS_RUNTIME_TOKEN and ACTIONS_RESULTS_URL from the environment
 * itself; this only decides, before it is called, whether calling it can work.)
 */
export function artifactServiceProblem(env: Env): string | undefined {
  if (!env['ACTIONS_RUNTIME_TOKEN'] || !env['ACTIONS_RESULTS_URL']) {
    return 'the Actions artifact service is not available here (no ACTIONS_RUNTIME_TOKEN / ACTIONS_RESULTS_URL): artifacts exist only inside a workflow run';
  }
  return enterpriseServerProblem(env['GITHUB_SERVER_URL']);
}

/** docs/alerts.md of the action at the ref the workflow runs, or undefined when either is unknown or odd. */
export function docsUrlOf(serverUrl: string, actionRepository: string | undefined, actionRef: string | undefined): string | undefined {
  if (!actionRepository || !actionRef || !/^[\w.-]+\/[\w.-]+$/.test(actionRepository) || !/^[\w.\/-]+$/.test(actionRef)) return undefined;
  return `${serverUrl}/${actionRepository}/blob/${actionRef}/docs/alerts.md`;
}

/** Reads the runner's variables once; `cwd` stands in for GITHUB_WORKSPACE outside a runner. */
export function runnerEnvironment(env: Env, cwd: string): RunnerEnvironment {
  const serverUrl = (env['GITHUB_SERVER_URL'] || 'https://github.com').replace(/\/+$/, '');
  const repository = env['GITHUB_REPOSITORY'] || undefined;
  const runId = env['GITHUB_RUN_ID'];
  const attempt = Number(env['GITHUB_RUN_ATTEMPT'] ?? '1');
  const tempRoot = env['RUNNER_TEMP'] || tmpdir();
  const bounds = networkBounds(env);
  return {
    env,
    workspace: env['GITHUB_WORKSPACE'] || cwd,
    tempRoot,
    serverUrl,
    apiUrl: env['GITHUB_API_URL'] || 'https://api.github.com',
    repository,
    sha: env['GITHUB_SHA'] ?? '',
    job: env['GITHUB_JOB'] || 'job',
    runAttempt: Number.isSafeInteger(attempt) && attempt >= 1 ? attempt : 1,
    runUrl: repository && runId ? `${serverUrl}/${repository}/actions/runs/${runId}` : undefined,
    docsUrl: docsUrlOf(serverUrl, env['GITHUB_ACTION_REPOSITORY'], env['GITHUB_ACTION_REF']),
    hasStepSummary: Boolean(env['GITHUB_STEP_SUMMARY']),
    bounds,
    artifacts: {
      problem: artifactServiceProblem(env),
      serverProblem: enterpriseServerProblem(env['GITHUB_SERVER_URL']),
      runtimeToken: env['ACTIONS_RUNTIME_TOKEN'] || undefined,
      tempDir: tempRoot,
      budgetMs: bounds.budgetMs,
    },
  };
}
