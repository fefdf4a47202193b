/**
 * What the `records` input may name that is not a file the bench wrote: a named pipe nobody
 * writes to held the run forever (and Ctrl-C with it), /dev/zero was read until memory ran out.
 * Each is refused at once in one line naming it. Real files on disk.
 */
import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { InputError } from '../../src/core/model.js';
import { expandPatterns, readInputFile } from '../../src/effects/record-files.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'benchtrend-records-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

describe('readInputFile', () => {
  it('refuses a named pipe at once instead of waiting for a writer', { timeout: 5000 }, async () => {
    execFileSync('mkfifo', [join(dir, 'w.json')]);
    await expect(readInputFile('w.json', dir)).rejects.toThrow(new InputError('w.json: cannot read (it is a named pipe, not a file); give the file the bench wrote'));
  });

  it('refuses a device with no size instead of reading it until memory runs out', { timeout: 5000 }, async () => {
    await expect(readInputFile('/dev/zero', dir)).rejects.toThrow(new InputError('/dev/zero: cannot read (it is a device, not a file); give the file the bench wrote'));
    await symlink('/dev/urandom', join(dir, 'r.json'));
    await expect(readInputFile('r.json', dir)).rejects.toThrow(new InputError('r.json: cannot read (it is a device, not a file); give the file the bench wrote'));
  });

  it('names a loop of symbolic links and a folder as such', async () => {
    await symlink('b.json', join(dir, 'a.json'));
    await symlink('a.json', join(dir, 'b.json'));
    await expect(readInputFile('a.json', dir)).rejects.toThrow(/^a\.json: cannot read \(a loop of symbolic links\); /);
    await mkdir(join(dir, 'out'));
    await expect(readInputFile('out', dir)).rejects.toThrow(new InputError('out: cannot read (it is a directory); give the records in it, like out/*.json'));
  });

  it('still reads a file, its byte order mark dropped', async () => {
    await writeFile(join(dir, 'w.json'), '\uFEFF{"shape": "w"}');
    await expect(readInputFile('w.json', dir)).resolves.toBe('{"shape": "w"}');
  });
});

describe('expandPatterns', () => {
  it('gives a file reached by several names once, under its first name', async () => {
    await mkdir(join(dir, 'run-42'));
    await writeFile(join(dir, 'run-42', 'warm.json'), '{}');
    await symlink('run-42', join(dir, 'latest'));
    await symlink('run-42/warm.json', join(dir, 'warm.json'));
    expect(await expandPatterns(['**/*.json'], dir)).toEqual(['latest/warm.json']);
    expect(await expandPatterns(['run-42/warm.json', './run-42/warm.json', 'warm.json', 'latest/*.json'], dir)).toEqual(['run-42/warm.json']);
    // A missing path stays, for the read to refuse by name.
    expect(await expandPatterns(['gone.json', 'run-42/warm.json'], dir)).toEqual(['gone.json', 'run-42/warm.json']);
  });

  it('refuses Windows separators in a pattern that names nothing, with the spelling that works', async () => {
    await mkdir(join(dir, 'out'));
    await writeFile(join(dir, 'out', 'a.json'), '{}');
    await writeFile(join(dir, 'out', 'b.json'), '{}');
    const refused = (pattern: string, then: string) =>
      expect(expandPatterns([pattern], dir)).rejects.toThrow(new InputError(`records: the pattern ${JSON.stringify(pattern)} matched no file: a pattern separates folders with /, \\ escapes the character after it${then}`));
    await refused('out\\*.json', '; write "out/*.json", which matches 2 files');
    await refused('out\\a.json', '; write "out/a.json", which matches a file');
    await refused('run\\*.json', ', and "run/*.json" matches no file either; the bench step may have exited 0 without writing its records');
    // A name that really holds a backslash, or an escape that matches, is read as written.
    await writeFile(join(dir, 'odd\\name.json'), '{}');
    await writeFile(join(dir, 'x[1].json'), '{}');
    expect(await expandPatterns(['odd\\name.json', 'x\\[1\\]*.json'], dir)).toEqual(['odd\\name.json', 'x[1].json']);
  });
});
