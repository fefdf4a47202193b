import { InputError } from '../core/model.js';
import { GITHUB_TOKEN_SHAPE, redactUrl } from '../core/trend/remote.js';
import type { Manifest } from '../core/trend/types.js';
import type { parseArgs, ParseArgsConfig } from 'node:util';
import { resolveTrendTarget, type TrendAccess, type TrendTarget } from '../jobs/publish.js';
import { authFor } from '../effects/git.js';
import { runnerEnvironment } from '../runner.js';
import { checkToken } from '../settings.js';
import { given, parseCommandLine } from './args.js';
import { UsageError, type CliIO } from './io.js';

/** The options every command that reads or writes a trend takes, with their defaults. */
export const TREND_OPTIONS = {
  repo: { type: 'string' },
  branch: { type: 'string', default: 'gh-pages' },
  dir: { type: 'string', default: 'dev/bench' },
  'token-env': { type: 'string' },
  server: { type: 'string' },
} as const;

/** The --help lines of TREND_OPTIONS: where the trend is, and how to reach a server. */
export const TREND_HELP = {
  where: `  --repo URL|PATH       the repository holding the trend: a git URL, a path, or owner/name
                        on --server
  --branch NAME         branch of the trend (default gh-pages)
  --dir PATH            folder of the trend on the branch (default dev/bench)`,
  server: `  --token-env NAME      environment variable holding a token for --server
  --server URL          where owner/name points and which host receives the token
                        (default $GITHUB_SERVER_URL, else https://github.com)`,
} as const;

/** The last paragraph of a command's --help; `done` says what exit 0 means. */
export function exitStatusHelp(done: string): string {
  return `Exit status: 0 when ${done}, 1 when refused (one line "benchtrend: <reason>"), 2 on a usage
error.`;
}

type Options = NonNullable<ParseArgsConfig['options']>;
const HELP_OPTION = { help: { type: 'boolean', short: 'h' } } as const;
type TrendCommandOptions<T extends Options> = typeof TREND_OPTIONS & T & typeof HELP_OPTION;
// parseArgs infers its values from a concrete options object; over a generic one it says {}.
type Parsed<T extends Options> = ReturnType<typeof parseArgs<{ args: string[]; options: TrendCommandOptions<T>; allowPositionals: true; strict: true }>>;

/**
 * The command line of a command that reads a trend: TREND_OPTIONS, its own `options` and --help,
 * no positional argument. Undefined when --help printed `usage`.
 */
export function trendCommandLine<T extends Options>(argv: string[], io: CliIO, usage: string, options: T) {
  const { values, positionals } = parseCommandLine(argv, { ...TREND_OPTIONS, ...options, ...HELP_OPTION }) as unknown as Parsed<T>;
  if ((values as { help?: boolean }).help) {
    io.stdout(`${usage}\n`);
    return undefined;
  }
  if (positionals.length > 0) throw new UsageError(`unexpected argument ${JSON.stringify(positionals[0])}`);
  // Read as publish reads them (given): `--dir "$DIR"` with the variable unset is the default
  // folder here too, not the branch's root, which is `--dir .`.
  const where = values as unknown as { branch: string; dir: string };
  where.branch = given(where.branch) ?? TREND_OPTIONS.branch.default;
  where.dir = given(where.dir) ?? TREND_OPTIONS.dir.default;
  return values;
}

/** The line a command prints to stderr when the branch holds no trend yet. */
export function noTrendYet(values: { readonly branch: string; readonly dir: string; readonly repo?: string | undefined }, branchExists = true): string {
  // A URL's password is the user's secret, as the token is: never echoed.
  const repo = redactUrl(values.repo ?? '');
  // A mistyped --branch or --dir reads like a trend not published yet: say which it is.
  if (!branchExists) return `benchtrend: no trend published at ${values.branch}:${values.dir} of ${repo} yet: it has no branch ${values.branch}\n`;
  const manifest = values.dir.replace(/\/+$/, '') === '' ? 'manifest.json' : `${values.dir.replace(/\/+$/, '')}/manifest.json`;
  return `benchtrend: no trend published at ${values.branch}:${values.dir} of ${repo} yet: the branch has no ${manifest}\n`;
}

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
  // `--token-env ghp_…`, the token given where its variable's name goes (as `--token` would take
  // it): echoed, the refusal put the token in the terminal and any log of it.
  if (token === undefined && (GITHUB_TOKEN_SHAPE.test(name) || !/^[A-Za-z_][A-Za-z0-9_]*$/.test(name))) {
    throw new InputError("--token-env: takes the name of an environment variable, not the token itself; the value given names no variable and is not shown, in case it is the token: export the token, then give its variable's name, --token-env GH_TOKEN");
  }
  if (!token) throw new InputError(`--token-env: the environment variable ${name} is not set or empty`);
  return checkToken(token, `--token-env: the environment variable ${name}`) as string;
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
  const access = cliAccess(io, values.server);
  warnTokenUnsent(values.repo, token, access, io);
  return {
    target: { repository: values.repo, branch: values.branch, dataDir: values.dir, ...(token ? { token } : {}) },
    access,
  };
}

/**
 * The token goes only to --server's host, never to whatever host a URL names. A --repo URL on
 * another host is reached without it, and when that host then asks for credentials its refusal
 * reads as a bad token: say which host the token went to, and how to send it there.
 */
export function warnTokenUnsent(repo: string, token: string | undefined, access: TrendAccess, io: CliIO): void {
  if (token === undefined) return;
  let remote: URL;
  let server: URL;
  try {
    remote = new URL(resolveTrendTarget({ repository: repo, branch: 'gh-pages', dataDir: '' }, access).remote.url);
    server = new URL(access.serverUrl);
  } catch {
    // A path, or a --repo the command refuses in its own words when it opens the trend.
    return;
  }
  if (remote.protocol !== 'http:' && remote.protocol !== 'https:') return;
  if (authFor(access.serverUrl, remote.href, token) !== undefined) return;
  io.stderr(`benchtrend: warning: --token-env: the token is sent only to --server ${server.origin}, so ${remote.origin} of --repo is asked without it; to send it there, give --server ${remote.origin}\n`);
}

/** --suite naming a suite the trend does not have would print nothing, which reads like "no points". */
export function refuseUnknownSuite(manifest: Manifest | undefined, suite: string | undefined): void {
  if (manifest && suite !== undefined && !manifest.suites.includes(suite)) {
    throw new InputError(`--suite: the trend has no suite ${JSON.stringify(suite)}; it has ${manifest.suites.map((s) => JSON.stringify(s)).join(', ') || 'none'}`);
  }
}
