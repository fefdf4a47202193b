// Builds the chart page into dist/page/: index.html, page.js (page/main.ts with uPlot bundled in,
// so the page needs nothing from a CDN) and page.css (uPlot's stylesheet, then ours). PAGE_VERSION
// is a hash of those contents: a publish rewrites the page on gh-pages only when it changed.
// Imported by scripts/build.mjs; also runs on its own: `node scripts/build-page.mjs [--out DIR]`
// (tests build into a folder of their own so they never race a build of dist/).
import { build } from 'esbuild';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const outArg = process.argv.indexOf('--out');
const out = outArg > 0 && process.argv[outArg + 1] ? process.argv[outArg + 1] : join(root, 'dist/page');
const uplot = JSON.parse(readFileSync(join(root, 'node_modules/uplot/package.json'), 'utf8'));

const bundle = await build({
  absWorkingDir: root,
  entryPoints: ['page/main.ts'],
  bundle: true,
  write: false,
  format: 'iife',
  platform: 'browser',
  // Browsers of the last few years: everything the page uses is native there, nothing is down-levelled.
  target: ['chrome100', 'firefox100', 'safari15'],
  minify: true,
  legalComments: 'none',
  banner: { js: `/*! benchtrend chart page. Includes uPlot ${uplot.version} (c) Leon Sorokin, MIT License, https://github.com/leeoniya/uPlot */` },
  logLevel: 'warning',
});
const js = bundle.outputFiles[0].text;
const css = `${readFileSync(join(root, 'node_modules/uplot/dist/uPlot.min.css'), 'utf8')}\n${readFileSync(join(root, 'page/style.css'), 'utf8')}`;
const template = readFileSync(join(root, 'page/index.html'), 'utf8');

export const PAGE_VERSION = createHash('sha256').update(js).update('\0').update(css).update('\0').update(template).digest('hex').slice(0, 12);

const html = template.replaceAll('__PAGE_VERSION__', PAGE_VERSION);
// Files from an earlier build must not ride along into a publish. Only dist/page is ours to empty;
// another --out folder must be new or empty.
if (outArg < 0) rmSync(out, { recursive: true, force: true });
else if (existsSync(out) && readdirSync(out).length > 0) throw new Error(`build-page: ${out} is not empty`);
mkdirSync(out, { recursive: true });
writeFileSync(join(out, 'index.html'), html);
writeFileSync(join(out, 'page.js'), js);
writeFileSync(join(out, 'page.css'), css);
// Read by readPageAssets(); not one of the files written beside the data.
writeFileSync(join(out, 'version.txt'), `${PAGE_VERSION}\n`);
