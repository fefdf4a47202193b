import { createServer, type Server } from 'node:http';
import { realpath, stat } from 'node:fs/promises';
import { extname, join, resolve, sep } from 'node:path';
import { InputError } from '../core/model.js';
import { readRegularFile } from './record-files.js';

const TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.png': 'image/png',
  '.map': 'application/json',
};

/** The largest file served; a trend's files are a few MiB at most (a segment is at most 4 MiB). */
const MAX_SERVED_BYTES = 256 * 1024 * 1024;

/**
 * Serves one folder on 127.0.0.1, as GitHub Pages would serve the trend's folder. Browsers do not
 * let a page read data files beside it over file://, so a local look at a chart needs this.
 */
export async function serveFolder(dir: string, port = 0): Promise<{ server: Server; url: string }> {
  const root = resolve(dir);
  // A typo would otherwise serve 404s at a URL that looks like it works.
  const kind = await stat(root).catch(() => undefined);
  if (!kind?.isDirectory()) throw new InputError(`serve: ${dir}: ${kind ? 'not a folder' : 'no such folder'}; give the trend folder that holds index.html and manifest.json`);
  // Compared as real paths: a symbolic link in the folder (a branch may hold one, pointing at
  // ~/.ssh or /etc) served what it pointed at, outside the folder.
  const real = await realpath(root);
  const inside = (path: string) => path === real || path.startsWith(real + sep);
  let hosts: readonly string[] = [];
  const server = createServer((req, res) => {
    void (async () => {
      // A web page elsewhere can point its own name at 127.0.0.1 (DNS rebinding) and then read what
      // is served as its own; the browser still sends that name, so only our own names are answered.
      if (!hosts.includes((req.headers.host ?? '').toLowerCase())) {
        res.writeHead(421).end('misdirected request: open the address benchtrend serve printed');
        return;
      }
      let path: string;
      try {
        path = decodeURIComponent((req.url ?? '/').split('?')[0] ?? '/');
      } catch {
        // A malformed escape (`/%`) is the client's mistake; it must not bring the server down.
        res.writeHead(400).end('bad request');
        return;
      }
      let file = resolve(root, `.${path}`);
      if (file !== root && !file.startsWith(root + sep)) {
        res.writeHead(403).end('forbidden');
        return;
      }
      const type = TYPES[extname(file)];
      try {
        file = await realpath(file);
        if (inside(file) && (await stat(file)).isDirectory()) {
          // A folder asked for without its slash is redirected to it, as GitHub Pages does: served
          // as is, the relative links of its index.html resolved against the parent folder.
          if (!path.endsWith('/')) {
            const [rawPath = '/', query] = (req.url ?? '/').split(/\?(.*)/s);
            // One leading slash: "//host/x" would send the browser to another host.
            const location = `/${rawPath.replace(/^\/+/, '')}/${query === undefined ? '' : `?${query}`}`;
            res.writeHead(301, { location, 'cache-control': 'no-store' }).end();
            return;
          }
          file = await realpath(join(file, 'index.html'));
        }
        if (!inside(file)) {
          res.writeHead(403).end('forbidden');
          return;
        }
        // A regular file only: a named pipe in the folder held a worker thread per request.
        const body = await readRegularFile(file, MAX_SERVED_BYTES);
        res.writeHead(200, { 'content-type': type ?? TYPES[extname(file)] ?? 'application/octet-stream', 'cache-control': 'no-store' }).end(body);
      } catch {
        res.writeHead(404).end('not found');
      }
    })();
  });
  await new Promise<void>((ok, fail) =>
    server
      .once('error', (e: NodeJS.ErrnoException) => {
        // What to do about it, in one line, rather than Node's "listen EADDRINUSE".
        if (e.code === 'EADDRINUSE') fail(new InputError(`serve: port ${port} of 127.0.0.1 is in use; give another with --port, or leave it out for a free one`));
        else if (e.code === 'EACCES') fail(new InputError(`serve: port ${port} of 127.0.0.1 needs privileges this process lacks; give a port above 1023 with --port, or leave it out for a free one`));
        else fail(e);
      })
      .listen(port, '127.0.0.1', ok),
  );
  const address = server.address();
  const actual = typeof address === 'object' && address ? address.port : port;
  hosts = [`127.0.0.1:${actual}`, `localhost:${actual}`];
  return { server, url: `http://127.0.0.1:${actual}/` };
}
