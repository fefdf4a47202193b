/**
 * The bundled CLI when its reader goes away (`benchtrend history | head`): the closed pipe ends
 * the output quietly instead of a Node stack trace about EPIPE.
 */
import { spawn } from 'node:child_process';
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
