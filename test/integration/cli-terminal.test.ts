/**
 * What a person at a terminal reads from the bundled CLI (dist/cli.js): plain aligned text with
 * names shown as their characters (markdown only with --markdown), refusals that point at the
 * right command, flag or format, and `serve` showing a published chart.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURES, ROOT } from '../helpers/paths.js';
import { runCli } from '../helpers/run-action.js';

let dir: string;
let repo: string;
const SHA = (n: number) => n.toString(16).padStart(40, '0');
/** An action input named where a CLI user would type a flag (not a flag, a quoted value or a path). */
const INPUT_NAMED = /(?<![-\w"/])(?:data-dir|gh-pages-branch|alert-[a-z]+|min-effect|absolute-floor|control-cases|import-from|direction-overrides|require-stages|max-attempts)(?![-\w"])|(?<![-\w"])repository:/;
/** Markdown a terminal would show raw: a backslash escape, a table pipe, an HTML tag, emphasis. */
const MARKUP = /\\[!-/:-@[-`{-~]|\| |<\/?(?:details|summary)>|\*\*|^#{2,} /m;

/** hyperfine's export of a command whose name is full of markdown: `ls -la`, its median 0.0403 s. */
function hyperfineExport(scale: number): string {
  const times = [0.04, 0.0403, 0.0406, 0.0401, 0.0404].map((t) => t * scale);
  const mean = times.reduce((a, b) => a + b, 0) / times.length;
  return JSON.stringify({ results: [{ command: 'ls -la *_test_*', mean, stddev: 0.0002, median: mean, user: 0.01, system: 0.01, min: Math.min(...times), max: Math.max(...times), times, exit_codes: times.map(() => 0) }] });
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'benchtrend-terminal-'));
  repo = join(dir, 'trend.git');
  execFileSync('git', ['init', '--quiet', '--bare', repo]);
  execFileSync('git', ['init', '--quiet', '--bare', join(dir, 'root.git')]);
  await writeFile(join(dir, 'hf.json'), hyperfineExport(1));
  await copyFile(join(FIXTURES, 'github-action-benchmark/input/go_output.txt'), join(dir, 'bench.txt'));
  await copyFile(join(FIXTURES, 'ab/baseline.json'), join(dir, 'go_base.json'));
  await copyFile(join(FIXTURES, 'ab/candidate.json'), join(dir, 'go_cand.json'));
  await writeFile(join(dir, 'empty.json'), '');
  // The head of a gzip file: what a bench that compressed its output, or wrote a binary, leaves.
  await writeFile(join(dir, 'binary.json'), Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x03, 0x7b, 0x22]));
  await writeFile(join(dir, 'nul.json'), Buffer.concat([Buffer.alloc(4096), Buffer.from('{"shape": "warm"}')]));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('plain text unless --markdown', () => {
  it('publish prints its verdicts as aligned text, names unescaped, and the serve command', async () => {
    const r = await runCli(['publish', 'hf.json', '--repo', repo, '--commit', SHA(1), '--message', 'Bench', '--author', 'Ada'], dir);
    expect(r.stderr).not.toContain('warning');
    expect(r.code).toBe(0);
    expect(r.stdout).not.toMatch(MARKUP);
    const lines = r.stdout.split('\n');
    const head = lines.find((l) => l.startsWith('CASE '));
    const row = lines.find((l) => l.startsWith('hyperfine / ls -la *_test_* '));
    expect(row).toMatch(/ not enough history +40\.3 ms \(40\.1–40\.4\) /);
    // Columns line up: the verdict starts where its heading starts.
    expect(row!.indexOf('not enough history')).toBe(head!.indexOf('VERDICT'));
    // Run as a file outside the folder it was run from, it names that file: `benchtrend` is on no PATH here.
    expect(r.stdout.trimEnd().split('\n').pop()).toBe(`To see the chart: node ${join(ROOT, 'dist/cli.js')} serve --repo ${repo}`);
  });

  it('publish names --dir in its serve command as it resolved it: the default left out, the root as .', async () => {
    const self = `node ${join(ROOT, 'dist/cli.js')}`;
    const spelt = await runCli(['publish', 'hf.json', '--repo', repo, '--commit', SHA(7), '--dir', './dev/bench/'], dir);
    expect(spelt.code).toBe(0);
    expect(spelt.stdout.trimEnd().split('\n').pop()).toBe(`To see the chart: ${self} serve --repo ${repo}`);
    const root = await runCli(['publish', 'hf.json', '--repo', join(dir, 'root.git'), '--commit', SHA(7), '--dir', '.'], dir);
    expect(root.code).toBe(0);
    expect(root.stdout.trimEnd().split('\n').pop()).toBe(`To see the chart: ${self} serve --repo ${join(dir, 'root.git')} --dir .`);
    // history reads --dir as publish does: empty is the default folder, `.` the branch's root.
    const emptyDir = await runCli(['history', '--repo', repo, '--dir', ''], dir);
    expect(emptyDir.code).toBe(0);
    expect((JSON.parse(emptyDir.stdout) as unknown[]).length).toBeGreaterThan(0);
    const atRoot = await runCli(['history', '--repo', join(dir, 'root.git'), '--dir', '.'], dir);
    expect((JSON.parse(atRoot.stdout) as unknown[]).length).toBeGreaterThan(0);
  });

  it('publish --markdown prints the job summary table', async () => {
    const r = await runCli(['publish', 'hf.json', '--repo', repo, '--commit', SHA(2), '--markdown'], dir);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('### Verdicts in default');
    expect(r.stdout).toContain('| hyperfine / ls \\-la \\*\\_test\\_\\* | not enough history | 40.3 ms (40.1–40.4) |');
  });

  it('compare prints text: file names as they are, no HTML, every round', async () => {
    const r = await runCli(['compare', '--baseline', 'go_base.json', '--candidate', 'go_cand.json'], dir);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('Baseline: go_base.json · candidate: go_cand.json');
    expect(r.stdout).not.toMatch(MARKUP);
    expect(r.stdout).toMatch(/^Round by round: first-session \/ create \(ms\)$/m);
    const md = await runCli(['compare', '--baseline', 'go_base.json', '--candidate', 'go_cand.json', '--markdown'], dir);
    expect(md.stdout).toContain('Baseline: go\\_base\\.json · candidate: go\\_cand\\.json');
    expect(md.stdout).toContain('<details><summary>Round by round</summary>');
  });

  it('alerts and history print no markup either', async () => {
    const alerts = await runCli(['alerts', '--repo', repo], dir);
    expect(alerts.code).toBe(0);
    expect(alerts.stdout + alerts.stderr).not.toMatch(MARKUP);
    const history = await runCli(['history', '--repo', repo, '--format', 'csv'], dir);
    expect(history.code).toBe(0);
    expect(history.stdout).toContain('hyperfine / ls -la *_test_*');
    expect(history.stdout).not.toMatch(MARKUP);
  });
});

describe('refusals that point the right way', () => {
  it.each([
    [['pubish', 'x'], "benchtrend: unknown command 'pubish'; did you mean 'publish'?"],
    [['histroy'], "benchtrend: unknown command 'histroy'; did you mean 'history'?"],
    [['cases', '--fromat', 'go', 'bench.txt'], "benchtrend cases: unknown option '--fromat'; did you mean '--format'?"],
    [['history', '--rpo', 'x'], "benchtrend history: unknown option '--rpo'; did you mean '--repo'?"],
    [['compare', '--baselin', 'a.json'], "benchtrend compare: unknown option '--baselin'; did you mean '--baseline'?"],
    [['history', '--repo'], 'benchtrend history: --repo needs a value'],
  ])('%j: exit 2, the answer first, then where the usage is', async (args, first) => {
    const r = await runCli(args, dir);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    const lines = r.stderr.trimEnd().split('\n');
    expect(lines[0]).toBe(first);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(/^Run "benchtrend (\w+ )?--help" for/);
  });

  it.each([
    [['cases', 'bench.txt', '--format', 'hyperfine'], 'bench.txt looks like go test output, not hyperfine --export-json; use --format go or auto'],
    [['cases', 'hf.json', '--format', 'go'], 'hf.json looks like hyperfine --export-json, not go test output; use --format hyperfine or auto'],
    [['compare', 'bench.txt', '--format', 'jmh'], 'bench.txt looks like go test output, not JMH -rf json results; use --format go or auto'],
    [['cases', 'empty.json'], 'empty.json: the file is empty; the bench step may have exited 0 without writing it'],
    [['cases', 'binary.json'], /^binary\.json: format not recognised \(it is not text: it holds NUL bytes, as a binary file does\); tried record, /],
    [['cases', 'nul.json'], /^nul\.json: format not recognised \(it is not text: it holds NUL bytes, as a binary file does\); tried record, /],
    [['cases', 'empty.json', '--format', 'hyperfine'], 'empty.json: the file is empty; the bench step may have exited 0 without writing it'],
    [['cases', 'bench.txt', '--format', 'gotest'], /^--format: unknown format "gotest"; did you mean go\? known: auto, /],
  ])('%j: one line naming the file, the format it looks like and the flag', async (args, message) => {
    const r = await runCli(args, dir);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    const lines = r.stderr.trimEnd().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]!.slice('benchtrend: '.length)).toMatch(message);
    expect(lines[0]).not.toMatch(/(?<!--)format:|JSON\.parse|Unexpected token|position \d/);
  });

  it.each([
    [['history', '--repo', 'trend.git', '--dir', '../x'], '--dir: "../x" leaves the branch; give a folder inside it, like dev/bench'],
    // A shell expands --dir ~/trend to /home/me/trend, which was published as home/me/trend on the branch.
    [['publish', 'hf.json', '--repo', 'trend.git', '--commit', SHA(9), '--dir', '/home/me/trend'], '--dir: "/home/me/trend" is an absolute path, but it names a folder of the branch, from its root, not one on this machine; give it without the leading /: "home/me/trend"'],
    [['history', '--repo', 'trend.git', '--dir', 'C:\\bench'], '--dir: "C:\\\\bench" is an absolute path, but it names a folder of the branch, from its root, not one on this machine; give it without the leading drive: "bench"'],
    [['alerts', '--repo', 'trend.git', '--branch', 'a..b'], '--branch: "a..b" is not a branch name git accepts'],
    [['publish', 'hf.json', '--repo', 'trend.git', '--commit', SHA(9), '--branch', 'refs/heads/gh-pages'], '--branch: "refs/heads/gh-pages" is a ref, not a branch name; give the name alone, like "gh-pages"'],
    [['history', '--repo', 'no/such/thing'], '--repo: "no/such/thing" is neither owner/name, a git URL, nor an existing path'],
    [['publish', 'hf.json', '--repo', 'trend.git', '--commit', SHA(9), '--alert-threshold', '150'], /^--alert-threshold: "150" reads as 150 times/],
    // An input named inside the sentence, not only leading it.
    [['replay', '--repo', 'trend.git', '--alert-method', 'ratio'], '--alert-method: ratio needs --alert-threshold, e.g. 150%'],
    [['publish', 'hf.json', '--repo', 'trend.git', '--commit', SHA(9), '--require-stages-on', 'warm'], '--require-stages-on: shape "warm" was not benched; benched: hyperfine'],
    [['publish', 'hf.json', '--repo', 'trend.git', '--commit', SHA(9), '--max-attempts', '0'], '--max-attempts: "0" must be a whole number from 1 to 1000'],
    // The action's bound: past it, a publisher that keeps losing would race for hours.
    [['publish', 'hf.json', '--repo', 'trend.git', '--commit', SHA(9), '--max-attempts', '5000'], '--max-attempts: "5000" must be a whole number from 1 to 1000'],
  ])('%j: the refusal names the CLI flag, not the action input', async (args, message) => {
    const r = await runCli(args, dir);
    expect(r.code).toBeGreaterThan(0);
    expect(r.stderr.trimEnd().split('\n').filter((l) => !l.startsWith('Run "benchtrend')).pop()!.replace(/^benchtrend(?: \w+)?: /, '')).toMatch(message);
    expect(r.stderr).not.toMatch(INPUT_NAMED);
  });

  it('a bad --annotations file is the one line publish prints, before the records or the commit are read', async () => {
    await writeFile(join(dir, 'bad-markers.txt'), 'zz: port to Rust\n');
    const r = await runCli(['publish', 'hf.json', '--repo', repo, '--commit', SHA(30), '--annotations', 'bad-markers.txt'], dir);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe('benchtrend: bad-markers.txt: line 1: "zz" is neither a commit (7 to 40 hex digits) nor a date (YYYY-MM-DD, optionally with a time)\n');
  });

  it('a publish that only imports a history warns of no commit whose points it does not store', async () => {
    execFileSync('git', ['init', '--quiet', '--bare', join(dir, 'import-only.git')]);
    await copyFile(join(FIXTURES, 'trend-data/github-action-benchmark-data.js'), join(dir, 'only-import.js'));
    const r = await runCli(['publish', '--repo', join(dir, 'import-only.git'), '--commit', SHA(31), '--import-from', 'only-import.js'], dir);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/^benchtrend: Published [0-9a-f]{40} to gh-pages/m);
    expect(r.stderr).not.toContain('warning: commit ');
  });

  it('publishes to a branch of any name git takes, not only ASCII ones, and reads it back', async () => {
    execFileSync('git', ['init', '--quiet', '--bare', join(dir, 'names.git')]);
    for (const [i, branch] of ['bench-ü', 'perf+arm@2'].entries()) {
      const published = await runCli(['publish', 'hf.json', '--repo', join(dir, 'names.git'), '--commit', SHA(20 + i), '--branch', branch, '--message', 'm', '--author', 'a', '--timestamp', '2026-01-01T00:00:00Z'], dir);
      expect(published.code, published.stderr).toBe(0);
      const history = await runCli(['history', '--repo', join(dir, 'names.git'), '--branch', branch], dir);
      expect(history.code, history.stderr).toBe(0);
      expect((JSON.parse(history.stdout) as { commit: string }[]).map((p) => p.commit)).toEqual([SHA(20 + i)]);
    }
    expect(execFileSync('git', ['for-each-ref', '--format=%(refname)'], { cwd: join(dir, 'names.git'), encoding: 'utf8' }).split('\n').filter(Boolean).sort()).toEqual(['refs/heads/bench-ü', 'refs/heads/perf+arm@2']);
    // What git refuses is still refused before anything is written.
    const refused = await runCli(['publish', 'hf.json', '--repo', join(dir, 'names.git'), '--commit', SHA(22), '--branch', 'a b'], dir);
    expect([refused.code, refused.stderr.trimEnd().split('\n').pop()]).toEqual([1, 'benchtrend: --branch: "a b" is not a branch name git accepts']);
  });

  it('warnings name the CLI flags too, and a value the user gave stays as given', async () => {
    execFileSync('git', ['init', '--quiet', '--bare', join(dir, 'warn.git')]);
    const published = await runCli(
      ['publish', 'hf.json', '--repo', join(dir, 'warn.git'), '--commit', SHA(10), '--message', 'm', '--author', 'a', '--timestamp', '2026-01-01T00:00:00Z', '--control-cases', 'data-dir', '--absolute-floor', '3 parsec'],
      dir,
    );
    expect(published.code, published.stderr).toBe(0);
    const warnings = published.stderr.split('\n').filter((l) => l.startsWith('benchtrend: warning: '));
    expect(warnings).toEqual([
      'benchtrend: warning: --control-cases: "data-dir" matches no case of this run (one case name, glob or metric name per line)',
      expect.stringMatching(/^benchtrend: warning: --absolute-floor: "3 parsec" applies to no case of this run/),
    ]);
    // A history offered to a trend that has one already: the cure names --dir, not data-dir.
    await copyFile(join(FIXTURES, 'trend-data/github-action-benchmark-data.js'), join(dir, 'data.js'));
    const again = await runCli(['publish', 'hf.json', '--repo', join(dir, 'warn.git'), '--commit', SHA(11), '--message', 'm', '--author', 'a', '--timestamp', '2026-01-02T00:00:00Z', '--import-from', 'data.js'], dir);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stderr).toContain('benchtrend: warning: --import-from data.js: not imported, the trend already holds 1 segment; a history is imported only into an empty trend (to import it, publish into an empty --dir: the trend here stays as it is)');
    expect(again.stderr).not.toMatch(INPUT_NAMED);
  });

  it('a reason that names an input reads as its flag in publish\'s and alerts\' tables, as stored in --json', async () => {
    // Six stages, quiet for 12 commits; then s0 10% slower for 3, and at the last two most of
    // the job's other stages moved too: the alert raised there says the runner may have moved, and that
    // control cases would tell.
    const trend = join(dir, 'runner.git');
    execFileSync('git', ['init', '--quiet', '--bare', trend]);
    const record = (n: number, scales: number[]) => {
      // 2% job noise, from a generator seeded by the commit.
      let state = (n * 9301 + 49297) % 233280;
      const uniform = () => (state = (state * 9301 + 49297) % 233280) / 233280;
      const job = Math.exp(0.04 * (uniform() + uniform() + uniform() - 1.5));
      return JSON.stringify({ shape: 'warm', runs: [0.99, 1, 1.01].map((f) => ({ stages: Object.fromEntries(scales.map((k, i) => [`s${i}`, (1 + i / 10) * job * f * k])) })) });
    };
    const publish = async (n: number, scales: number[], extra: string[] = []) => {
      await writeFile(join(dir, 'six.json'), record(n, scales));
      const r = await runCli(['publish', 'six.json', '--repo', trend, '--commit', SHA(100 + n), '--message', `m${n}`, '--author', 'a', '--timestamp', `2026-01-01T00:00:${String(n).padStart(2, '0')}Z`, ...extra], dir);
      expect(r.code, r.stderr).toBe(0);
      return r;
    };
    for (let n = 1; n <= 12; n++) await publish(n, [1, 1, 1, 1, 1, 1]);
    await publish(13, [1.1, 1, 1, 1, 1, 1]);
    await publish(14, [1.1, 1.3, 1.3, 1.3, 1.3, 1]);
    const raised = await publish(15, [1.1, 1.3, 1.3, 1.3, 1.3, 1]);
    const row = raised.stdout.split('\n').find((l) => l.startsWith('warm / s0 '));
    expect(row).toMatch(/ regressed .* the runner can move in --control-cases to tell\)/);
    expect(raised.stdout).not.toMatch(INPUT_NAMED);

    const listed = await runCli(['alerts', '--repo', trend], dir);
    expect(listed.code, listed.stderr).toBe(0);
    expect(listed.stdout).toMatch(/^suspected +regression .* warm \/ s0 .* in --control-cases to tell\)/m);
    expect(listed.stdout).not.toMatch(INPUT_NAMED);
    // The data keeps the action's words, as the page, the comment and regressions-json show them.
    const json = await runCli(['alerts', '--repo', trend, '--json'], dir);
    expect((JSON.parse(json.stdout) as { reason: string }[]).map((a) => a.reason).join('\n')).toMatch(/ in control-cases to tell\)/);
    const markdown = await publish(16, [1.1, 1.3, 1.3, 1.3, 1.3, 1], ['--markdown']);
    expect(markdown.stdout).toMatch(/ in control\\-cases to tell/);
  });

  it('publish warns of a --direction-overrides line that matches no case, as replay and the action do', async () => {
    execFileSync('git', ['init', '--quiet', '--bare', join(dir, 'over.git')]);
    await writeFile(join(dir, 'over.txt'), '*: smaller\nnope: bigger\n');
    const published = await runCli(
      ['publish', 'hf.json', '--repo', join(dir, 'over.git'), '--commit', SHA(12), '--message', 'm', '--author', 'a', '--timestamp', '2026-01-01T00:00:00Z', '--direction-overrides', 'over.txt'],
      dir,
    );
    expect(published.code, published.stderr).toBe(0);
    const warnings = published.stderr.split('\n').filter((l) => l.startsWith('benchtrend: warning: '));
    expect(warnings).toEqual(['benchtrend: warning: --direction-overrides: line 2 ("nope") matches no case of this run']);
  });

  it('half-written JSON names the line, never V8 words', async () => {
    await writeFile(join(dir, 'half.json'), '{"shape": "warm", "runs": [');
    const r = await runCli(['cases', 'half.json'], dir);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe('benchtrend: half.json: not JSON (line 1: the text ends before the JSON does); a bench interrupted while writing leaves exactly this\n');
  });
});

/** Starts `benchtrend serve`, waits for its URL; the caller stops it by its pid. */
function startServe(args: string[]): Promise<{ child: ChildProcess; url: string; out: () => string }> {
  const child = spawn(process.execPath, [join(ROOT, 'dist/cli.js'), 'serve', ...args], { cwd: dir, env: { PATH: process.env['PATH'] ?? '', HOME: dir } });
  let out = '';
  return new Promise((resolve, reject) => {
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /at (http:\/\/127\.0\.0\.1:\d+\/)/.exec(out);
      if (m) resolve({ child, url: m[1] as string, out: () => out });
    });
    let err = '';
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.on('exit', (code) => reject(new Error(`serve exited ${code}: ${err}`)));
  });
}

function stop(child: ChildProcess): Promise<void> {
  return new Promise((done) => {
    child.removeAllListeners('exit');
    child.once('exit', () => done());
    child.kill('SIGTERM');
  });
}

describe('seeing the chart', () => {
  it('serve --repo checks the branch out into a temporary folder, serves the page and removes the folder on exit', async () => {
    const { child, url, out } = await startServe(['--repo', repo]);
    try {
      const checkedOut = /into (\S+) \(removed on exit\)/.exec(out())?.[1];
      expect(out()).toMatch(/^Checked out gh-pages of .+trend\.git into \S+ \(removed on exit\)\nServing dev\/bench of gh-pages at http/);
      const page = await fetch(url);
      expect(page.status).toBe(200);
      expect(await page.text()).toMatch(/<!doctype html>/i);
      const manifest = (await (await fetch(`${url}manifest.json`)).json()) as { cases: { case: string }[] };
      expect(manifest.cases.map((c) => c.case)).toContain('hyperfine / ls -la *_test_*');
      await stop(child);
      expect(existsSync(checkedOut!)).toBe(false);
    } finally {
      if (child.exitCode === null) await stop(child);
    }
  });

  it('serve --repo on a port in use says so in one line and leaves no checkout behind', async () => {
    const taken = createServer();
    await new Promise<void>((ok) => taken.listen(0, '127.0.0.1', ok));
    const port = (taken.address() as AddressInfo).port;
    try {
      const r = await runCli(['serve', '--repo', repo, '--port', String(port)], dir);
      expect(r.code).toBe(1);
      expect(r.stderr).toBe(`benchtrend: serve: port ${port} of 127.0.0.1 is in use; give another with --port, or leave it out for a free one\n`);
      const checkedOut = /into (\S+) \(removed on exit\)/.exec(r.stdout)?.[1];
      expect(checkedOut).toBeDefined();
      expect(existsSync(checkedOut!)).toBe(false);
    } finally {
      await new Promise((done) => taken.close(done));
    }
  });

  it('serve DIR on a checkout serves the trend folder below it; a folder without one says so', async () => {
    const checkout = join(dir, 'checkout');
    execFileSync('git', ['clone', '--quiet', '--branch', 'gh-pages', repo, checkout]);
    const { child, url, out } = await startServe(['checkout']);
    try {
      expect(out()).toMatch(/^checkout holds no chart page itself; serving the trend folder below it, checkout\/dev\/bench\n/);
      expect(await (await fetch(url)).text()).toMatch(/<!doctype html>/i);
    } finally {
      await stop(child);
    }
    await mkdir(join(dir, 'nothing'));
    const none = await runCli(['serve', 'nothing'], dir);
    expect(none.code).toBe(1);
    expect(none.stderr).toBe('benchtrend: serve: nothing holds no chart page: no index.html with a manifest.json beside it in it or below it; give the trend folder (dev/bench on the branch by default)\n');
    await rm(join(checkout, 'dev/bench/index.html'));
    const dataOnly = await runCli(['serve', 'checkout'], dir);
    expect(dataOnly.code).toBe(1);
    expect(dataOnly.stderr).toMatch(/^benchtrend: serve: checkout\/dev\/bench holds the trend's data but no chart page \(index\.html\)/);
    const noBranch = await runCli(['serve', '--repo', repo, '--branch', 'pages'], dir);
    expect(noBranch.code).toBe(1);
    expect(noBranch.stderr).toMatch(/^benchtrend: serve: cannot check out pages of .*trend\.git: it has no branch pages/);
    // A folder that is not on the branch is named as asked for, not as the checkout it was looked for in.
    const noDir = await runCli(['serve', '--repo', repo, '--dir', 'dev/bnech'], dir);
    expect(noDir.code).toBe(1);
    expect(noDir.stderr.trimEnd().split('\n').pop()).toMatch(/^benchtrend: serve: gh-pages:dev\/bnech of \S*trend\.git: no such folder; /);
    expect(noDir.stderr).not.toContain('benchtrend-serve-');
    expect(JSON.parse(await readFile(join(checkout, 'dev/bench/manifest.json'), 'utf8'))).toBeTruthy();
  });
});
