/**
 * Command lines the CLI must refuse as usage errors (exit 2, one line naming what is wrong and the
 * pointer to --help) before it reads or writes anything.
 */
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { main } from '../../src/cli.js';

let cwd: string;
beforeEach(async () => {
  cwd = await mkdtemp(join(tmpdir(), 'benchtrend-usage-'));
});
afterEach(async () => {
  await rm(cwd, { recursive: true, force: true });
});

async function cli(...argv: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const code = await main(argv, { stdout: (t) => (out += t), stderr: (t) => (err += t), cwd, env: {} });
  return { code, out, err };
}

it('refuses a folder given to demo without --dir, instead of running the demo in a temporary one', async () => {
  expect(await cli('demo', 'here')).toEqual({
    code: 2,
    out: '',
    err: `benchtrend demo: unexpected argument "here"; the demo's folder is given as --dir DIR\nRun "benchtrend demo --help" for usage.\n`,
  });
  expect(await readdir(cwd)).toEqual([]);
});

it('refuses a second DIR to serve by name, not as a DIR missing', async () => {
  expect(await cli('serve', 'a', 'b')).toEqual({
    code: 2,
    out: '',
    err: 'benchtrend serve: serve takes one DIR, got 2: unexpected argument "b"\nRun "benchtrend serve --help" for usage.\n',
  });
  expect((await cli('serve')).err).toBe('benchtrend serve: serve needs a DIR, or --repo URL|PATH\nRun "benchtrend serve --help" for usage.\n');
});

it('refuses an option given twice with two values, naming both, instead of keeping the last unsaid', async () => {
  expect(await cli('publish', 'a.json', '--repo', 'r', '--commit', 'a'.repeat(40), '--commit', 'b'.repeat(40))).toEqual({
    code: 2,
    out: '',
    err: `benchtrend publish: --commit was given twice ("${'a'.repeat(40)}", then "${'b'.repeat(40)}"); give it once\nRun "benchtrend publish --help" for usage.\n`,
  });
  expect((await cli('history', '--repo', 'one', '--repo=two')).err).toBe('benchtrend history: --repo was given twice ("one", then "two"); give it once\nRun "benchtrend history --help" for usage.\n');
  expect((await cli('serve', '.', '--port', '1', '--port', '2')).code).toBe(2);
  // Options that take several values, and a flag said twice, are no conflict.
  const twice = await cli('cases', 'missing.json', '--require-stages-on', 'a', '--require-stages-on', 'b', '--note', 'n', '--note', 'n');
  expect(twice.err).not.toMatch(/given twice/);
  // --help answers the line it ends, the duplicate said nothing about.
  const help = await cli('publish', '--commit', 'x', '--commit', 'y', '--help');
  expect(help).toEqual(await cli('publish', '--help'));
  expect(help.code).toBe(0);
});

it.each(['publish', 'compare'])('%s refuses --json with --markdown, which printed the JSON alone', async (command) => {
  expect(await cli(command, 'a.json', '--json', '--markdown')).toEqual({
    code: 2,
    out: '',
    err: `benchtrend ${command}: --json and --markdown each choose what is printed; give one\nRun "benchtrend ${command} --help" for usage.\n`,
  });
});

it('refuses the options that say where a trend is where there is none to find, instead of ignoring them', async () => {
  await writeFile(join(cwd, 'data.js'), 'window.BENCHMARK_DATA = {"lastUpdate": 1, "repoUrl": "", "entries": {}}\n');
  for (const option of ['--branch', '--dir', '--token-env', '--server']) {
    expect(await cli('replay', '--import-from', 'data.js', option, 'x')).toEqual({
      code: 2,
      out: '',
      err: `benchtrend replay: ${option} says where a trend is; with --import-from there is none (the data.js is a local file)\nRun "benchtrend replay --help" for usage.\n`,
    });
    expect(await cli('serve', '.', option, 'x')).toEqual({
      code: 2,
      out: '',
      err: `benchtrend serve: ${option} applies to serve --repo; serve DIR serves the folder given (".")\nRun "benchtrend serve --help" for usage.\n`,
    });
  }
});

it('answers help COMMAND with the command\'s own help, and help of an unknown command as an unknown command', async () => {
  const own = await cli('publish', '--help');
  expect(await cli('help', 'publish')).toEqual(own);
  expect(own.out).toMatch(/^Usage: benchtrend publish /);
  const unknown = await cli('help', 'pubish');
  expect([unknown.code, unknown.err]).toEqual([2, `benchtrend: unknown command 'pubish'; did you mean 'publish'?\nRun "benchtrend --help" for the commands.\n`]);
});

it('says how to give a value that starts with a dash, which it had called missing', async () => {
  expect(await cli('publish', 'a.json', '--repo', 'r', '--commit', 'a'.repeat(40), '--message', '- fix the build')).toEqual({
    code: 2,
    out: '',
    err: 'benchtrend publish: --message: a value that starts with "-" is given as --message=VALUE (after a space it reads as an option)\nRun "benchtrend publish --help" for usage.\n',
  });
  expect((await cli('history', '--repo')).err).toBe('benchtrend history: --repo needs a value\nRun "benchtrend history --help" for usage.\n');
  // Followed by one of its options, the value was forgotten.
  expect((await cli('history', '--repo', '--suite', 's')).err).toBe('benchtrend history: --repo needs a value\nRun "benchtrend history --help" for usage.\n');
  // Followed by what reads as an option misspelt, too; a value such as -1 still gets the hint.
  expect((await cli('publish', 'a.json', '--repo', 'r', '--commit', '--brnach', 'x')).err).toBe('benchtrend publish: --commit needs a value\nRun "benchtrend publish --help" for usage.\n');
  expect((await cli('serve', '.', '--port', '-1')).err).toBe('benchtrend serve: --port: a value that starts with "-" is given as --port=VALUE (after a space it reads as an option)\nRun "benchtrend serve --help" for usage.\n');
});

it('prints the commands on stderr with exit 2 when no command is given, as a usage error, and on stdout when asked', async () => {
  const none = await cli();
  expect([none.code, none.out, none.err]).toEqual([2, '', expect.stringMatching(/^Usage: benchtrend <command> \[options\]\n/)]);
  const asked = await cli('--help');
  expect([asked.code, asked.out, asked.err]).toEqual([0, none.err, '']);
});

it('takes a value that starts with "--" and holds a space as a value, pointing to --VALUE=, not as a forgotten one', async () => {
  const r = await cli('publish', 'a.json', '--repo', 'r', '--commit', 'abc', '--message', '--no-ff merge');
  expect([r.code, r.out]).toEqual([2, '']);
  expect(r.err).toMatch(/^benchtrend publish: --message: a value that starts with "-" is given as --message=VALUE/);
});
