import { InputError } from '../core/model.js';
import type { Manifest } from '../core/trend/types.js';
import type { TrendAccess, TrendTarget } from '../jobs/publish.js';
import { runnerEnvironment } from '../runner.js';
import { UsageError, type CliIO } from './io.js';

/** The options every command that reads or writes a trend takes, with their defaults. */
export const TREND_OPTIONS = {
  repo: { type: 'string' },
  branch: { type: 'string', default: 'gh-pages' },
  dir: { type: 'string', default: 'dev/bench' },
  'token-env': { type: 'string' },
  server: { type: 'string' },
} as const;

interface TrendValues {
  readonly repo?: string | undefined;
  readonly branch: string;
  readonly dir: string;
  readonly 'token-env'?: string | undefined;
  readonly server?: string | undefined;
}

/** A token is named by its environment variable, never given on a command line that `ps` shows. */
export function tokenFrom(name: string | undefined, io: CliIO): string | undefined {
  if (name === undefined) return undefined;
  const token = io.env[name];
  if (!token) throw new InputError(`--token-env: the environment variable ${name} is not set or empty`);
  return token;
}

/** How to reach a trend from here: the runner's variables when there are any, `--server` first. */
export function cliAccess(io: CliIO, server: string | undefined): TrendAccess {
  const runner = runnerEnvironment(io.env, io.cwd);
  return { serverUrl: server ?? runner.serverUrl, cwd: io.cwd, env: io.env, tempRoot: runner.tempRoot, bounds: runner.bounds };
}

/** Where the trend is and how to reach it, from the shared options. */
export function trendLocation(values: TrendValues, io: CliIO, command: string): { target: TrendTarget; access: TrendAccess } {
  if (values.repo === undefined) throw new UsageError(`${command} needs --repo URL|PATH`);
  const token = tokenFrom(values['token-env'], io);
  return {
    target: { repository: values.repo, branch: values.branch, dataDir: values.dir, ...(token ? { token } : {}) },
    access: cliAccess(io, values.server),
  };
}

/** --suite naming a suite the trend does not have would print nothing, which reads like "no points". */
export function refuseUnknownSuite(manifest: Manifest | undefined, suite: string | undefined): void {
  if (manifest && suite !== undefined && !manifest.suites.includes(suite)) {
    throw new InputError(`--suite: the trend has no suite ${JSON.stringify(suite)}; it has ${manifest.suites.map((s) => JSON.stringify(s)).join(', ') || 'none'}`);
  }
}
