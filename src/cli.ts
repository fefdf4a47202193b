import { InputError } from './core/model.js';
import { TrendDataError } from './core/trend/validate.js';
import { run as alerts } from './cli/alerts.js';
import { run as replay } from './cli/replay.js';
import { run as cases } from './cli/cases.js';
import { run as compare } from './cli/compare.js';
import { run as demo } from './cli/demo.js';
import { run as history } from './cli/history.js';
import { run as publish } from './cli/publish.js';
import { run as serve } from './cli/serve.js';
import { didYouMean } from './cli/args.js';
import { inFlagWords } from './cli/flag-words.js';
import { UsageError, type CliIO, type Command } from './cli/io.js';
import { isMainThread, parentPort, workerData } from 'node:worker_threads';
import { configureReplayWorkers, isReplayWorker, replaySpillFrom, replayWorkersFrom, serveReplayWorker } from './effects/replay-pool.js';
import { stopGitCommands, stoppedText } from './effects/git.js';
import { TOKEN_CURE } from './effects/git-failures.js';
import { selfCommand } from './cli/self.js';
import { removeClaimedFoldersNow } from './effects/stale-branches.js';

/** Embedded by scripts/build.mjs from package.json; absent when the sources run under vitest. */
declare const BENCHTREND_VERSION: string | undefined;

/** The version `benchtrend --version` prints. */
export const VERSION: string = typeof BENCHTREND_VERSION === 'string' ? BENCHTREND_VERSION : '0.0.0-development';

/** Every subcommand, with the line `benchtrend --help` shows for it. */
export const COMMANDS: Readonly<Record<string, { readonly run: Command; readonly summary: string }>> = {
  cases: { run: cases, summary: 'print the flat case array of bench records' },
  publish: { run: publish, summary: 'append the records\' points to a trend on a branch of any git repository' },
  history: { run: history, summary: 'print every published point of a trend (json or csv)' },
  alerts: { run: alerts, summary: 'list the stored regressions and change points with their status' },
  replay: { run: replay, summary: 'judge the stored history, or a github-action-benchmark data.js, with given alert settings; writes only with --write' },
  compare: { run: compare, summary: 'compare a candidate arm with a baseline arm: shift, interval, verdict' },
  demo: { run: demo, summary: 'run the whole pipeline offline on bundled sample records' },
  serve: { run: serve, summary: 'serve a trend folder, or a repository\'s published trend, on 127.0.0.1 to see its chart' },
};

const HELP = `Usage: benchtrend <command> [options]

Turns benchmark records into a published performance trend.

Commands:
${Object.entries(COMMANDS)
  .map(([name, c]) => `  ${name.padEnd(10)} ${c.summary}`)
  .join('\n')}

Run "benchtrend <command> --help" for a command's options; "benchtrend --version" for the version.`;

/** A git refusal's cure names the action's github-token; the CLI's token comes from --token-env. */
function withCliCure(message: string): string {
  const cure = 'give a token that may read it (and push, to publish) in the variable --token-env names, or check the one given';
  return message.endsWith(`; ${TOKEN_CURE}`) ? `${message.slice(0, -TOKEN_CURE.length)}${cure}` : message;
}

