/**
 * The release workflow gates a release on the checks CI runs: its check job runs the commands of
 * .ci/run in the same order (both parsed here, so adding a check to one without the other fails),
 * and the release, the major tag and the npm publish each wait for that job. Also the tag gate
 * (scripts/release-notes.mjs) and Dependabot's grouping.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { changelogEntry, releaseNotes } from '../../scripts/release-notes.mjs';
import { ROOT } from '../helpers/paths.js';

const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');

interface Step {
  readonly name?: string;
  readonly run?: string;
  readonly uses?: string;
  readonly with?: Record<string, unknown>;
}
interface Job {
  readonly needs?: string | string[];
  readonly permissions?: Record<string, string>;
  readonly steps: Step[];
}
interface Workflow {
  readonly on: { push: { tags: string[] } };
  readonly permissions: Record<string, string>;
  readonly jobs: Record<string, Job>;
}

/**
 * The commands a shell script runs, one per line, reduced to what they do: the program and its
 * options, without redirections, pipes into tee, `|| fail ...` handlers or "$VAR" arguments (log
 * paths differ between a clone in /tmp and a runner). `x=$(cmd)` counts as cmd, `if cmd; then` as
 * cmd; echo, exit, fail and control words are not checks.
 */
function commands(script: string): string[] {
  const out: string[] = [];
  for (const raw of script.split('\n')) {
    let line = raw.trim();
    const assigned = /^\w+=\$\((.*)\)$/.exec(line);
    if (assigned) line = assigned[1] as string;
    line = line.replace(/^if\s+/, '').replace(/;\s*then$/, '');
    if (!/^(?:npm|npx|node|git|grep)\s/.test(line)) continue;
    line = line
      .replace(/\s*\|\|.*$/, '')
      .replace(/\s*2>&1\s*\|\s*tee\s+.*$/, '')
      .replace(/\s*\d?>\s*\S+/g, '')
      .replace(/\s*"\$[^"]*"/g, '')
      .trim();
    out.push(line);
  }
  return out;
}

/** .ci/run's checks: what it runs in the fresh clone, after changing into it. */
function ciRunChecks(): string[] {
  const script = read('.ci/run');
  const marker = script.indexOf('cd "$work/benchtrend"');
  expect(marker, '.ci/run changes into its fresh clone').toBeGreaterThan(0);
  return commands(script.slice(script.indexOf('\n', marker) + 1));
}

const release = parse(read('.github/workflows/release.yml')) as Workflow;

describe('the release workflow', () => {
  it('runs on version tags only', () => {
    expect(release.on.push.tags).toEqual(['v[0-9]+.[0-9]+.[0-9]+']);
  });

  it("checks the tag, then runs .ci/run's commands in .ci/run's order", () => {
    const ci = ciRunChecks();
    // What .ci/run is known to check, so a parser that found nothing cannot pass.
    expect(ci).toEqual(
      expect.arrayContaining(['npm ci --no-audit --no-fund', 'grep -q EBADENGINE', 'npm run -s typecheck', 'npm run -s lint', 'npm run -s build', 'git status --porcelain -- dist', 'npm test']),
    );
    const check = release.jobs['check'];
    expect(check).toBeDefined();
    const ran = (check as Job).steps.flatMap((s) => (s.run ? commands(s.run) : []));
    expect(ran).toEqual(['node scripts/release-notes.mjs', ...ci]);
  });

  it('the check job reads only, and cannot restore another workflow\'s cache', () => {
    const check = release.jobs['check'] as Job;
    expect(check.permissions).toEqual({ contents: 'read' });
    const setup = check.steps.find((s) => s.uses?.startsWith('actions/setup-node@'));
    expect(setup?.with).toMatchObject({ 'package-manager-cache': false });
    expect(setup?.with).not.toHaveProperty('cache');
  });

  it('releases, moves the major tag and publishes only after the checks pass', () => {
    expect(release.permissions).toEqual({});
    expect(Object.keys(release.jobs).sort()).toEqual(['check', 'github-release', 'npm-publish']);
    for (const name of ['github-release', 'npm-publish']) expect(release.jobs[name]?.needs, name).toBe('check');
    const gh = release.jobs['github-release'] as Job;
    expect(gh.permissions).toEqual({ contents: 'write' });
    const ghRuns = gh.steps.map((s) => s.run ?? '').join('\n');
    expect(ghRuns).toContain('node scripts/release-notes.mjs "$GITHUB_REF_NAME" > "$RUNNER_TEMP/notes.md"');
    expect(ghRuns).toMatch(/gh release create "\$GITHUB_REF_NAME" --verify-tag .*--notes-file "\$RUNNER_TEMP\/notes\.md"/);
    expect(ghRuns).toContain('git push --force origin "refs/tags/$major"');
    const npm = release.jobs['npm-publish'] as Job;
    expect(npm.permissions).toEqual({ contents: 'read', 'id-token': 'write' });
    expect(npm.steps.map((s) => s.run ?? '').join('\n')).toContain('npm publish --provenance --access public');
  });
});

