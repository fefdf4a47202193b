/**
 * Headless Chromium (Debian's package) driven by playwright-core, with a fresh profile each launch
 * and every background service that could reach the network turned off: a request the page makes
 * is then the only kind there is.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext } from 'playwright-core';

export const CHROMIUM = process.env['BENCHTREND_CHROMIUM'] ?? '/usr/bin/chromium';
export const HAS_CHROMIUM = existsSync(CHROMIUM);

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export interface Browser extends AsyncDisposable {
  readonly context: BrowserContext;
  close(): Promise<void>;
}

/**
 * `historyLimit`: the limit a reader's browser puts on changes of the address (200 in 10 s), which
 * playwright turns off by default (`--disable-ipc-flooding-protection`).
 */
export async function launchBrowser(options: { colorScheme?: 'light' | 'dark'; downloads?: boolean; historyLimit?: boolean } = {}): Promise<Browser> {
  const profile = mkdtempSync(join(tmpdir(), 'benchtrend-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: CHROMIUM_ARGS,
    ...(options.historyLimit ? { ignoreDefaultArgs: ['--disable-ipc-flooding-protection'] } : {}),
    viewport: { width: 1280, height: 900 },
    deviceScaleFactor: 1,
    colorScheme: options.colorScheme ?? 'light',
    acceptDownloads: options.downloads ?? true,
    timezoneId: 'UTC',
    locale: 'en-US',
  });
  const close = async (): Promise<void> => {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  };
  return { context, close, [Symbol.asyncDispose]: close };
}
