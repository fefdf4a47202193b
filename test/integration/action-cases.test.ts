import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyFile, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FIXTURES, HAS_NODE24, IN_CI, NODE24 } from '../helpers/paths.js';
import { runAction } from '../helpers/run-action.js';
import { REFUSALS as refusals } from '../helpers/refusals.js';
import { gitSandbox, type GitSandbox } from './helpers/git-server.js';

let work: string;
let sb: GitSandbox;

beforeAll(async () => {
  sb = await gitSandbox('benchtrend-action-git-');
  work = await mkdtemp(join(tmpdir(), 'benchtrend-action-'));
  await copyFile(join(FIXTURES, 'records/warm.json'), join(work, 'warm.json'));
  await copyFile(join(FIXTURES, 'records/cold-recreate.json'), join(work, 'cold-recreate.json'));
});
afterAll(async () => {
  await rm(work, { recursive: true, force: true });
  await sb.dispose();
});

const pushEvent = { name: 'push', payload: { ref: 'refs/heads/main', head_commit: { id: '0123456789abcdef0123456789abcdef01234567', message: 'x' } } };

// The Actions runtime is node24; Node 20 is what developers and older runners have.
const runtimes: [string, string | undefined][] = [['node 20', undefined]];
if (HAS_NODE24 || IN_CI) runtimes.push(['node 24', NODE24]);

describe.each(runtimes)('dist/index.js under %s', (label, node) => {
  it('writes the flat cases, the outputs and the job summary, and publishes', async () => {
    const remote = await sb.bareRemote(`cases-${label.replace(' ', '')}`);
    const run = await runAction({
      cwd: work,
      node,
      event: pushEvent,
      env: sb.env,
      inputs: {
        repository: remote,
        records: 'warm.json\ncold-recreate.json',
        'require-stages': 'cold-recreate: host-prep, devpod-up, tools, attach\nwarm: *',
        note: 'v0.26.1, Linux-X64',
      },
    });
    try {
      expect(run.stderr).toBe('');
      expect(run.code).toBe(0);
      const expected = JSON.parse(await readFile(join(FIXTURES, 'records/cases.expected.json'), 'utf8')) as { name: string; value: number }[];
      const cases = JSON.parse(run.outputs['cases']!) as { name: string; value: number; unit: string }[];
      expect(cases.map((c) => [c.name, c.value])).toEqual(expected.map((c) => [c.name, c.value]));
      expect(run.outputs['case-count']).toBe('9');
      expect(run.outputs['cases-file']!.startsWith(run.runnerTemp)).toBe(true);
      expect(JSON.parse(await readFile(run.outputs['cases-file']!, 'utf8'))).toEqual(cases);
      expect(run.summary).toContain('| Case | Median | Error bar (Q1–Q3) | Runs |');
      expect(run.summary).toContain('| warm / attach | 1.61 s | 1\\.52–1\\.7 s | 3/3 |');
      expect(run.outputs['published-commit']).toBe(await sb.revParse(remote, 'refs/heads/gh-pages'));
    } finally {
      await run.dispose();
    }
  });

  it('expands globs in records', async () => {
    const remote = await sb.bareRemote(`glob-${label.replace(' ', '')}`);
    const run = await runAction({ cwd: work, node, event: pushEvent, env: sb.env, inputs: { records: '*.json', repository: remote } });
    try {
      expect(run.code).toBe(0);
      expect(run.outputs['case-count']).toBe('9');
    } finally {
      await run.dispose();
    }
  });
});

describe('refusals through the bundled action', () => {
  it.each(refusals)('refuses $title with one line, exit 1 and nothing written', async ({ files, inputs, message }) => {
    const dir = await mkdtemp(join(tmpdir(), 'benchtrend-refuse-'));
    for (const [name, text] of Object.entries(files)) await writeFile(join(dir, name), text);
    const remote = await sb.bareRemote(`refused-${refusals.findIndex((r) => r.inputs === inputs)}`);
    const run = await runAction({ cwd: dir, event: pushEvent, env: sb.env, inputs: { ...inputs, repository: remote } });
    try {
      expect(run.code).toBe(1);
      const errors = run.stdout.split('\n').filter((l) => l.startsWith('::error::'));
      expect(errors).toHaveLength(1);
      expect(errors[0]!.slice('::error::'.length)).toMatch(message);
      expect(run.outputs).toEqual({});
      expect(run.summary).toBe('');
      expect(await readdir(run.runnerTemp)).not.toContain('benchtrend');
      expect(await sb.revParse(remote, 'refs/heads/gh-pages')).toBeUndefined();
    } finally {
      await run.dispose();
      await rm(dir, { recursive: true, force: true });
    }
  });
});

it('cuts a job summary past the 1 MiB GitHub takes per step, saying so, and publishes every case', async () => {
  // 6,000 cases: the cases table and the verdicts would pass 1 MiB, and GitHub drops a larger summary whole.
  const names = Array.from({ length: 6000 }, (_, i) => `module_${i % 40}/a_benchmark_with_a_name_as_long_as_real_ones_${i}`);
  await writeFile(join(work, 'many.json'), JSON.stringify(names.map((name, i) => ({ name, unit: 'ns', value: 1000 + i }))));
  const remote = await sb.bareRemote('summary-cut');
  const run = await runAction({ cwd: work, event: pushEvent, env: sb.env, inputs: { repository: remote, records: 'many.json', format: 'customSmallerIsBetter' } });
  try {
    expect(run.code, run.stderr).toBe(0);
    expect(new TextEncoder().encode(run.summary).length).toBeLessThanOrEqual(1024 * 1024);
    expect(run.summary).toMatch(/\*\*The summary stops here\*\*: GitHub takes at most 1,048,576 bytes of it per step, and [\d,]+ more lines were left out\.\n$/);
    expect(run.stdout).toContain("The job summary was cut to fit the 1,048,576 bytes GitHub takes per step");
    expect(run.outputs['case-count']).toBe('6000');
    expect(run.outputs['published-commit']).toBe(await sb.revParse(remote, 'refs/heads/gh-pages'));
  } finally {
    await run.dispose();
  }
});
