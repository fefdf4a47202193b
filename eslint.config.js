import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'page/vendor/**', '.cache/**', 'test/fixtures/**'] },
  ...tseslint.configs.recommended,
  {
    files: ['src/core/**/*.ts', 'src/formats/**/*.ts'],
    rules: {
      // The pure core: no runner, no environment, no clock, no files, no network (STYLE.md).
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['@actions/*'], message: 'core is pure: pass values in from main.ts or an effect' },
            { group: ['node:fs', 'node:fs/*', 'fs', 'node:child_process', 'child_process', 'node:http', 'node:https', 'node:net', 'node:os'], message: 'core is pure: effects live in src/effects' },
            { group: ['../effects/*', '../../effects/*', '../main.js', '../settings.js'], message: 'core must not reach for effects' },
          ],
        },
      ],
      'no-restricted-globals': ['error', { name: 'process', message: 'core is pure: pass the value in' }, { name: 'fetch', message: 'core is pure' }],
      'no-restricted-properties': ['error', { object: 'Date', property: 'now', message: 'core is pure: pass the time in' }],
    },
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
);
