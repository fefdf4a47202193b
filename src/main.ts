import * as core from '@actions/core';
import { mkdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { toFlatCases } from './core/cases.js';
import { InputError } from './core/model.js';
import { renderCasesTable } from './core/render-summary.js';
import { ingest } from './ingest.js';
import { readSettings } from './settings.js';

/** The one place that talks to the runner: reads inputs, wires core to effects, fails once. */
export async function run(): Promise<void> {
  try {
    const settings = readSettings((name) => core.getInput(name));
    const cwd = process.env['GITHUB_WORKSPACE'] ?? process.cwd();

    core.startGroup('Reading bench records');
    const { points, warnings } = await ingest({
      patterns: settings.records,
      cwd,
      format: settings.format,
      parse: settings.shape !== undefined ? { shape: settings.shape } : {},
      requirements: settings.requireStages,
    }).finally(() => core.endGroup());
    for (const w of warnings) core.warning(w);

    const flat = toFlatCases(points, settings.note);
    const json = JSON.stringify(flat, null, 2);
    const dir = join(process.env['RUNNER_TEMP'] || tmpdir(), 'benchtrend');
    await mkdir(dir, { recursive: true });
    const casesFile = join(dir, 'cases.json');
    await writeFile(casesFile, `${json}\n`);
    core.setOutput('cases-file', casesFile);
    core.setOutput('cases', JSON.stringify(flat));
    core.setOutput('case-count', String(flat.length));
    core.info(`${flat.length} cases written to ${casesFile}`);

    // Outside a runner there is no summary file; the table is still worth seeing in the log.
    if (process.env['GITHUB_STEP_SUMMARY']) await core.summary.addRaw(renderCasesTable(points)).write();
    else core.info(renderCasesTable(points));
  } catch (error) {
    // An InputError is a refusal already phrased for the user; anything else is a fault worth its stack in debug.
    if (!(error instanceof InputError) && error instanceof Error && error.stack) core.debug(error.stack);
    core.setFailed(error instanceof Error ? error.message : String(error));
  }
}
