import { InputError } from './core/model.js';
import { run as alerts } from './cli/alerts.js';
import { run as replay } from './cli/replay.js';
import { run as cases } from './cli/cases.js';
import { run as compare } from './cli/compare.js';
import { run as demo } from './cli/demo.js';
import { run as history } from './cli/history.js';
import { run as publish } from './cli/publish.js';
import { run as serve } from './cli/serve.js';
import { UsageError, type CliIO, type Command } from './cli/io.js';

/** Every subcommand, with the line `benchtrend --help` shows for it. */
export const COMMANDS: Readonly<Record<string, { readonly run: Command; readonly summary: string }>> = {
  cases: { run: cases, summary: 'print the flat case array of bench records' },
  publish: { run: publish, summary: 'append the records\' points to a trend on a branch of any git repository' },
  history: { run: history, summary: 'print every published point of a trend (json or csv)' },
  alerts: { run: alerts, summary: 'list the stored regressions and change points with their status' },
  replay: { run: replay, summary: 'judge the stored history again with given alert settings; writes nothing' },
  compare: { run: compare, summary: 'compare a candidate arm with a baseline arm: shift, interval, verdict' },
  demo: { run: demo, summary: 'run the whole pipeline offline on bundled sample records' },
  serve: { run: serve, summary: 'serve a trend folder on 127.0.0.1 to look at its chart' },
};

const HELP = `Usage: benchtrend <command> [options]

Turns benchmark records into a published performance trend.

Commands:
${Object.entries(COMMANDS)
  .map(([name, c]) => `  ${name.padEnd(10)} ${c.summary}`)
  .join('\n')}

Run "benchtrend <command> --help" for a command's options.`;

/** Runs one command line; returns the exit status. Refusals are one line on stderr. */
export async function main(argv: string[], io: CliIO): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    io.stdout(`${HELP}\n`);
    return name === undefined ? 2 : 0;
  }
  const command = COMMANDS[name];
  if (!command) {
    io.stderr(`benchtrend: unknown command ${JSON.stringify(name)}\n${HELP}\n`);
    return 2;
  }
  try {
    return await command.run(rest, io);
  } catch (e) {
    if (e instanceof UsageError) {
      io.stderr(`benchtrend ${name}: ${e.message}\nRun "benchtrend ${name} --help" for usage.\n`);
      return 2;
    }
    if (e instanceof InputError) {
      io.stderr(`benchtrend: ${e.message}\n`);
      return 1;
    }
    io.stderr(`benchtrend: ${e instanceof Error ? e.message : String(e)}\n`);
    if (io.env['BENCHTREND_DEBUG'] && e instanceof Error && e.stack) io.stderr(`${e.stack}\n`);
    return 1;
  }
}

// Only when run as the bin, not when a test imports main().
const entry = process.argv[1];
if (entry && /(?:^|[\\/])(?:cli\.(?:js|ts)|benchtrend)$/.test(entry)) {
  // A reader that stops early (`benchtrend history | head`) closes the pipe: the end of the
  // output, not a fault worth a stack trace.
  process.stdout.on('error', (e: NodeJS.ErrnoException) => {
    if (e.code !== 'EPIPE') throw e;
    process.exit(typeof process.exitCode === 'number' ? process.exitCode : 0);
  });
  const code = await main(process.argv.slice(2), {
    stdout: (t) => process.stdout.write(t),
    stderr: (t) => process.stderr.write(t),
    cwd: process.cwd(),
    env: process.env,
  });
  process.exitCode = code;
}
