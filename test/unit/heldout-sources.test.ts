/**
 * Where the held-out histories of bench/judged/ come from (bench/judged/sources.json) and
 * scripts/heldout-data.mjs, which extracts them from local git copies: every labelled history
 * that is not a fixture has its source, and the script writes the recorded bytes, says so when
 * they differ, and names what it cannot find.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/paths.js';

interface Source { history: string; repo: string; branch: string | null; commit: string | null; path: string; sha256: string | null; note?: string }
const { histories } = JSON.parse(readFileSync(join(ROOT, 'bench/judged/sources.json'), 'utf8')) as { histories: Source[] };
const FIXTURES = ['github-action-benchmark', 'prisma', 'snarkVM'];
const SCRIPT = join(ROOT, 'scripts/heldout-data.mjs');
const work = mkdtempSync(join(tmpdir(), 'benchtrend-heldout-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const git = (cwd: string, ...args: string[]) =>
  execFileSync('git', args, { cwd, env: { ...process.env, GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: '/dev/null', GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@t', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@t' }, encoding: 'utf8' }).trim();

describe('bench/judged/sources.json', () => {
  it('names a source for every held-out history labelled, once, and nothing else', () => {
    const labelled = readdirSync(join(ROOT, 'bench/judged'))
      .filter((f) => f.endsWith('.jsonl') && !f.endsWith('-missed.jsonl'))
      .map((f) => f.slice(0, -'.jsonl'.length))
      .filter((n) => !FIXTURES.includes(n))
      .sort();
    expect(histories.map((h) => h.history).sort()).toEqual(labelled);
  });
  it('gives each a full commit, a path ending in data.js and a sha256, or says why not', () => {
    for (const h of histories) {
      expect(h.repo, h.history).toMatch(/^[\w.-]+\/[\w.-]+$/);
      expect(h.path, h.history).toMatch(/(^|\/)data\.js$/);
      if (h.commit === null) expect(h.note, h.history).toMatch(/\w/);
      else {
        expect(h.commit, h.history).toMatch(/^[0-9a-f]{40}$/);
        expect(h.sha256, h.history).toMatch(/^[0-9a-f]{64}$/);
      }
    }
  });
});

describe('scripts/heldout-data.mjs', () => {
  // A stand-in for one fetched repository: a branch whose data.js changed after the recorded commit.
  const mirrors = join(work, 'mirrors');
  const repo = join(mirrors, 'someone+project', 'repo');
  mkdirSync(repo, { recursive: true });
  git(repo, 'init', '--quiet', '-b', 'gh-pages');
  mkdirSync(join(repo, 'dev/bench'), { recursive: true });
  const judged = 'window.BENCHMARK_DATA = {"entries": {}}\n';
  writeFileSync(join(repo, 'dev/bench/data.js'), judged);
  git(repo, 'add', '.');
  git(repo, 'commit', '--quiet', '-m', 'first');
  const first = git(repo, 'rev-parse', 'HEAD');
  writeFileSync(join(repo, 'dev/bench/data.js'), 'window.BENCHMARK_DATA = {"entries": {"later": []}}\n');
  git(repo, 'commit', '--quiet', '-am', 'later');
  const sum = createHash('sha256').update(judged).digest('hex');

  const run = (sources: Source[], out: string, ...extra: string[]) => {
    // The script reads bench/judged/sources.json from its own checkout: run a copy beside a made-up one.
    const copy = join(work, `copy-${out}`);
    mkdirSync(join(copy, 'scripts'), { recursive: true });
    mkdirSync(join(copy, 'bench/judged'), { recursive: true });
    writeFileSync(join(copy, 'scripts/heldout-data.mjs'), readFileSync(SCRIPT));
    writeFileSync(join(copy, 'bench/judged/sources.json'), JSON.stringify({ histories: sources }));
    return spawnSync(process.execPath, [join(copy, 'scripts/heldout-data.mjs'), '--mirrors', mirrors, '--out', join(work, out), ...extra], { encoding: 'utf8' });
  };
  const source: Source = { history: 'project', repo: 'someone/project', branch: 'gh-pages', commit: first, path: 'dev/bench/data.js', sha256: sum };

  it('writes the recorded copy, not the branch\'s newest', () => {
    const r = run([source], 'ok');
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(readFileSync(join(work, 'ok/project/data.js'), 'utf8')).toBe(judged);
  });
  it('names a copy whose bytes differ, a missing repository and a missing path, and exits 1', () => {
    const r = run([
      { ...source, sha256: '0'.repeat(64) },
      { ...source, history: 'gone', repo: 'someone/elsewhere' },
      { ...source, history: 'moved', path: 'bench/data.js' },
      { ...source, history: 'never', commit: null, sha256: null, note: 'no copy could be had' },
    ], 'bad');
    expect(r.status).toBe(1);
    expect(r.stderr).toContain(`project: written, but its sha256 is ${sum.slice(0, 12)}…, not the recorded 000000000000…`);
    expect(r.stderr).toContain(`gone: no git copy of someone/elsewhere under ${mirrors}`);
    expect(r.stderr).toContain(`moved: someone/project has no bench/data.js at ${first.slice(0, 7)} (branch gh-pages)`);
    expect(r.stderr).toContain('never: skipped (no copy could be had)');
  });
  it('refuses a history the sources do not name, writing nothing', () => {
    const r = run([source], 'unnamed', '--history', 'other');
    expect(r.status).toBe(2);
    expect(r.stderr.trim()).toBe('--history other: bench/judged/sources.json names no such history');
    expect(existsSync(join(work, 'unnamed'))).toBe(false);
  });
  it('refuses to run without its two directories', () => {
    const r = spawnSync(process.execPath, [SCRIPT, '--out', join(work, 'x')], { encoding: 'utf8' });
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/^usage: node scripts\/heldout-data\.mjs --mirrors DIR --out OUT/);
  });
});
