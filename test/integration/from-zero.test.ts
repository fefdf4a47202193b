/**
 * A step from zero through the bundled CLI (a bench that wrote 0 bytes for a while, then 4096):
 * the ratio rule alerts on it as github-action-benchmark does (its ratio is Infinity), and the
 * trend stays writable. Before, the stored alert's change was Infinity, which JSON stores as null
 * and the manifest's schema refuses, so this publish and every one after it failed.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { runCli } from '../helpers/run-action.js';
import { gitSandbox, type GitSandbox } from './helpers/git-server.js';

let sb: GitSandbox;
let remote: string;
const sha = (i: number) => i.toString(16).padStart(40, 'a');

async function publish(i: number, bytes: number, method: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const file = join(sb.root, `r${i}.json`);
  await writeFile(file, JSON.stringify([{ name: 'disk', unit: 'bytes', value: bytes }, { name: 'time', unit: 'ms', value: 100 + (i % 3) }]));
  return runCli(
    ['publish', file, '--repo', remote, '--commit', sha(i), '--format', 'customSmallerIsBetter', ...method, '--message', `m${i}`, '--author', 'Ada', '--timestamp', `2026-01-01T00:00:${String(i).padStart(2, '0')}Z`, '--json'],
    sb.root,
    sb.env,
  );
}

beforeAll(async () => {
  sb = await gitSandbox();
  remote = await sb.bareRemote('site');
  for (let i = 1; i <= 4; i++) {
    const r = await publish(i, 0, ['--alert-threshold', '150%']);
    expect(r.code, r.stderr).toBe(0);
  }
});
afterAll(() => sb.dispose());

it('alerts on a step from zero with the ratio rule, in words, and keeps publishing', async () => {
  const r = await publish(5, 4096, ['--alert-threshold', '150%']);
  expect(r.code, r.stderr).toBe(0);
  const out = JSON.parse(r.stdout) as { regressions: { case: string; change: number | null; reason: string }[] };
  expect(out.regressions).toEqual([expect.objectContaining({ case: 'customSmallerIsBetter / disk', change: null })]);
  expect(out.regressions[0]?.reason).toBe('from 0 to 4 KiB since the previous commit aaaaaaa, no ratio to a zero, above the alert threshold of 150%');
  expect(r.stdout).not.toMatch(/Infinity|NaN/);
  // The next publish reads and writes the same manifest.
  const next = await publish(6, 4096, ['--alert-threshold', '150%']);
  expect(next.code, next.stderr).toBe(0);

  const listed = await runCli(['alerts', '--repo', remote, '--json'], sb.root, sb.env);
  expect(listed.code, listed.stderr).toBe(0);
  const stored = JSON.parse(listed.stdout) as { sha: string; case: string; change?: number }[];
  const alert = stored.find((a) => a.case === 'customSmallerIsBetter / disk');
  expect(alert).toMatchObject({ sha: sha(5) });
  expect(alert && 'change' in alert).toBe(false);
  const text = await runCli(['alerts', '--repo', remote], sb.root, sb.env);
  expect(text.stdout).toMatch(/regression\s+aaaaaaa\s+default\s+customSmallerIsBetter \/ disk\s+worse, from 0\s+0 → 4 KiB/);

  const replayed = await runCli(['replay', '--repo', remote, '--alert-threshold', '150%', '--json'], sb.root, sb.env);
  expect(replayed.code, replayed.stderr).toBe(0);
  expect((JSON.parse(replayed.stdout) as { alerts: { sha: string; change: number | null }[] }).alerts).toEqual([expect.objectContaining({ sha: sha(5), change: null })]);
  const table = await runCli(['replay', '--repo', remote, '--alert-threshold', '150%'], sb.root, sb.env);
  expect(table.stdout).toMatch(/customSmallerIsBetter \/ disk\s+aaaaaaa\s+regression\s+\w+\s+worse, from 0\s+smaller/);
  expect(table.stdout).not.toMatch(/Infinity/);
});
