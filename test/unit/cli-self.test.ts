/**
 * The command a CLI line hands over (`... serve DIR`) is the one the user's shell can run: the bin's
 * name only where a global install put it on PATH.
 */
import { describe, expect, it } from 'vitest';
import { selfCommand } from '../../src/cli/self.js';

describe('selfCommand', () => {
  it('is npx benchtrend for a project install or npx, whose bin is on no PATH of the shell', () => {
    expect(selfCommand('/home/a/proj/node_modules/.bin/benchtrend', '/home/a/proj')).toBe('npx benchtrend');
    expect(selfCommand('/home/a/.npm/_npx/0a1b/node_modules/.bin/benchtrend', '/tmp')).toBe('npx benchtrend');
  });

  it('runs the file itself from a clone: relative under the folder it was run from, absolute elsewhere', () => {
    expect(selfCommand('/src/benchtrend/dist/cli.js', '/src/benchtrend')).toBe('node dist/cli.js');
    expect(selfCommand('/src/benchtrend/dist/cli.js', '/tmp/work')).toBe('node /src/benchtrend/dist/cli.js');
    expect(selfCommand("/src/it's here/dist/cli.js", '/tmp')).toBe(`node '/src/it'\\''s here/dist/cli.js'`);
  });

  it('is the bare name after a global install, or when nothing says how it ran', () => {
    expect(selfCommand('/usr/local/bin/benchtrend', '/home/a')).toBe('benchtrend');
    expect(selfCommand(undefined, '/home/a')).toBe('benchtrend');
  });
});
