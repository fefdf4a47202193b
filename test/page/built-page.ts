import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { ROOT } from '../helpers/paths.js';
import { launchBrowser, type Browser } from './browser.js';
import { serveFolder, type StaticServer } from './static-server.js';
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
  close(): Promise<void>;
}

/** Writes `files` with the built page beside them into a fresh folder named from `prefix`, serves it and opens a browser. */
export async function servedTrend(prefix: string, files: ReadonlyMap<string, string | Uint8Array>, browserOptions: Parameters<typeof launchBrowser>[0] = {}): Promise<ServedTrend> {
  const work = mkdtempSync(join(tmpdir(), prefix));
  const dir = join(work, 'trend');
  writeFiles(dir, files);
  writeFiles(dir, builtPage(join(work, 'page-build')));
  const server = await serveFolder(dir);
  const browser = await launchBrowser(browserOptions);
  return {
    server,
    browser,
    close: async () => {
      await browser.close();
      await server.close();
      rmSync(work, { recursive: true, force: true });
    },
  };
}

/** A new tab on the served page once it says it is ready; `before` sees the tab before it loads (to listen for errors). */
export async function readyTab(trend: ServedTrend, before?: (tab: Page) => void): Promise<Page> {
  const tab = await trend.browser.context.newPage();
  before?.(tab);
  await tab.goto(trend.server.base);
  await tab.waitForFunction(() => document.documentElement.dataset['state'] === 'ready');
  return tab;
}
