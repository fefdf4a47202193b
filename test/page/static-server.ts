/**
 * A static file server on 127.0.0.1 standing in for GitHub Pages: serves one folder under a URL
 * prefix (`/dev/bench/`), records every request it gets, and answers 404 for anything else. It can
 * hold back chosen files (a slow or stalled download) until told to release them.
 */
import { createServer, type Server } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';

const TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.png': 'image/png',
};

export interface StaticServer extends AsyncDisposable {
  /** `http://127.0.0.1:<port>` */
  readonly origin: string;
  /** `<origin><prefix>`: the page's folder. */
  readonly base: string;
  /** Paths (with query) of every request received, in order. */
  readonly requests: string[];
  /** Body bytes sent per request path. */
  readonly sent: Map<string, number>;
  /** Paths of the requests held back and not answered yet. */
  readonly held: () => string[];
  /** Answers every request held back so far, and those that come later. */
  release(): void;
  close(): Promise<void>;
}

export interface ServeOptions {
  readonly prefix?: string;
  /** `no-store` makes every load of a benchmark a cold one. */
  readonly cacheControl?: string;
  /** Extra routes outside the folder (e.g. a stand-in for a commit page), answered with 200. */
  readonly outside?: readonly string[];
  /** Requests (path inside the folder, e.g. `data/c/1/0/3.json`) left unanswered until `release()`. */
  readonly hold?: (path: string) => boolean;
  /**
   * A reply in place of the file for a path inside the folder (e.g. a 503 while Pages deploys, or
   * a truncated body), or undefined to serve the file; asked on every request, so it can fail once.
   */
  readonly replace?: (path: string) => { readonly status: number; readonly body: string } | undefined;
}

export async function serveFolder(dir: string, options: ServeOptions = {}): Promise<StaticServer> {
  const prefix = options.prefix ?? '/dev/bench/';
  const requests: string[] = [];
  const sent = new Map<string, number>();
  let holding = options.hold !== undefined;
  const waiting: { path: string; answer: () => void }[] = [];
  const server: Server = createServer((req, res) => {
    const url = req.url ?? '/';
    requests.push(url);
    const path = decodeURIComponent(url.split('?')[0] ?? '/');
    const reply = (status: number, body: Buffer | string, type = 'text/plain'): void => {
      const bytes = typeof body === 'string' ? Buffer.from(body) : body;
      sent.set(url, (sent.get(url) ?? 0) + bytes.length);
      res.writeHead(status, { 'content-type': type, 'content-length': bytes.length, 'cache-control': options.cacheControl ?? 'max-age=600' });
      res.end(bytes);
    };
    if (options.outside?.some((p) => path.startsWith(p))) return reply(200, '<!doctype html><title>outside</title>', 'text/html');
    if (!path.startsWith(prefix)) return reply(404, 'not found');
    const rel = normalize(path.slice(prefix.length) || 'index.html');
    if (rel.startsWith('..') || rel.includes(`..${sep}`)) return reply(403, 'forbidden');
    const file = join(dir, rel.endsWith('/') ? join(rel, 'index.html') : rel);
    const answer = (): void => void (async () => {
      const instead = options.replace?.(rel.split(sep).join('/'));
      if (instead) return reply(instead.status, instead.body, 'application/json');
      try {
        const s = await stat(file);
        const target = s.isDirectory() ? join(file, 'index.html') : file;
        reply(200, await readFile(target), TYPES[extname(target)] ?? 'application/octet-stream');
      } catch {
        reply(404, 'not found');
      }
    })();
    if (holding && options.hold?.(rel.split(sep).join('/'))) waiting.push({ path: rel, answer });
    else answer();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  const origin = `http://127.0.0.1:${address.port}`;
  const close = (): Promise<void> =>
    new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  const release = (): void => {
    holding = false;
    for (const w of waiting.splice(0)) w.answer();
  };
  const held = (): string[] => waiting.map((w) => w.path);
  return { origin, base: `${origin}${prefix}`, requests, sent, held, release, close, [Symbol.asyncDispose]: close };
}
