import { mkdir, realpath, writeFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { toFlatCases } from '../core/cases.js';
import { InputError } from '../core/model.js';
import { ingest } from '../jobs/ingest.js';
import { formatOptionHelp, parseCommandLine, stageRequirements, withShape } from './args.js';
import { because, UsageError, type CliIO } from './io.js';

export const USAGE = `Usage: benchtrend cases RECORD... [options]

Prints the flat case array (github-action-benchmark's customSmallerIsBetter shape) of the
given bench records: one case per stage per shape, named "<shape> / <stage>", plus
"<shape> / total", each the median of the runs that reported it.

Options:
  --out FILE                 write the array to FILE instead of printing it
  --note TEXT                append TEXT to every case's extra
  --require-stages-on SHAPE  refuse unless SHAPE's required stages were reported in
                             every run (repeatable)
  --require-stages A,B       the stages required of those shapes (default: every stage
                             the shape reported in any run)
  --format NAME              ${formatOptionHelp(29)}
  --shape NAME               shape for formats that have none (default: the format's name)
  --go-force-package-suffix  go: name every benchmark "<name> (<package>)", as publish does
  -h, --help                 show this help

Exit status: 0 on success, 1 when the input is refused (one line "benchtrend: <reason>"),
2 on a usage error.`;

export async function run(argv: string[], io: CliIO): Promise<number> {
  const { values, positionals } = parseCommandLine(argv, {
    out: { type: 'string' },
    note: { type: 'string' },
    'require-stages-on': { type: 'string', multiple: true },
    'require-stages': { type: 'string' },
    format: { type: 'string', default: 'auto' },
    shape: { type: 'string' },
    'go-force-package-suffix': { type: 'boolean' },
    help: { type: 'boolean', short: 'h' },
  });
  if (values.help) {
    io.stdout(`${USAGE}\n`);
    return 0;
  }
  if (positionals.length === 0) throw new UsageError('cases needs at least one RECORD file');
  const requirements = stageRequirements(values);
  const { points, files, warnings } = await ingest({
    patterns: positionals,
    cwd: io.cwd,
    format: values.format,
    parse: { formatOption: '--format', ...withShape(values.shape), goPackageSuffix: values['go-force-package-suffix'] === true },
    requirements,
  });
  for (const w of warnings) io.stderr(`benchtrend: warning: ${w}\n`);
  const json = `${JSON.stringify(toFlatCases(points, values.note), null, 2)}\n`;
  if (values.out !== undefined) {
    const out = resolve(io.cwd, values.out);
    // `cases run.json --out run.json` (or a glob that matched the output of a run before) wrote the
    // cases over the bench's own record, which no later run can read back.
    const real = (path: string) => realpath(path).catch(() => path);
    const target = await real(out);
    for (const file of files) {
      if ((await real(resolve(io.cwd, file))) === target) throw new InputError(`--out: ${values.out} is the record ${file} just read; writing the cases there would replace it, give another file`);
    }
    try {
      await mkdir(dirname(out), { recursive: true });
      await writeFile(out, json);
    } catch (e) {
      throw new InputError(`--out: cannot write ${values.out}${because(e)}; give a file name`);
    }
    io.stderr(`benchtrend: ${points.length} cases written to ${values.out}\n`);
  } else {
    io.stdout(json);
  }
  return 0;
}
