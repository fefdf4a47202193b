// Regenerates the README's inputs/outputs tables from action.yml. `--check` fails instead of
// writing when the README is out of date; test/unit/action-metadata.test.ts runs the same check.
import { readFileSync, writeFileSync } from 'node:fs';
import { parse } from 'yaml';

const root = new URL('..', import.meta.url).pathname;

/** The markdown between the markers, built from action.yml. */
export function actionTables(actionYml) {
  const action = parse(actionYml);
  const esc = (s) => String(s).replace(/\s+/g, ' ').trim().replace(/\|/g, '\\|');
  const inputs = Object.entries(action.inputs ?? {}).map(([name, i]) => {
    const def = i.required ? '(required)' : i.default === undefined || i.default === '' ? '' : `\`${esc(i.default)}\``;
    return `| \`${name}\` | ${def} | ${esc(i.description ?? '')} |`;
  });
  const outputs = Object.entries(action.outputs ?? {}).map(([name, o]) => `| \`${name}\` | ${esc(o.description ?? '')} |`);
  return [
    '| input | default | description |',
    '| --- | --- | --- |',
    ...inputs,
    '',
    '| output | description |',
    '| --- | --- |',
    ...outputs,
  ].join('\n');
}

const BEGIN = '<!-- inputs: generated from action.yml by `node scripts/docs.mjs`; do not edit -->';
const END = '<!-- end of inputs -->';

export function withTables(readme, tables) {
  const a = readme.indexOf(BEGIN);
  const b = readme.indexOf(END);
  if (a < 0 || b < a) throw new Error(`README.md lacks the markers ${BEGIN} ... ${END}`);
  return `${readme.slice(0, a + BEGIN.length)}\n${tables}\n${readme.slice(b)}`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const readme = readFileSync(`${root}README.md`, 'utf8');
  const next = withTables(readme, actionTables(readFileSync(`${root}action.yml`, 'utf8')));
  if (process.argv.includes('--check')) {
    if (next !== readme) {
      console.error('README.md inputs/outputs are out of date: run node scripts/docs.mjs');
      process.exit(1);
    }
  } else if (next !== readme) {
    writeFileSync(`${root}README.md`, next);
    console.log('README.md updated');
  }
}
