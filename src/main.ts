/**
 * The action's door: reads the inputs and the runner once, runs the mode asked for, then the one
 * tail every mode shares (the regressions' outputs, the job summary, fail-on-regression) and the
 * one `setFailed`. The modes live in src/action/.
 */
import * as core from '@actions/core';
import { InputError } from './core/model.js';
import { fitStepSummary, STEP_SUMMARY_LIMIT } from './core/render-summary.js';
import { regressionFailure, type Outcome } from './action/outcome.js';
import { runRecords } from './action/records.js';
import { access, actionRunner, publishSettings, withHomePaths, type ActionRunner } from './action/runner.js';
import { publishSecrets, resolveTrendTarget } from './jobs/publish.js';
import { urlSecrets } from './core/trend/remote.js';
import { readSettings } from './settings.js';
import { checkOldInputs } from './core/gab-inputs.js';

/**
 * What only some runs need loads by import(): mode merge, and in the records' modes the collect
 * and evidence jobs, bring the artifact client (about half of the bundle: @actions/artifact,
 * Azure's storage client, protobuf), and parsing it cost every other run's start (issue #12).
 * esbuild splits them into dist/chunks/.
 */
const runMerge: typeof import('./action/merge.js').runMerge = async (...args) => (await import('./action/merge.js')).runMerge(...args);

/**
 * A boolean input by the toolkit's rule (core.getBooleanInput: true/True/TRUE, false/False/FALSE);
 * readSettings turns its refusal into one naming the input and echoing the value.
 */
const readBoolean = (name: string): boolean => core.getBooleanInput(name);

/** Outputs `regressions` and `regressions-json`, and the job summary. */
async function report(runner: ActionRunner, outcome: Outcome): Promise<void> {
  core.setOutput('regressions', String(outcome.regressions.length));
  core.setOutput('regressions-json', JSON.stringify(outcome.regressions));
  // Outside a runner there is no summary file; the report is still worth seeing in the log.
  if (runner.hasStepSummary) {
    const summary = fitStepSummary(outcome.report);
    if (summary.cut) core.warning(`The job summary was cut to fit the ${STEP_SUMMARY_LIMIT.toLocaleString('en')} bytes GitHub takes per step; its end says how much was left out`);
    await core.summary.addRaw(summary.text).write();
  } else core.info(outcome.report);
}

/** The main job: read, check, publish or compare, comment, summarise; fail only where asked. */
export async function run(): Promise<void> {
  let failure: string | undefined;
  try {
    // Before any input of ours: a workflow switched by changing only `uses:` fails on its first
    // run naming what to rename, not on "records: no path given" or in the wrong place.
    for (const warning of checkOldInputs((name) => core.getInput(name))) core.warning(warning);
    const inputs = readSettings((name) => core.getInput(name), readBoolean);
    const runner = actionRunner();
    // Windows runners set USERPROFILE, not HOME; github-action-benchmark's os.homedir() read either.
    const settings = withHomePaths(inputs, runner.env['HOME'] || runner.env['USERPROFILE']);
    // Masked before anything can print them: the token and the header derived from it.
    for (const secret of publishSecrets(runner.serverUrl, settings.token)) core.setSecret(secret);
    // Where the trend lives is an input like any other: refused before a record is read. A collect
    // job never touches the trend, so its copy of these inputs is left to the merge job.
    if (settings.scale.mode !== 'collect') {
      // A repository URL's password (or a token as its user name) is masked as the token is.
      for (const secret of urlSecrets(resolveTrendTarget(publishSettings(settings), access(runner)).remote.url)) core.setSecret(secret);
    }

    const outcome = settings.scale.mode === 'merge' ? await runMerge(settings, runner) : await runRecords(settings, runner);
    if (outcome) {
      await report(runner, outcome);
      const decided = regressionFailure(settings, outcome.regressions);
      if (decided.note !== undefined) core.info(decided.note);
      failure = decided.failure;
    }
  } catch (error) {
    // An InputError is a refusal already phrased for the user; anything else is a fault worth its stack in debug.
    if (!(error instanceof InputError) && error instanceof Error && error.stack) core.debug(error.stack);
    failure = error instanceof Error ? error.message : String(error);
  }
  if (failure !== undefined) core.setFailed(failure);
}
