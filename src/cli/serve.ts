import { serveFolder } from '../effects/static-site.js';
import { parseCommandLine } from './args.js';
import { UsageError, type CliIO } from './io.js';

export const USAGE = `Usage: benchtrend serve DIR [--port N]

Serves the trend folder DIR (the one holding index.html and manifest.json) on 127.0.0.1 so the
chart can be opened in a browser; browsers refuse to let a page read its data over file://.
Stops on Ctrl-C.

Options:
  --port N   port to listen on (default: any free port)`;

export async function run(argv: string[], io: CliIO): Promise<number> {
  const { values, positionals } = parseCommandLine(argv, { port: { type: 'string' }, help: { type: 'boolean', short: 'h' } });
  if (values.help) {
    io.stdout(`${USAGE}\n`);
    return 0;
  }
  if (positionals.length !== 1) throw new UsageError('serve needs exactly one DIR');
  const port = values.port === undefined ? 0 : Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new UsageError(`--port ${JSON.stringify(values.port)} is not a port number`);
  const { server, url } = await serveFolder(positionals[0] as string, port);
  io.stdout(`Serving ${positionals[0]} at ${url}\n`);
  await new Promise<void>((done) => {
    server.on('close', done);
    process.once('SIGINT', () => server.close());
    process.once('SIGTERM', () => server.close());
  });
  return 0;
}
