import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { ROOT } from '../helpers/paths.js';
import { launchBrowser, type Browser } from './browser.js';
import { serveFolder, type ServeOptions, type StaticServer } from './static-server.js';
import { writeFiles } from './trend-fixture.js';

/** The chart page's own files, built by scripts/build-page.mjs into `out`, by name: what a publish writes beside the data. */
export function builtPage(out: string): Map<string, Uint8Array> {
  execFileSync(process.execPath, [join(ROOT, 'scripts/build-page.mjs'), '--out', out]);
  return new Map(['index.html', 'page.js', 'page.css'].map((f) => [f, readFileSync(join(out, f))]));
}

/** A published trend as a reader meets it: its files and the built page, served on loopback, and a browser. */
export interface ServedTrend {
  readonly server: StaticServer;
  readonly browser: Browser;
  /** The folder served: the trend's files and the page (what a reader could also open from disk). */
  readonly dir: string;
  close(): Promise<void>;
}

/** How the browser is launched, and `serve`: how the server answers (held or failing files). */
export type ServedTrendOptions = NonNullable<Parameters<typeof launchBrowser>[0]> & { readonly serve?: ServeOptions };

/** Writes `files` with the built page beside them into a fresh folder named from `prefix`, serves it and opens a browser. */
export async function servedTrend(prefix: string, files: ReadonlyMap<string, string | Uint8Array>, options: ServedTrendOptions = {}): Promise<ServedTrend> {
  const { serve, ...browserOptions } = options;
  const work = mkdtempSync(join(tmpdir(), prefix));
  const dir = join(work, 'trend');
  writeFiles(dir, files);
  writeFiles(dir, builtPage(join(work, 'page-build')));
  const server = await serveFolder(dir, serve);
  const browser = await launchBrowser(browserOptions);
  return {
    server,
    browser,
    dir,
    close: async () => {
      await browser.close();
      await server.close();
      rmSync(work, { recursive: true, force: true });
    },
  };
}

/**
 * A new tab on the served page once it says it is ready (`until: 'settled'`: ready or in error, for
 * a trend it cannot read); `before` sees the tab before it loads (to listen for errors).
 */
export async function readyTab(trend: ServedTrend, before?: (tab: Page) => unknown, until: 'ready' | 'settled' = 'ready'): Promise<Page> {
  const tab = await trend.browser.context.newPage();
  // Awaited when it gives a promise (a CDP session opened before the page loads).
  await before?.(tab);
  await tab.goto(trend.server.base);
  if (until === 'ready') await tab.waitForFunction(() => document.documentElement.dataset['state'] === 'ready');
  else await tab.waitForFunction(() => document.documentElement.dataset['state'] !== 'loading');
  return tab;
}

/** A ready (or settled) tab and the uncaught errors of its page, which a test expects to stay empty. */
export async function watchedTab(trend: ServedTrend, until: 'ready' | 'settled' = 'ready'): Promise<{ tab: Page; errors: string[] }> {
  const errors: string[] = [];
  const tab = await readyTab(trend, (t) => t.on('pageerror', (e) => errors.push(e.message)), until);
  return { tab, errors };
}
