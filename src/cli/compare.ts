import { compareArms, type CompareOptions } from '../core/compare/compare.js';
import { refuseOtherArm, splitArms, type Arms } from '../core/compare/arms.js';
import { DEFAULT_MIN_EFFECT, minEffectText, parseMinEffect } from '../core/compare/verdict.js';
import { decidedBy, parseDirectionOverrides } from '../core/direction.js';
import { compareJson, renderCompareMarkdown } from '../core/render-compare.js';
import { renderCompareText } from '../core/render-text.js';
import { loadRecords } from '../effects/record-files.js';
import type { ParseOptions } from '../formats/format.js';
import { formatOptionHelp, parseCommandLine, withShape } from './args.js';
import { readText, UsageError, type CliIO } from './io.js';

export const USAGE = `Usage: benchtrend compare --baseline FILE... --candidate FILE... [options]
       benchtrend compare FILE... [options]     (files that carry both arms)

Compares a candidate with a baseline benched in the same job, case by case: each arm's median
(min–max) and runs, the Hodges–Lehmann shift (candidate − baseline) of the per-round deltas when
run i of each arm is round i (the median of all pairwise differences otherwise) with an exact,
deterministic 95% interval, the change in percent of the baseline median, and a verdict:
improved, regressed, inconclusive or no-data. A verdict is directional only when the interval
excludes 0 and the change passes the minimum effect. Control cases report drift when they move;
when a shape's total moves, the stages that own the change are named.

Options:
  --baseline FILE...    records of the baseline arm (paths or globs; repeatable)
  --candidate FILE...   records of the candidate arm (paths or globs; repeatable)
  --json                print a JSON array, one object per case, instead of text
  --markdown            print the report as the job summary and PR comment get it
  --min-effect PCT      smallest change that earns a verdict (default ${minEffectText(DEFAULT_MIN_EFFECT)})
  --control CASE        a case that should not move, "<shape> / <metric>", a glob of them or
                        a metric name (repeatable; added to the controls a file names itself)
  --unpaired            compare all pairwise differences even when runs pair by round
  --direction-overrides FILE
                        lines "<case or glob>: bigger|smaller", as publish reads them
  --format NAME         ${formatOptionHelp(24)}
  --shape NAME          shape for formats that have none (default: the format's name)
  -h, --help            show this help

Exit status: 0 when the comparison is printed, whatever the verdicts; 1 when the input is
refused (one line "benchtrend: <reason>"); 2 on a usage error.`;

/** Which files each arm names: a bare FILE goes to the arm flag before it, or to `both`. */
interface ArmFiles {
  readonly baseline: string[];
  readonly candidate: string[];
  readonly both: string[];
}

const OPTIONS = {
  baseline: { type: 'string', multiple: true },
  candidate: { type: 'string', multiple: true },
  json: { type: 'boolean' },
  markdown: { type: 'boolean' },
  'min-effect': { type: 'string' },
  control: { type: 'string', multiple: true },
  unpaired: { type: 'boolean' },
  'direction-overrides': { type: 'string' },
  format: { type: 'string', default: 'auto' },
  shape: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

function parseCommand(argv: string[]) {
  return parseCommandLine(argv, OPTIONS, { tokens: true });
}

/**
 * `--baseline a.json b.json --candidate c.json d.json`: the files after an arm flag belong to that
 * arm until the other arm flag, whatever options come between.
 */
function armFiles(tokens: NonNullable<ReturnType<typeof parseCommand>['tokens']>): ArmFiles {
  const files: ArmFiles = { baseline: [], candidate: [], both: [] };
  let current: keyof ArmFiles = 'both';
  for (const t of tokens) {
    if (t.kind === 'option' && (t.name === 'baseline' || t.name === 'candidate')) {
      current = t.name;
      if (t.value !== undefined) files[current].push(t.value);
    } else if (t.kind === 'positional') {
      files[current].push(t.value);
    }
  }
  return files;
}

/** Reads both arms from the command line's files; every refusal names the file. */
async function readArms(files: ArmFiles, cwd: string, format: string, parse: ParseOptions): Promise<Arms> {
  if (files.both.length > 0) {
    const records = await loadRecords(files.both, cwd, format, parse);
    return splitArms(files.both.join(', '), records);
  }
  const baseline = await loadRecords(files.baseline, cwd, format, parse, '--baseline');
  const candidate = await loadRecords(files.candidate, cwd, format, parse, '--candidate');
  refuseOtherArm(baseline, 'baseline');
  refuseOtherArm(candidate, 'candidate');
  return { baseline, candidate };
}

export async function run(argv: string[], io: CliIO): Promise<number> {
  const { values, tokens } = parseCommand(argv);
  if (values.help) {
    io.stdout(`${USAGE}\n`);
    return 0;
  }
  // One output or the other: --json won, and the markdown asked for was not printed, unsaid.
  if (values.json && values.markdown) throw new UsageError('--json and --markdown each choose what is printed; give one');
  const files = armFiles(tokens);
  const armed = files.baseline.length > 0 || files.candidate.length > 0;
  if (armed && files.both.length > 0) {
    throw new UsageError(`${files.both.join(', ')}: a file before --baseline or --candidate belongs to no arm`);
  }
  if (!armed && files.both.length === 0) throw new UsageError('compare needs --baseline FILE... and --candidate FILE..., or one FILE holding both arms');
  if (armed && files.baseline.length === 0) throw new UsageError('--candidate was given without --baseline FILE...');
  if (armed && files.candidate.length === 0) throw new UsageError('--baseline was given without --candidate FILE...');

  // Refused as the action refuses compare-min-effect, and as publish refuses its --min-effect.
  const minEffect = values['min-effect'] !== undefined ? parseMinEffect(values['min-effect'], '--min-effect') : DEFAULT_MIN_EFFECT;
  const overrides =
    values['direction-overrides'] !== undefined
      ? parseDirectionOverrides(await readText(values['direction-overrides'], io.cwd, '--direction-overrides'), values['direction-overrides'])
      : [];
  const parse: ParseOptions = { formatOption: '--format', ...withShape(values.shape), decided: decidedBy(overrides) };
  const arms = await readArms(files, io.cwd, values.format, parse);
  const options: CompareOptions = {
    minEffect,
    controls: values.control ?? [],
    pairing: values.unpaired ? 'unpaired' : 'rounds',
    directionOverrides: overrides,
  };
  // A refusal naming the action's control-cases reads --control (src/cli/flag-words.ts).
  const comparison = compareArms(arms, options);
  if (values.json) {
    for (const note of comparison.notes) io.stderr(`benchtrend: warning: ${note}\n`);
    io.stdout(`${JSON.stringify(compareJson(comparison), null, 2)}\n`);
  } else if (values.markdown) {
    // What the job summary and comment get, every round included: no comment-size limit here.
    io.stdout(renderCompareMarkdown(comparison, { heading: '##', limit: Number.POSITIVE_INFINITY }));
  } else {
    io.stdout(renderCompareText(comparison));
  }
  return 0;
}
