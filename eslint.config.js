import tseslint from 'typescript-eslint';

// The pure core: no runner, no environment, no clock, no files, no network (STYLE.md).
const PURE_PATTERNS = [
  { group: ['@actions/*'], message: 'core is pure: pass values in from main.ts or an effect' },
  { group: ['node:fs', 'node:fs/*', 'fs', 'node:child_process', 'child_process', 'node:http', 'node:https', 'node:net', 'node:os'], message: 'core is pure: effects live in src/effects' },
];

// The jobs (src/jobs/: publish, regressions, scale-out, ingest, demo-trend) and the doors (main.ts, cli.ts,
// cli/, settings.ts, index.ts), one or more levels above any core or format file.
const JOBS_AND_DOORS = '^(\\.\\./)+(jobs/.*|action/.*|main|cli|settings|runner|index)\\.js$';
// A job is imported by the doors; it imports core, formats, effects and other jobs, never a door.
const DOORS = '^(\\.\\./)+(action/.*|main|cli|settings|runner|index)\\.js$';
// The runner is talked to at the doors only (the inputs, outputs, summary and github.context).
const RUNNER_PATTERNS = [
  { group: ['@actions/core'], message: 'only the doors talk to the runner (src/main.ts, src/action/): return values to them' },
  { group: ['@actions/github'], importNames: ['context'], message: 'the door reads github.context and passes the values down' },
];

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'page/vendor/**', '.cache/**', 'test/fixtures/**'] },
  ...tseslint.configs.recommended,
  {
    files: ['src/core/**/*.ts', 'src/formats/**/*.ts'],
    rules: {
      'no-restricted-globals': ['error', { name: 'process', message: 'core is pure: pass the value in' }, { name: 'fetch', message: 'core is pure' }],
      'no-restricted-properties': ['error', { object: 'Date', property: 'now', message: 'core is pure: pass the time in' }],
    },
  },
  // Only the doors read the environment, the working folder and the clock (src/runner.ts,
  // src/action/runner.ts, src/cli.ts): jobs and effects are given the values. A duration or a
  // deadline is measured with performance.now(), which a step of the wall clock cannot move. What
  // must stay (killing git's process group, the pid and wall time in a temporary repository's
  // owner file, the rate limit's epoch reset) carries an eslint-disable with its reason.
  {
    files: ['src/jobs/**/*.ts', 'src/effects/**/*.ts'],
    rules: {
      'no-restricted-globals': ['error', { name: 'process', message: 'only the doors read process (env, cwd): take the value as an argument' }],
      'no-restricted-properties': [
        'error',
        { object: 'Date', property: 'now', message: 'only the doors read the clock: take the time as an argument, or performance.now() for a duration' },
        { object: 'github', property: 'context', message: 'the door reads github.context and passes the values down' },
      ],
      'no-restricted-syntax': ['error', { selector: "NewExpression[callee.name='Date'][arguments.length=0]", message: 'only the doors read the clock: take the time as an argument' }],
    },
  },
  // The arrows between the layers (docs/architecture.md): core imports nothing above it; formats
  // import core and nothing above. One block per folder, since a later block's
  // no-restricted-imports would replace an earlier one's for the same files.
  {
    files: ['src/core/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...PURE_PATTERNS,
            { regex: '^(\\.\\./)+(formats|effects|cli)(/|$)', message: 'core is the bottom layer: it imports no format, effect or door (docs/architecture.md)' },
            { regex: JOBS_AND_DOORS, message: 'core is the bottom layer: jobs and doors import core, never the other way (docs/architecture.md)' },
          ],
        },
      ],
    },
  },
  {
    files: ['src/formats/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...PURE_PATTERNS,
            { regex: '^(\\.\\./)+(effects|cli)(/|$)', message: 'formats read text into records: they import core, never an effect or a door (docs/architecture.md)' },
            { regex: JOBS_AND_DOORS, message: 'formats import core, never a job or a door (docs/architecture.md)' },
          ],
        },
      ],
    },
  },
  {
    files: ['src/effects/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...RUNNER_PATTERNS,
            { regex: '^(\\.\\./)+(cli|action)(/|$)', message: 'effects are adapters the jobs and doors call: they import core and formats, never a door (docs/architecture.md)' },
            { regex: JOBS_AND_DOORS, message: 'effects are adapters the jobs and doors call: they import core and formats, never a job or a door (docs/architecture.md)' },
          ],
        },
      ],
    },
  },
  {
    files: ['src/jobs/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...RUNNER_PATTERNS,
            { regex: '^(\\.\\./)+(cli|action)(/|$)', message: 'jobs are what the doors run: they never import a door (docs/architecture.md)' },
            { regex: DOORS, message: 'jobs are what the doors run: they never import a door (docs/architecture.md)' },
          ],
        },
      ],
    },
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
);
