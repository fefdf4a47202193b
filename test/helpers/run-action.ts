import { execFile, type ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT } from './paths.js';

export interface ActionRun {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
  /** Outputs parsed from the real GITHUB_OUTPUT file. */
  readonly outputs: Record<string, string>;
  /** Contents of the real GITHUB_STEP_SUMMARY file. */
  readonly summary: string;
  readonly runnerTemp: string;
  readonly dispose: () => Promise<void>;
}

/** Parses the `name<<delimiter` blocks @actions/core writes to GITHUB_OUTPUT. */
export function parseOutputFile(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const m = /^([^<=]+)<<(.+)$/.exec(lines[i] ?? '');
    if (!m) continue;
    const [, name, delim] = m as unknown as [string, string, string];
    const body: string[] = [];
    for (i++; i < lines.length && lines[i] !== delim; i++) body.push(lines[i] ?? '');
    out[name] = body.join('\n');
  }
  return out;
}

/**
 * Runs the bundled action as the runner does: `node dist/index.js` with INPUT_* variables, an
 * event payload file and real GITHUB_OUTPUT / GITHUB_STEP_SUMMARY files.
 */
export async function runAction(options: {
  inputs: Record<string, string>;
  cwd: string;
  node?: string | undefined;
  event?: { name: string; payload: unknown };
  env?: Record<string, string>;
  /** Handed the running process, for a test that signals it as a cancelled job's runner does. */
  started?: (child: ChildProcess) => void;
}): Promise<ActionRun> {
  const runnerTemp = await mkdtemp(join(tmpdir(), 'benchtrend-runner-'));
  const outputFile = join(runnerTemp, 'github_output');
  const summaryFile = join(runnerTemp, 'step_summary.md');
  const eventFile = join(runnerTemp, 'event.json');
  await writeFile(outputFile, '');
  await writeFile(summaryFile, '');
  await writeFile(eventFile, JSON.stringify(options.event?.payload ?? {}));
  const env: Record<string, string> = {
    PATH: process.env['PATH'] ?? '/usr/bin:/bin',
    HOME: runnerTemp,
    RUNNER_TEMP: runnerTemp,
    GITHUB_WORKSPACE: options.cwd,
    GITHUB_OUTPUT: outputFile,
    GITHUB_STEP_SUMMARY: summaryFile,
    GITHUB_EVENT_PATH: eventFile,
    GITHUB_EVENT_NAME: options.event?.name ?? 'push',
    GITHUB_REPOSITORY: 'owner/repo',
    GITHUB_SHA: '0123456789abcdef0123456789abcdef01234567',
    GITHUB_REF: 'refs/heads/main',
    GITHUB_SERVER_URL: 'https://github.com',
    GITHUB_RUN_ID: '1',
    GITHUB_ACTIONS: 'true',
    ...options.env,
  };
  for (const [name, value] of Object.entries(options.inputs)) env[`INPUT_${name.replace(/ /g, '_').toUpperCase()}`] = value;
  const result = await new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    const child = execFile(options.node ?? process.execPath, [join(ROOT, 'dist/index.js')], { cwd: options.cwd, env, timeout: 120_000 }, (err, stdout, stderr) => {
      const code = err ? (typeof err.code === 'number' ? err.code : 1) : 0;
      resolve({ code, stdout, stderr });
    });
    options.started?.(child);
  });
  return {
    ...result,
    outputs: parseOutputFile(await readFile(outputFile, 'utf8')),
    summary: await readFile(summaryFile, 'utf8'),
    runnerTemp,
    dispose: () => rm(runnerTemp, { recursive: true, force: true }),
  };
}

/** Runs the bundled CLI, `node dist/cli.js ...`. */
export function runCli(args: string[], cwd: string, env: Record<string, string> = {}): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [join(ROOT, 'dist/cli.js'), ...args], { cwd, env: { PATH: process.env['PATH'] ?? '', HOME: cwd, ...env }, timeout: 120_000 }, (err, stdout, stderr) => {
      resolve({ code: err ? (typeof err.code === 'number' ? err.code : 1) : 0, stdout, stderr });
    });
  });
}
