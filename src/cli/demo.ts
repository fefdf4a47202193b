import { mkdir, mkdtemp, readdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import coldRecreate from '../../samples/cold-recreate.json' with { type: 'json' };
import warm from '../../samples/warm.json' with { type: 'json' };
import { toFlatCases } from '../core/cases.js';
import { InputError } from '../core/model.js';
import { renderCasesTable } from '../core/render-summary.js';
import { parseRequireStages } from '../core/require-stages.js';
import { DEFAULT_ALERT_SETTINGS } from '../core/regress/settings.js';
import { renderVerdictTable } from '../core/render-verdicts.js';
import { renderCasesText, renderVerdictText } from '../core/render-text.js';
import { publishDemoTrend } from '../jobs/demo-trend.js';
import { regressionDeriver } from '../jobs/regressions.js';
import { readPageAssets } from '../effects/page-assets.js';
import { ingest } from '../jobs/ingest.js';
import { parseCommandLine } from './args.js';
import { UsageError, type CliIO } from './io.js';
import { shellWord } from './self.js';

export const USAGE = `Usage: benchtrend demo [--dir DIR] [--commits N] [--markdown]

Runs the whole job offline on bundled sample records (a warm and a cold-recreate launch): reads
and checks them, prints the cases and the job-summary table, publishes a multi-commit sample
history (with a 15% step two thirds in) to a local bare repository exactly as the action
publishes to gh-pages, judging each commit for regressions, prints the last verdicts, and ends
with the path of the chart.

Options:
  --dir DIR      where to put the demo's files (default: a new temporary directory)
  --commits N    how many commits of history to publish (default 12)
  --markdown     print the tables as the job summary's markdown
  -h, --help     show this help

Exit status: 0 when the demo ran to its chart, 1 when it could not (one line "benchtrend:
<reason>"), 2 on a usage error.`;

/** The bundled samples, as a bench step would have written them. */
export const SAMPLE_RECORDS: Readonly<Record<string, unknown>> = {
  'warm.json': warm,
  'cold-recreate.json': coldRecreate,
};

export async function run(argv: string[], io: CliIO): Promise<number> {
  const { values, positionals } = parseCommandLine(argv, {
    dir: { type: 'string' },
    commits: { type: 'string', default: '12' },
    markdown: { type: 'boolean' },
    help: { type: 'boolean', short: 'h' },
  });
  if (values.help) {
    io.stdout(`${USAGE}\n`);
    return 0;
  }
  // `demo /tmp/x` reads as a folder given, yet the demo would run in a new temporary one.
  if (positionals.length > 0) throw new UsageError(`unexpected argument ${JSON.stringify(positionals[0])}; the demo's folder is given as --dir DIR`);
  const commits = Number(values.commits);
  if (!Number.isInteger(commits) || commits < 1 || commits > 1000) throw new UsageError(`--commits ${JSON.stringify(values.commits)} is not a whole number from 1 to 1000`);
  const dir = values.dir !== undefined ? await emptyFolder(resolve(io.cwd, values.dir), values.dir) : await mkdtemp(join(tmpdir(), 'benchtrend-demo-'));
  const records = join(dir, 'records');
  await mkdir(records, { recursive: true });
  for (const [name, record] of Object.entries(SAMPLE_RECORDS)) {
    await writeFile(join(records, name), `${JSON.stringify(record, null, 2)}\n`);
  }
  const { points, warnings } = await ingest({
    patterns: Object.keys(SAMPLE_RECORDS),
    cwd: records,
    format: 'record',
    parse: {},
    requirements: parseRequireStages('cold-recreate: host-prep, devpod-up, tools, attach\nwarm: *'),
  });
  for (const w of warnings) io.stderr(`benchtrend: warning: ${w}\n`);
  const flat = toFlatCases(points, 'demo');
  await writeFile(join(dir, 'cases.json'), `${JSON.stringify(flat, null, 2)}\n`);
  io.stdout(`${values.markdown ? renderCasesTable(points) : renderCasesText(points)}\n`);

  io.stdout(`Publishing ${commits} commits of sample history to a local bare repository...\n`);
  const judge = regressionDeriver('default', DEFAULT_ALERT_SETTINGS);
  const demo = await publishDemoTrend({ dir, points, commits, env: io.env, pageAssets: () => readPageAssets(), alerts: judge.derive });
  const verdicts = judge.outcome()?.verdicts ?? [];
  const title = `Verdicts at the last of ${commits} commits`;
  // In the action's words: the demo takes none of the flags publish would name for them.
  if (verdicts.length) io.stdout(`\n${values.markdown ? renderVerdictTable(verdicts, title) : renderVerdictText(verdicts, title)}\n`);
  io.stdout(
    [
      `Records:  ${records}`,
      `Cases:    ${join(dir, 'cases.json')}`,
      `Remote:   ${demo.remote} (branch gh-pages, folder dev/bench)`,
      `Data:     ${join(demo.dataDir, 'manifest.json')}`,
      `To view the chart, serve its folder: ${io.self ?? 'benchtrend'} serve ${shellWord(demo.dataDir)}`,
      `Chart:    ${join(demo.dataDir, 'index.html')}`,
      '',
    ].join('\n'),
  );
  return 0;
}

/**
 * --dir as an absolute folder that holds nothing yet: the demo creates a repository and a checkout
 * there, and a second demo in the same folder would publish into the first one's trend and then
 * fail on its checkout.
 */
async function emptyFolder(dir: string, given: string): Promise<string> {
  const entries = await readdir(dir).catch((e: NodeJS.ErrnoException) => {
    if (e.code === 'ENOENT') return [];
    throw new InputError(`demo: --dir ${given} cannot be used (${e.code ?? e.message})`);
  });
  if (entries.length > 0) throw new InputError(`demo: --dir ${given} is not empty; give a new or empty folder`);
  return dir;
}