/** Runs one command line; returns the exit status. Refusals are one line on stderr. */
export async function main(argv: string[], io: CliIO): Promise<number> {
  // `benchtrend help publish` as git and npm take it: the command's own help.
  if (argv[0] === 'help' && argv[1] !== undefined) return main([argv[1], '--help'], io);
  const [name, ...rest] = argv;
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    // No command is a usage error: the help goes where the other usage errors go, so that
    // `benchtrend > out.json` from a script whose variable was empty writes no help into the file.
    (name === undefined ? io.stderr : io.stdout)(`${HELP}\n`);
    return name === undefined ? 2 : 0;
  }
  if (name === '--version' || name === '-V') {
    io.stdout(`${VERSION}\n`);
    return 0;
  }
  const command = COMMANDS[name];
  if (!command) {
    // The line that answers comes first; the list of commands is one --help away.
    io.stderr(`benchtrend: unknown ${name.startsWith('-') ? 'option' : 'command'} '${name}'${didYouMean(name, Object.keys(COMMANDS))}\nRun "benchtrend --help" for the commands.\n`);
    return 2;
  }
  // Refusals and warnings of the shared code name the action's inputs; here the reader typed flags.
  const commandIo: CliIO = { ...io, stderr: (text) => io.stderr(inFlagWords(text, name)) };
  try {
    return await command.run(rest, commandIo);
  } catch (e) {
    if (e instanceof UsageError) {
      commandIo.stderr(`benchtrend ${name}: ${e.message}\nRun "benchtrend ${name} --help" for usage.\n`);
      return 2;
    }
    if (e instanceof InputError) {
      // The shared readers refuse damaged trend data as a publish would; a command that only
      // reads says what that means for it.
      const writes = name === 'publish' || name === 'demo' || (name === 'replay' && rest.includes('--write'));
      const message = e instanceof TrendDataError && !writes ? readersWords(e.message) : e.message;
      commandIo.stderr(`benchtrend: ${withCliCure(message)}\n`);
      return 1;
    }
    commandIo.stderr(`benchtrend: ${withCliCure(e instanceof Error ? e.message : String(e))}\n`);
    if (io.env['BENCHTREND_DEBUG'] && e instanceof Error && e.stack) io.stderr(`${e.stack}\n`);
    return 1;
  }
}

/** A refusal of damaged trend data in the words of a command that only reads: it publishes nothing. */
function readersWords(message: string): string {
  return message
    .replace(/(, )?refusing to (?:read or )?publish over it$/, (_, comma?: string) => `${comma ? ', so ' : ''}the trend cannot be read`)
    .replace(/; refusing to publish over a trend with a hole$/, '; the trend has a hole and cannot be read')
    .replace(/; refusing to publish over a damaged regression state$/, '; the regression state is damaged and cannot be read');
}

/**
 * A SIGINT or SIGTERM to benchtrend alone: its network git commands run in their own process
 * groups and would go on (a push landing after benchtrend had gone quiet), so they are stopped
 * too, and the exit says so.
 */
function stopped(signal: 'SIGINT' | 'SIGTERM', command: string): void {
  const writes = command === 'publish' || command === 'replay' || command === 'demo';
  const text = stoppedText(signal, stopGitCommands(), writes);
  // Ctrl-C is no kill -9: the publish's temporary repository goes with it, not at the next publish.
  removeClaimedFoldersNow();
  process.stderr.write(`benchtrend: ${text}${text.endsWith('landed') ? ': benchtrend history shows what the branch holds' : ''}\n`);
  process.exit(signal === 'SIGINT' ? 130 : 143);
}

// Only when run as the bin, not when a test imports main(). A replay's worker threads load this
// same file (src/effects/replay-pool.ts): there it serves the worker instead.
const entry = process.argv[1];
if (!isMainThread && isReplayWorker(workerData)) {
  serveReplayWorker(parentPort, workerData);
} else if (isMainThread && entry && /(?:^|[\\/])(?:cli\.(?:js|ts)|benchtrend)$/.test(entry)) {
  configureReplayWorkers(import.meta.url, replayWorkersFrom(process.env['BENCHTREND_REPLAY_WORKERS']), replaySpillFrom(process.env['BENCHTREND_REPLAY_SPILL_MS']));
  // A reader that stops early (`benchtrend history | head`) closes the pipe: the end of the
  // output, not a fault worth a stack trace.
  process.stdout.on('error', (e: NodeJS.ErrnoException) => {
    // Any other failure (a full disk under `> out.csv`) is a failed run, said in one line, not a
    // stack trace: the output is incomplete.
    if (e.code !== 'EPIPE') {
      process.stderr.write(`benchtrend: cannot write the output (${e.code ?? e.message}); what was printed is incomplete\n`);
      process.exit(1);
    }
    process.exit(typeof process.exitCode === 'number' ? process.exitCode : 0);
  });
  // serve closes its own server on a signal; every other command stops its git commands with it.
  if (process.argv[2] !== 'serve') for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => stopped(signal, process.argv[2] ?? ''));
  const code = await main(process.argv.slice(2), {
    stdout: (t) => process.stdout.write(t),
    stderr: (t) => process.stderr.write(t),
    cwd: process.cwd(),
    env: process.env,
    self: selfCommand(entry, process.cwd()),
  });
  process.exitCode = code;
}
