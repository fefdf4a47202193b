/**
 * Keeps the README (and the user docs it leads to) honest: what it tells a user to type, name or
 * open must exist in the code, the action's metadata and the repository.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse, parseAllDocuments } from 'yaml';
import { COMMANDS, main } from '../../src/cli.js';
import { FORMAT_NAMES } from '../../src/formats/registry.js';
import { ROOT } from '../helpers/paths.js';
import { REFUSALS } from '../helpers/refusals.js';

const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');
const README = 'README.md';
/** The pages a README reader is sent to for usage; checked by the same rules. */
const USER_DOCS = [README, 'docs/migration.md', 'docs/troubleshooting.md'];

const action = parse(read('action.yml')) as { inputs: Record<string, unknown>; outputs: Record<string, unknown> };
const INPUTS = new Set(Object.keys(action.inputs));

/** Fenced code blocks with their info string, and the text outside them. */
function blocks(markdown: string): { code: { lang: string; text: string }[]; prose: string } {
  const code: { lang: string; text: string }[] = [];
  const prose = markdown.replace(/^( *)```([\w-]*)\n([\s\S]*?)^\1```$/gm, (_m, indent: string, lang: string, text: string) => {
    code.push({ lang, text: text.replace(new RegExp(`^${indent}`, 'gm'), '') });
    return '';
  });
  return { code, prose };
}

/** Every `benchtrend <sub> ...` a page shows: inline code spans and command lines in code blocks. */
function commandLines(markdown: string): string[] {
  const { code, prose } = blocks(markdown);
  const inline = [...prose.matchAll(/`(benchtrend [^`]*)`/g)].map((m) => m[1] as string);
  const shown = code
    .filter((c) => c.lang === 'sh' || c.lang === '')
    .flatMap((c) => c.text.replace(/\\\n\s*/g, ' ').split('\n'))
    .map((l) => l.trim())
    .filter((l) => l.startsWith('benchtrend '));
  return [...inline, ...shown];
}

/** A command's `--help` text, from the command itself. */
async function helpOf(sub: string): Promise<string> {
  let out = '';
  const code = await main([sub, '--help'], { stdout: (t) => (out += t), stderr: (t) => (out += t), cwd: ROOT, env: {} });
  expect(code, `benchtrend ${sub} --help`).toBe(0);
  return out;
}

/** Each step of a workflow fragment that uses benchtrend, with its `with:` keys. */
function benchtrendSteps(yamlText: string): { uses: string; keys: string[] }[] {
  const found: { uses: string; keys: string[] }[] = [];
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) node.forEach(walk);
    else if (node !== null && typeof node === 'object') {
      const o = node as Record<string, unknown>;
      if (typeof o['uses'] === 'string' && /benchtrend|^\.\/?$/.test(o['uses'])) {
        found.push({ uses: o['uses'], keys: Object.keys((o['with'] as Record<string, unknown> | undefined) ?? {}) });
      }
      Object.values(o).forEach(walk);
    }
  };
  for (const doc of parseAllDocuments(yamlText)) {
    expect(doc.errors, yamlText).toEqual([]);
    walk(doc.toJS());
  }
  return found;
}

/** GitHub's heading anchors: lower case, punctuation dropped, spaces to hyphens. */
function anchors(markdown: string): Set<string> {
  return new Set(
    [...blocks(markdown).prose.matchAll(/^#{1,6} +(.+)$/gm)].map((m) =>
      (m[1] as string)
        .trim()
        .toLowerCase()
        .replace(/[^\p{L}\p{N} _-]/gu, '')
        .replace(/ /g, '-'),
    ),
  );
}

describe('README.md', () => {
  const readme = read(README);

  it('opens with the two newcomer commands in a code block right under the title', () => {
    const m = /^# benchtrend\n\n```sh\n([\s\S]*?)\n```\n/.exec(readme);
    expect(m, 'a sh block right after the title').not.toBeNull();
    const lines = (m?.[1] ?? '').split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^npm ci && npm run demo +# /);
    expect(lines[1]).toMatch(/^npm ci && npm test +# /);
    const scripts = (JSON.parse(read('package.json')) as { scripts: Record<string, string> }).scripts;
    expect(Object.keys(scripts)).toEqual(expect.arrayContaining(['demo', 'test']));
  });

  it('lists every subcommand of the CLI, and every command it shows is one', () => {
    const listed = new Set(commandLines(readme).map((l) => l.split(/\s+/)[1]));
    expect([...listed].sort()).toEqual(Object.keys(COMMANDS).sort());
  });

  it('names every input format of the registry', () => {
    const named = new Set([...readme.matchAll(/`([^`\s]+)`/g)].map((m) => m[1]));
    expect(FORMAT_NAMES.filter((f) => !named.has(f))).toEqual([]);
  });

  it('shows a workflow step for each use it describes, with inputs action.yml declares', () => {
    const yamlBlocks = blocks(readme).code.filter((c) => c.lang === 'yaml');
    const steps = yamlBlocks.flatMap((b) => benchtrendSteps(b.text));
    // push, pull request, collect, merge, another repository, migration
    expect(steps.length).toBeGreaterThanOrEqual(6);
    // collect and merge of a matrix; collect and the workflow_run merge of a fork's pull request
    const modes = steps.flatMap((s) => (s.keys.includes('mode') ? [s] : []));
    expect(modes.length).toBe(4);
    for (const s of steps) expect(s.keys.filter((k) => !INPUTS.has(k)), s.uses).toEqual([]);
  });

  it('names only inputs action.yml declares where its prose says "input"', () => {
    const { prose } = blocks(readme);
    const named = [...prose.matchAll(/\binputs? `([^`]+)`/gi)].map((m) => m[1] as string);
    const becomes = [...prose.matchAll(/becomes `([^`]+)`/g)].map((m) => m[1] as string);
    expect(named.length + becomes.length).toBeGreaterThan(0);
    expect([...named, ...becomes].filter((n) => !INPUTS.has(n))).toEqual([]);
  });
});

