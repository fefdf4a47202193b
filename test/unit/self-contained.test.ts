/**
 * The repository is self-contained: no tracked test, benchmark, script, doc or config reads a
 * path outside it (the fixtures once lived in a folder beside the checkout, which no clone has).
 * .ci/run proves it by running the suite in a fresh clone; this catches a regression at once.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/paths.js';

const SELF = 'test/unit/self-contained.test.ts';
const CONFIGS = ['eslint.config.js', 'tsconfig.json', 'vitest.config.ts', 'package.json', 'action.yml', '.ci/run', '.github'];

function tracked(): string[] {
  return execFileSync('git', ['ls-files', '--', 'test', 'bench', 'scripts', 'docs', ...CONFIGS], { cwd: ROOT, encoding: 'utf8' })
    .split('\n')
    // This file spells out the very paths it looks for; its own first test checks the scanner.
    .filter((f) => f !== '' && f !== SELF && !f.startsWith('test/fixtures/') && !/\.(png|jpe?g|gz|zip)$/.test(f));
}

const inside = (path: string) => path === ROOT.replace(/[\\/]+$/, '') || path.startsWith(ROOT.replace(/[\\/]+$/, '') + sep);

/** What in one file's text points outside the repository, as `line: text` findings. */
export function outsidePaths(file: string, text: string): string[] {
  const dir = dirname(join(ROOT, file));
  const found: string[] = [];
  text.split('\n').forEach((line, i) => {
    const at = `${file}:${i + 1}: ${line.trim()}`;
    // ESLint's import-restriction patterns are matched against src/ files' imports, not read.
    if (file === 'eslint.config.js' && /\bgroup:/.test(line)) return;
    const isShell = file === '.ci/run' || file.endsWith('.sh') || file.startsWith('.github/');
    if (isShell && /^\s*#/.test(line)) return;
    const literals = [...line.matchAll(/(['"`])((?:\.\.?\/|\.\.(?=\1))[^'"`\s]*)\1/g)].map((m) => m[2] as string);
    if (isShell || file.endsWith('.md')) literals.push(...[...line.matchAll(/(?:^|[\s=(])(\.\.\/[^\s'"`)]*)/g)].map((m) => m[1] as string));
    if (file.endsWith('.md')) literals.push(...[...line.matchAll(/\]\((\.\.?\/[^)\s#]*)/g)].map((m) => m[1] as string));
    for (const l of literals) if (!inside(resolve(dir, l))) found.push(`${at} (${l} leaves the repository)`);
    // join(ROOT, '..', 'shared'): out of the checkout (or a folder of it) and into a sibling. A '..'
    // from a temporary file's path (join(chart, '..', 'manifest.json')) stays where that file is.
    if (/\b(?:ROOT|FIXTURES|root|__dirname|process\.cwd\(\)|import\.meta\.dirname|dirname\([^)]*import\.meta[^)]*\))\s*,\s*(?:(['"])\.\.\1\s*,\s*)+(['"])(?!\.\.\2)[^'"]+\2/.test(line)) found.push(`${at} ('..' then a folder name: build paths from ROOT or FIXTURES in test/helpers/paths.ts)`);
    if (/\/work\/(?:shared|main|wt)\b|(?:^|[^\w.])\.\.[\\/]shared\b/.test(line) && !(isShell && /^\s*#/.test(line))) found.push(`${at} (names a folder beside the checkout)`);
  });
  return [...new Set(found)];
}

/** The sibling folder the fixtures once came from, spelled at run time so this file names no such path. */
const SIBLING = ['..', 'shared'].join('/');

describe('self-containment', () => {
  it('finds what it is meant to find', () => {
    expect(outsidePaths('test/helpers/paths.ts', "export const SHARED = join(ROOT, '..', 'shared', 'fixtures');")).toHaveLength(1);
    expect(outsidePaths('test/unit/x.test.ts', `const f = readFileSync('../../${SIBLING}/fixtures/a.json');`)).toHaveLength(2);
    expect(outsidePaths('scripts/x.mjs', "const root = new URL('../..', import.meta.url).pathname;")).toHaveLength(1);
    expect(outsidePaths('.ci/run', `cp -r ${SIBLING}/fixtures test/`)).not.toHaveLength(0);
    expect(outsidePaths('docs/a.md', 'see [the data](../../elsewhere/data.md)')).toHaveLength(1);
    expect(outsidePaths('test/unit/x.test.ts', "import { ROOT } from '../helpers/paths.js';")).toEqual([]);
    expect(outsidePaths('scripts/x.mjs', "const root = new URL('..', import.meta.url).pathname;")).toEqual([]);
  });

  it('no tracked file in test/, bench/, scripts/, docs/ or the configs reads a path outside the repository', () => {
    const files = tracked();
    expect(files.length).toBeGreaterThan(50);
    const findings = files.flatMap((f) => outsidePaths(f, readFileSync(join(ROOT, f), 'utf8')));
    expect(findings, findings.map((f) => relative(ROOT, f)).join('\n')).toEqual([]);
  });
});
