/**
 * The bundled CLI when its reader goes away (`benchtrend history | head`): the closed pipe ends
 * the output quietly instead of a Node stack trace about EPIPE.
 */
import { spawn } from 'node:child_process';
import { closeSync, openSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/paths.js';

function withStdoutClosed(args: string[]): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [join(ROOT, 'dist/cli.js'), ...args], { stdio: ['ignore', 'pipe', 'pipe'], env: { PATH: process.env['PATH'] ?? '' } });
    // Closed before the CLI has started: its first write meets a pipe with no reader.
    child.stdout.destroy();
    let stderr = '';
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString('utf8')));
    child.on('close', (code) => resolve({ code, stderr }));
  });
}

describe('benchtrend with its output closed', () => {
  it('stops quietly', async () => {
    const { code, stderr } = await withStdoutClosed(['--help']);
    expect(stderr).toBe('');
    expect(code).toBe(0);
  });
});

it('says in one line, not a stack trace, that its output could not be written to a full disk, and fails', async () => {
  const full = openSync('/dev/full', 'w');
  try {
    const { code, stderr } = await new Promise<{ code: number | null; stderr: string }>((resolve) => {
      const child = spawn(process.execPath, [join(ROOT, 'dist/cli.js'), '--help'], { stdio: ['ignore', full, 'pipe'], env: { PATH: process.env['PATH'] ?? '' } });
      let err = '';
      child.stderr?.on('data', (c: Buffer) => (err += c.toString('utf8')));
      child.on('close', (c) => resolve({ code: c, stderr: err }));
    });
    expect(stderr).toBe('benchtrend: cannot write the output (ENOSPC); what was printed is incomplete\n');
    expect(code).toBe(1);
  } finally {
    closeSync(full);
  }
});