describe.each(USER_DOCS)('%s', (page) => {
  const text = read(page);

  it('shows only registered subcommands, with options their --help documents', async () => {
    const lines = commandLines(text);
    if (page === README) expect(lines.length).toBeGreaterThanOrEqual(Object.keys(COMMANDS).length);
    for (const line of lines) {
      const sub = line.split(/\s+/)[1] as string;
      expect(Object.keys(COMMANDS), line).toContain(sub);
      const help = await helpOf(sub);
      for (const flag of line.match(/(?<![\w-])--[a-z][\w-]*/g) ?? []) expect(help, `${flag} in "${line}"`).toContain(flag);
    }
  });

  it('links only to files and headings that exist', () => {
    const links = [...blocks(text).prose.matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1] as string).filter((l) => !/^[a-z]+:/.test(l));
    expect(links.length).toBeGreaterThan(0);
    for (const link of links) {
      const [path, anchor] = link.split('#') as [string, string | undefined];
      const target = path === '' ? join(ROOT, page) : resolve(dirname(join(ROOT, page)), path);
      expect(existsSync(target), `${link} in ${page}`).toBe(true);
      if (anchor !== undefined && target.endsWith('.md')) expect([...anchors(readFileSync(target, 'utf8'))], `${link} in ${page}`).toContain(anchor);
    }
  });
});