/** Moves the major tag as the workflow's step does, in a real repository standing in for origin. */
describe("the major tag step's choice of the newest release", () => {
  const step = (release.jobs['github-release'] as Job).steps.find((s) => s.name === 'Move the major tag')?.run ?? '';
  const git = (cwd: string, ...args: string[]) => {
    const r = spawnSync('git', args, { cwd, encoding: 'utf8', env: { ...process.env, GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: '/dev/null' } });
    expect(r.status, `git ${args.join(' ')}: ${r.stderr}`).toBe(0);
    return r.stdout.trim();
  };

  it.each([
    ['v1.3.0', ['v1.2.0'], true],
    ['v1.2.4', ['v1.2.0', 'v1.3.0'], false],
    ['v2.0.0', ['v1.9.0'], true],
  ] as const)('%s with %j already released moves the major tag: %s', async (tag, earlier, moves) => {
    const { mkdtempSync, rmSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const dir = mkdtempSync(join(tmpdir(), 'benchtrend-release-'));
    try {
      const origin = join(dir, 'origin.git');
      const work = join(dir, 'work');
      git(dir, 'init', '-q', '--bare', origin);
      git(dir, 'init', '-q', '-b', 'main', work);
      const commit = (msg: string) => {
        git(work, '-c', 'user.name=t', '-c', 'user.email=t@example.invalid', 'commit', '-q', '--allow-empty', '-m', msg);
        return git(work, 'rev-parse', 'HEAD');
      };
      for (const t of earlier) git(work, 'tag', t, commit(t));
      const major = tag.split('.')[0] as string;
      const before = commit('before');
      git(work, 'tag', major, before);
      const sha = commit(tag);
      git(work, 'tag', tag, sha);
      git(work, 'remote', 'add', 'origin', origin);
      git(work, 'push', '-q', 'origin', '--tags');
      const r = spawnSync('bash', ['-e', '-o', 'pipefail', '-c', step], {
        cwd: work,
        encoding: 'utf8',
        env: { ...process.env, GITHUB_REF_NAME: tag, GITHUB_SHA: sha, GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: '/dev/null' },
      });
      expect(r.status, r.stdout + r.stderr).toBe(0);
      expect(git(origin, 'rev-parse', `refs/tags/${major}`)).toBe(moves ? sha : before);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('scripts/release-notes.mjs, the tag gate', () => {
  const changelog = '# benchtrend\n\n## 1.1.0\n\n### Minor Changes\n\n- A new input.\n\n## 1.0.0\n\n### Major Changes\n\n- First.\n';

  it('prints the changelog entry of the tagged version', () => {
    expect(releaseNotes('v1.1.0', { version: '1.1.0' }, changelog)).toBe('### Minor Changes\n\n- A new input.');
    expect(changelogEntry(changelog, '1.0.0')).toBe('### Major Changes\n\n- First.');
  });

  it.each([
    ['v1.2.0', '1.1.0', /tag v1\.2\.0 does not match package\.json's version 1\.1\.0/],
    ['v0.9.0', '0.9.0', /CHANGELOG\.md has no "## 0\.9\.0" entry/],
    ['1.1.0', '1.1.0', /"1\.1\.0" is not a version tag vX\.Y\.Z/],
  ])('refuses tag %s with version %s', (tag, version, message) => {
    const notes = releaseNotes(tag, { version }, changelog);
    expect(notes).toBeInstanceOf(Error);
    expect((notes as Error).message).toMatch(message);
  });

  it("passes for the repository's own version and CHANGELOG.md, and refuses another tag in one line", () => {
    const { version } = JSON.parse(read('package.json')) as { version: string };
    const ok = spawnSync(process.execPath, ['scripts/release-notes.mjs', `v${version}`], { cwd: ROOT, encoding: 'utf8' });
    expect(ok.status, ok.stderr).toBe(0);
    expect(ok.stdout.trim()).toBe(changelogEntry(read('CHANGELOG.md'), version));
    const bad = spawnSync(process.execPath, ['scripts/release-notes.mjs', 'v999.0.0'], { cwd: ROOT, encoding: 'utf8' });
    expect(bad.status).toBe(1);
    expect(bad.stdout).toBe('');
    expect(bad.stderr.trim().split('\n')).toHaveLength(1);
  });
});

describe('Dependabot', () => {
  const config = parse(read('.github/dependabot.yml')) as {
    updates: { 'package-ecosystem': string; schedule: { interval: string }; groups: Record<string, { patterns: string[] }> }[];
  };

  it('updates npm and the workflows\' actions weekly, each as one grouped pull request', () => {
    expect(config.updates.map((u) => u['package-ecosystem']).sort()).toEqual(['github-actions', 'npm']);
    for (const u of config.updates) {
      expect(u.schedule.interval, u['package-ecosystem']).toBe('weekly');
      expect(Object.values(u.groups).map((g) => g.patterns), u['package-ecosystem']).toEqual([['*']]);
    }
  });
});

describe('benchtrend --version', () => {
  it('prints the version and exits 0, as --version and -V', async () => {
    const { main, VERSION } = await import('../../src/cli.js');
    for (const flag of ['--version', '-V']) {
      let out = '';
      let err = '';
      const code = await main([flag], { stdout: (t) => (out += t), stderr: (t) => (err += t), cwd: ROOT, env: {} });
      expect([code, out, err], flag).toEqual([0, `${VERSION}\n`, '']);
    }
    // From the sources no build embedded the version; dist/cli.js's is checked in npm-package.test.ts.
    expect(VERSION).toBe('0.0.0-development');
  });
});
