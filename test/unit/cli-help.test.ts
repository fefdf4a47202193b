/**
 * Every `benchtrend <command> --help` reads in a terminal of 100 columns: the --format line
 * listed every format on one line of some 280 columns, which a terminal wraps at column 0.
 */
import { describe, expect, it } from 'vitest';
import { COMMANDS, main } from '../../src/cli.js';
import { FORMAT_NAMES } from '../../src/formats/registry.js';

async function help(command: string): Promise<string> {
  let out = '';
  const code = await main([command, '--help'], { stdout: (t) => (out += t), stderr: (t) => (out += t), cwd: process.cwd(), env: {} });
  expect(code).toBe(0);
  return out;
}

describe('--help', () => {
  it.each(Object.keys(COMMANDS))('%s --help fits in 100 columns', async (command) => {
    const long = (await help(command)).split('\n').filter((l) => [...l].length > 100);
    expect(long).toEqual([]);
  });

  // demo's help named neither -h nor what its exit status means, and serve's no exit status.
  it.each(Object.keys(COMMANDS))('%s --help names -h and says what each exit status means', async (command) => {
    const text = await help(command);
    expect(text).toMatch(/^ {2}-h, --help +show this help$/m);
    expect(text).toMatch(/^Exit status: 0 [^]*[,;] 1 [^]*2 on a\s+usage\s+error\.$/m);
  });

  it.each(['cases', 'publish', 'compare'])('%s --help still names every format, each whole', async (command) => {
    const text = await help(command);
    const listed = /--format NAME +input format: (auto \(default\),[^]*?)\n {2}-/.exec(text)?.[1]?.split(/,\s+/).map((s) => s.trim());
    expect(listed).toEqual(['auto (default)', ...FORMAT_NAMES]);
  });
});