describe('docs/migration.md', () => {
  const text = read('docs/migration.md');
  const rows = [...text.matchAll(/^\| ([^|]+) \| ([^|]+) \| [^\n]*\|$/gm)].filter((m) => !/^-+$|github-action-benchmark/.test((m[1] as string).trim()));

  it('maps github-action-benchmark inputs onto inputs action.yml declares', () => {
    expect(rows.length).toBeGreaterThan(10);
    const targets = rows.map((m) => (m[2] as string).trim()).filter((t) => t !== '—');
    for (const t of targets) expect(INPUTS, t).toContain(/^`([^`]+)`$/.exec(t)?.[1]);
  });

  it('shows benchtrend steps with declared inputs only (the github-action-benchmark step is the "before")', () => {
    const steps = blocks(text).code.filter((c) => c.lang === 'yaml').flatMap((b) => benchtrendSteps(b.text));
    expect(steps.length).toBeGreaterThan(0);
    for (const s of steps) expect(s.keys.filter((k) => !INPUTS.has(k))).toEqual([]);
  });
});

/** Runs one command line in-process in `cwd`; what the user would see. */
async function runIn(cwd: string, argv: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const code = await main(argv, { stdout: (t) => (stdout += t), stderr: (t) => (stderr += t), cwd, env: { PATH: process.env['PATH'] ?? '', HOME: cwd } });
  return { code, stdout, stderr };
}

/** A quoted message as a pattern: `...` and `<placeholder>` stand for any text, the rest is literal. */
function messagePattern(quoted: string): RegExp {
  const parts = quoted.split(/(\.\.\.|…|<[a-z][\w -]*>)/);
  return new RegExp(`^${parts.map((p, i) => (i % 2 ? '.*' : p.replace(/\\\|/g, '|').replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))).join('')}$`);
}

const git = (cwd: string, ...args: string[]) => execFileSync('git', args, { cwd, stdio: 'pipe' }).toString();
const SHA = '0123456789abcdef0123456789abcdef01234567';
/** The commit's metadata, which git in the test's folder (no repository) cannot give. */
const GIVEN = ['--message', 'Bench', '--author', 'Ada'];
const RECORD = (shape: string, runs: Record<string, number>[]) => JSON.stringify({ shape, runs: runs.map((stages) => ({ stages })) });

/**
 * How to make each message the README's troubleshooting table quotes, with the very names it uses:
 * files written into an empty folder, then one CLI command line. The messages printed are compared
 * with the table, so the table shows what a user really gets.
 */
const README_REFUSALS: Readonly<Record<string, (cwd: string) => Promise<string[]> | string[]>> = {
  'x.json: cannot read': () => ['cases', 'x.json'],
  'records: the pattern': () => ['cases', 'out/*.json'],
  'x.json: not JSON': async (cwd) => {
    await writeFile(join(cwd, 'x.json'), '{"shape": "warm", "runs": [');
    return ['cases', 'x.json'];
  },
  'b.json: shape "warm"': async (cwd) => {
    await writeFile(join(cwd, 'a.json'), RECORD('warm', [{ a: 1 }]));
    await writeFile(join(cwd, 'b.json'), RECORD('warm', [{ a: 2 }]));
    return ['cases', 'a.json', 'b.json'];
  },
  'c.json: required stage': async (cwd) => {
    await writeFile(join(cwd, 'c.json'), RECORD('cold', [{ tools: 1 }, { tools: 1 }, { other: 1 }]));
    return ['cases', 'c.json', '--require-stages-on', 'cold', '--require-stages', 'tools'];
  },
  'require-stages: shape "warm"': async (cwd) => {
    await writeFile(join(cwd, 'c.json'), RECORD('cold', [{ a: 1 }]));
    return ['cases', 'c.json', '--require-stages-on', 'warm'];
  },
  '... refused the push': async (cwd) => {
    // What a protected branch does to a push, by a hook that declines every update of gh-pages.
    git(cwd, 'init', '--quiet', '--bare', 'trend.git');
    await writeFile(join(cwd, 'trend.git/hooks/pre-receive'), '#!/bin/sh\nexit 1\n', { mode: 0o755 });
    await writeFile(join(cwd, 'w.json'), RECORD('warm', [{ a: 1 }]));
    return ['publish', 'w.json', '--repo', 'trend.git', '--commit', SHA, ...GIVEN, '--max-attempts', '1'];
  },
  'gh-pages:dev/bench/manifest.json': async (cwd) => {
    git(cwd, 'init', '--quiet', '--bare', 'trend.git');
    git(cwd, 'clone', '--quiet', 'trend.git', 'work');
    await mkdir(join(cwd, 'work/dev/bench'), { recursive: true });
    await writeFile(join(cwd, 'work/dev/bench/manifest.json'), '{"schema": 1, "segm');
    git(join(cwd, 'work'), 'checkout', '--quiet', '-b', 'gh-pages');
    git(join(cwd, 'work'), 'add', '-A');
    git(join(cwd, 'work'), '-c', 'user.name=t', '-c', 'user.email=t@example.com', 'commit', '--quiet', '-m', 'damaged');
    git(join(cwd, 'work'), 'push', '--quiet', 'origin', 'gh-pages');
    await writeFile(join(cwd, 'w.json'), RECORD('warm', [{ a: 1 }]));
    return ['publish', 'w.json', '--repo', 'trend.git', '--commit', SHA, ...GIVEN];
  },
};

describe('README.md troubleshooting table, reproduced', () => {
  const table = blocks(read(README)).prose.split('## Troubleshooting')[1]?.split('\n## ')[0] ?? '';
  const quoted = [...table.matchAll(/^\| `(.+?)` \|/gm)].map((m) => (m[1] as string).replace(/\\\|/g, '|'));

  it('has a reproduction for every message it quotes', () => {
    expect(quoted.length).toBeGreaterThan(5);
    for (const q of quoted) expect(Object.keys(README_REFUSALS).filter((k) => q.startsWith(k)), q).toHaveLength(1);
  });

  it.each(Object.entries(README_REFUSALS))('"%s..." is what the CLI prints, exit 1, nothing else', async (start, setUp) => {
    const message = quoted.find((q) => q.startsWith(start));
    expect(message, start).toBeDefined();
    const cwd = await mkdtemp(join(tmpdir(), 'benchtrend-readme-'));
    try {
      const r = await runIn(cwd, await setUp(cwd));
      expect(r.code, r.stderr).toBe(1);
      const refusal = r.stderr.trimEnd().split('\n').filter((l) => !/^benchtrend: (?!warning)[A-Z]/.test(l));
      expect(refusal, r.stderr).toHaveLength(1);
      // The table quotes the action's words; the CLI names --require-stages-on for require-stages.
      expect((refusal[0] as string).replace(/^benchtrend: /, '').replace(/^--require-stages-on: /, 'require-stages: ')).toMatch(messagePattern(message as string));
    } finally {
      await rm(cwd, { recursive: true, force: true });
    }
  });
});

describe('docs/troubleshooting.md', () => {
  const rows = [...read('docs/troubleshooting.md').matchAll(/^\| (?:warning: )?(`+)(.+?)\1/gm)].map((m) => m[2] as string);

  it('documents every refusal of the catalog the way the CLI really prints it', async () => {
    expect(rows.length).toBeGreaterThan(40);
    // Example values in a row (a file, a shape, a field path, a count, an example reason in
    // parentheses) stand for any.
    const general = rows.map(
      (r) =>
        new RegExp(
          `^${r
            .split(/(\.\.\.|…|<[a-z][\w -]*>|\([^)]*\)|"[^"]*"|\b[\w./-]+\.json\b|\bruns\[\d+\]\.stages\.\w+|\b(?:NaN|null)\b|-?\d+(?:\.\d+)?)/)
            .map((p, i) => (i % 2 ? '.*' : p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
            .join('')}`,
        ),
    );
    for (const refusal of REFUSALS) {
      const cwd = await mkdtemp(join(tmpdir(), 'benchtrend-trouble-'));
      try {
        for (const [name, text] of Object.entries(refusal.files)) await writeFile(join(cwd, name), text);
        const r = await runIn(cwd, cliArgs(refusal.inputs));
        expect(r.code, refusal.title).toBe(1);
        const printed = r.stderr.trimEnd().replace(/^benchtrend: /, '');
        expect(printed, refusal.title).toMatch(refusal.message);
        // The CLI names its flags where the action names its inputs (src/cli/flag-words.ts); the
        // page documents the action's words.
        const asAction = printed.replace(/^--format: /, 'format: ').replace(/^--require-stages-on: /, 'require-stages: ');
        expect(general.some((g) => g.test(asAction)), `"${printed}" (${refusal.title}) is in no row of docs/troubleshooting.md`).toBe(true);
      } finally {
        await rm(cwd, { recursive: true, force: true });
      }
    }
  });
});

