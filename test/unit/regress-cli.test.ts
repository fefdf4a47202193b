/**
 * `benchtrend alerts` in-process against a real repository: a trend published (in memory, with
 * the regression hook) and pushed to a bare repository in a temporary, isolated git sandbox.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alertLines, run as alerts, type ListedAlert } from '../../src/cli/alerts.js';
import { replayLines, replayTally } from '../../src/cli/replay.js';
import { UsageError, type CliIO } from '../../src/cli/io.js';
import { InputError, type Point } from '../../src/core/model.js';
import { Random } from '../../src/core/regress/prng.js';
import { DEFAULT_ALERT_SETTINGS } from '../../src/core/regress/settings.js';
import { regressionDeriver } from '../../src/jobs/regressions.js';
import { gitSandbox, type GitSandbox } from '../integration/helpers/git-server.js';
import { commit, MemoryTrend } from './trend-memory.js';

let sb: GitSandbox;
let url: string;

function points(rng: Random, slower: number): Point[] {
  return ['warm / total', 'warm / attach'].map((name, i) => {
    const value = (i + 1) * (name === 'warm / total' ? slower : 1) * Math.exp(0.02 * rng.normal());
    return { case: name, shape: 'warm', metric: name.slice(7), unit: 's', direction: 'smaller', value, q1: value, q3: value, min: value, max: value, stdev: null, runs: 1, n: 1, samples: [value] };
  });
}

beforeAll(async () => {
  sb = await gitSandbox();
  const remote = await sb.bareRemote('site');
  url = `file://${remote}`;
  const trend = new MemoryTrend();
  const rng = new Random(8);
  for (let n = 1; n <= 45; n++) {
    const deriver = regressionDeriver('default', DEFAULT_ALERT_SETTINGS);
    await trend.publish({ commit: commit(n, { sha: n.toString(16).padStart(2, '0').repeat(20) }), points: points(rng, n >= 30 ? 1.3 : 1), alerts: deriver.derive });
  }
  const work = join(sb.root, 'work');
  await sb.git(['init', '--quiet', '-b', 'gh-pages', work]);
  for (const [path, text] of trend.files) {
    await mkdir(join(work, 'dev/bench', path, '..'), { recursive: true });
    await writeFile(join(work, 'dev/bench', path), text);
  }
  await sb.git(['add', '--all'], work);
  await sb.git(['commit', '--quiet', '-m', 'trend'], work);
  await sb.git(['push', '--quiet', url, 'gh-pages'], work);
});

afterAll(async () => {
  await sb.dispose();
});

function io(): CliIO & { out: string[]; err: string[] } {
  const out: string[] = [];
  const err: string[] = [];
  return { out, err, stdout: (t) => out.push(t), stderr: (t) => err.push(t), cwd: sb.root, env: sb.env };
}

describe('benchtrend alerts', () => {
  it('lists the stored regression and change point with their status as text', async () => {
    const c = io();
    expect(await alerts(['--repo', url], c)).toBe(0);
    const lines = c.out.join('').trimEnd().split('\n');
    expect(lines[0]).toMatch(/^STATUS\s+KIND\s+COMMIT\s+SUITE\s+CASE\s+CHANGE\s+BASELINE → VALUE\s+WHY$/);
    expect(lines.slice(1).some((l) => /^confirmed\s+regression\s+(1e1e1e1|1f1f1f1)\s+default\s+warm \/ total\s+\+\d\d% worse\s+1(\.\d+)? → 1\.\d+ s\s+\d commits in a row/.test(l))).toBe(true);
    expect(lines.slice(1).some((l) => /^\w+\s+change-point\s+(1c1c1c1|1d1d1d1|1e1e1e1)\s+default\s+warm \/ total/.test(l))).toBe(true);
    expect(lines.slice(1).every((l) => l.includes('warm / total'))).toBe(true);
  });

  it('prints JSON with the status, the change as a fraction and the case’s unit', async () => {
    const c = io();
    expect(await alerts(['--repo', url, '--json', '--suite', 'default', '--status', 'confirmed'], c)).toBe(0);
    const listed = JSON.parse(c.out.join('')) as ListedAlert[];
    const regression = listed.find((a) => a.kind === 'regression');
    expect(regression).toMatchObject({ suite: 'default', case: 'warm / total', status: 'confirmed', unit: 's', direction: 'smaller' });
    expect(regression?.change).toBeGreaterThan(0.2);
    expect(listed.every((a) => a.status === 'confirmed')).toBe(true);
  });

  it('names a change point the detector raised a step found, and one it only drew a change point', () => {
    const base = { suite: 'default', case: 'warm / total', seq: 3, status: 'confirmed', baseline: 1, value: 1.2, change: 0.2, reason: 'step of +20%', unit: 's', direction: 'smaller' } as const;
    const lines = alertLines([
      { ...base, kind: 'change-point', sha: 'a'.repeat(40), raised: true },
      { ...base, kind: 'change-point', sha: 'b'.repeat(40) },
      { ...base, kind: 'regression', sha: 'c'.repeat(40) },
    ]);
    expect(lines.slice(1).map((l) => l.split(/\s+/).slice(1, 3).join(' '))).toEqual(['step-found aaaaaaa', 'change-point bbbbbbb', 'regression ccccccc']);
    // replay prints only what it raised, so each change point of its list is a step found.
    const replayed = { suite: 'default', case: 'warm / total', raisedAt: 'd'.repeat(40), status: 'confirmed', unit: 's', direction: 'smaller', baseline: 1, value: 1.2, change: 0.2, changeText: '+20% worse', reason: 'r' } as const;
    const rows = replayLines([
      { ...replayed, kind: 'change-point', sha: 'a'.repeat(40) },
      { ...replayed, kind: 'regression', sha: 'c'.repeat(40) },
    ]);
    expect(rows.slice(1).map((l) => l.split(/\s{2,}/).slice(2, 4).join(' '))).toEqual(['aaaaaaa step-found', 'ccccccc regression']);
  });

  it('tallies a replay by status and by commit, saying what a cleared alert was', () => {
    const replayed = { suite: 'default', case: 'warm / total', raisedAt: 'd'.repeat(40), unit: 's', direction: 'smaller', baseline: 1, value: 1.2, change: 0.2, changeText: '+20% worse', reason: 'r' } as const;
    const at = (sha: string, status: 'confirmed' | 'suspected' | 'cleared', name = 'warm / total') => ({ ...replayed, case: name, kind: 'regression' as const, sha: sha.repeat(40), status });
    const all = [at('a', 'confirmed'), at('a', 'confirmed', 'warm / attach'), at('b', 'cleared'), at('c', 'suspected'), at('c', 'cleared', 'warm / attach')];
    expect(replayTally(all, DEFAULT_ALERT_SETTINGS)).toBe(
      '5 alerts at 3 commits: 2 confirmed, 1 still suspected, 2 cleared later (no lasting step followed); --alert-after 3 shows what waiting for one more point would have raised',
    );
    // No setting to name: a run as long as the limit tests, or the ratio rule, which has no run.
    expect(replayTally(all, { ...DEFAULT_ALERT_SETTINGS, alertAfter: 3 })).toBe('5 alerts at 3 commits: 2 confirmed, 1 still suspected, 2 cleared later (no lasting step followed)');
    expect(replayTally(all, { ...DEFAULT_ALERT_SETTINGS, method: 'ratio' })).toBe('5 alerts at 3 commits: 2 confirmed, 1 still suspected, 2 cleared later (no lasting step followed)');
    // Statuses no alert has are left out, and with none cleared there is nothing to wait for; one is said in the singular.
    expect(replayTally([at('a', 'confirmed')], DEFAULT_ALERT_SETTINGS)).toBe('1 alert at 1 commit: 1 confirmed');
  });

  it('says how many alerts a status filter left out, rather than that none are stored', async () => {
    const all = io();
    expect(await alerts(['--repo', url, '--json'], all)).toBe(0);
    const listed = JSON.parse(all.out.join('')) as ListedAlert[];
    expect(listed.length).toBeGreaterThan(0);
    expect(listed.some((a) => a.status === 'cleared')).toBe(false);
    const stored = listed.length;
    const c = io();
    expect(await alerts(['--repo', url, '--suite', 'default', '--status', 'cleared'], c)).toBe(0);
    expect([c.out.join(''), c.err.join('')]).toEqual(['', `benchtrend: no cleared alerts for suite default (${stored} stored, none cleared)\n`]);
  });

  it('refuses an unknown suite (a refusal) and a bad status (a usage error)', async () => {
    await expect(alerts(['--repo', url, '--suite', 'nope'], io())).rejects.toThrow(new InputError('--suite: the trend has no suite "nope"; it has "default"'));
    await expect(alerts(['--repo', url, '--status', 'open'], io())).rejects.toThrow(new UsageError('--status must be one of suspected, confirmed, cleared, got "open"'));
  });
});
