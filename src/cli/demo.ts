import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import coldRecreate from '../../samples/cold-recreate.json' with { type: 'json' };
import warm from '../../samples/warm.json' with { type: 'json' };
import { toFlatCases } from '../core/cases.js';
import { renderCasesTable } from '../core/render-summary.js';
import { parseRequireStages } from '../core/require-stages.js';
import { ingest } from '../ingest.js';
import { parseCommandLine } from './args.js';
import type { CliIO } from './io.js';

export const USAGE = `Usage: benchtrend demo [--dir DIR]

Runs the main job offline on bundled sample records (a warm and a cold-recreate launch) and
prints the cases and the job-summary table the action would write.

Options:
  --dir DIR   where to write the demo's files (default: a new temporary directory)`;

/** The bundled samples, as a bench step would have written them. */
export const SAMPLE_RECORDS: Readonly<Record<string, unknown>> = {
  'warm.json': warm,
  'cold-recreate.json': coldRecreate,
};

export async function run(argv: string[], io: CliIO): Promise<number> {
  const { values } = parseCommandLine(argv, { dir: { type: 'string' }, help: { type: 'boolean', short: 'h' } });
  if (values.help) {
    io.stdout(`${USAGE}\n`);
    return 0;
  }
  const dir = values.dir ?? (await mkdtemp(join(tmpdir(), 'benchtrend-demo-')));
  for (const [name, record] of Object.entries(SAMPLE_RECORDS)) {
    await writeFile(join(dir, name), `${JSON.stringify(record, null, 2)}\n`);
  }
  const { points, warnings } = await ingest({
    patterns: Object.keys(SAMPLE_RECORDS),
    cwd: dir,
    format: 'record',
    parse: {},
    requirements: parseRequireStages('cold-recreate: host-prep, devpod-up, tools, attach\nwarm: *'),
  });
  for (const w of warnings) io.stderr(`benchtrend: warning: ${w}\n`);
  const flat = toFlatCases(points, 'demo');
  const casesFile = join(dir, 'cases.json');
  await writeFile(casesFile, `${JSON.stringify(flat, null, 2)}\n`);
  io.stdout(`${JSON.stringify(flat, null, 2)}\n\n${renderCasesTable(points)}\n`);
  io.stdout(`Sample records and cases are in ${dir}\nCases: ${casesFile}\n`);
  return 0;
}