/** The action's inputs of a refusal as the CLI's command line. */
function cliArgs(inputs: Record<string, string>): string[] {
  const args = ['cases', ...(inputs['records'] ?? '').split('\n')];
  if (inputs['format']) args.push('--format', inputs['format']);
  for (const line of (inputs['require-stages'] ?? '').split('\n').filter(Boolean)) {
    const [shape, stages] = line.split(':').map((x) => x.trim()) as [string, string];
    args.push('--require-stages-on', shape);
    if (stages !== '*') args.push('--require-stages', stages.replace(/\s+/g, ''));
  }
  return args;
}

describe('the project\'s own trend, as the README describes it (.github/workflows/bench.yml)', () => {
  interface Step {
    run?: string;
    uses?: string;
    with?: Record<string, unknown>;
  }
  const workflow = parse(read('.github/workflows/bench.yml')) as {
    on: { push?: { branches?: string[] }; workflow_dispatch?: unknown };
    permissions: Record<string, string>;
    concurrency: unknown;
    jobs: Record<string, { steps: Step[] }>;
  };
  const steps = Object.values(workflow.jobs).flatMap((j) => j.steps);

  it('runs on push to main and on workflow_dispatch, one publish at a time, none cancelled', () => {
    expect(workflow.on.push?.branches).toEqual(['main']);
    expect(workflow.on).toHaveProperty('workflow_dispatch');
    expect(workflow.permissions).toEqual({ contents: 'write' });
    expect(workflow.concurrency).toEqual({ group: 'benchtrend-bench-publish', 'cancel-in-progress': false });
  });

  it('publishes the records the quick benchmarks wrote, with itself, commenting and never gating', () => {
    const bench = steps.findIndex((s) => /^npm run bench -- --quick --records \S+$/.test(s.run?.trim() ?? ''));
    const publish = steps.findIndex((s) => s.uses === './');
    expect(steps.findIndex((s) => s.run?.trim() === 'npm ci')).toBeGreaterThanOrEqual(0);
    expect(bench).toBeGreaterThanOrEqual(0);
    expect(publish).toBeGreaterThan(bench);
    const dir = (steps[bench]?.run ?? '').trim().split(' ').pop();
    const inputs = steps[publish]?.with ?? {};
    expect(inputs).toMatchObject({ records: `${dir}/*.json`, suite: 'benchtrend', 'comment-on-alert': true });
    expect(inputs).not.toHaveProperty('fail-on-regression');
    expect(Object.keys(inputs).filter((k) => !INPUTS.has(k))).toEqual([]);
  });
});

describe('docs/troubleshooting.md, the warnings that do not fail the run', () => {
  it('has a row for each input line that matches nothing in this run', async () => {
    const { controlCasesMatchingNothing, floorsMatchingNothing } = await import('../../src/core/regress/settings.js');
    const { parseAbsoluteFloors } = await import('../../src/core/regress/absolute-floor.js');
    const table = read('docs/troubleshooting.md').split('## Warnings that do not fail the run')[1]?.split('\n## ')[0] ?? '';
    const said = [
      ...controlCasesMatchingNothing({ controlCases: ['X'] }, ['warm / total'], 'this run'),
      ...floorsMatchingNothing({ floors: parseAbsoluteFloors('1 parsec') }, ['s'], 'this run'),
    ];
    expect(said).toHaveLength(2);
    // Each row quotes the warning up to its first varying part, its value "X".
    for (const line of said) expect(table, line).toContain(line.slice(0, line.indexOf('"') + 1));
  });
});
