/**
 * mode publish and collect at the action's door: the run's records read and checked, then
 * collected as an artifact, compared with the base trend (a pull request), or published.
 */
import * as core from '@actions/core';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { toFlatCases } from '../core/cases.js';
import { compareReport, type CompareReport } from '../core/compare/report.js';
import { applyDirectionOverrides, decidedBy, overridesMatchingNothing } from '../core/direction.js';
import { InputError, type Point } from '../core/model.js';
import { controlCasesMatchingNothing, floorsMatchingNothing } from '../core/regress/settings.js';
import { renderCasesTable } from '../core/render-summary.js';
import type { RegressionEntry } from '../core/render-verdicts.js';
import { checkoutCommit, checkoutHead } from '../effects/commit-info.js';
import { loadRecords } from '../effects/record-files.js';
import { ingest } from '../jobs/ingest.js';
import { notPublishing, publishesOn } from '../jobs/publish.js';
import { artifactUrl, attemptUrl, type RunContext } from '../jobs/scale-out.js';
import type { Settings } from '../settings.js';
import { compareWithBaseTrend } from './compare.js';
import type { Outcome } from './outcome.js';
import { publishJudged } from './publish.js';
import { bareCommit, commitFor, mergeGroup, pullRequest, runContext, type ActionRunner } from './runner.js';

function shapesOf(records: readonly { shape: string; arm?: string | undefined }[]): string[] {
  return [...new Set(records.filter((r) => r.arm === undefined).map((r) => r.shape))];
}

function setArtifactOutputs(context: RunContext, id: number, name: string): void {
  core.setOutput('artifact-id', String(id));
  core.setOutput('artifact-name', name);
  const url = artifactUrl(context, id);
  if (url) core.setOutput('artifact-url', url);
}

/**
 * Input `ref`: a workflow that checked out another commit than the run's (a dispatch given a
 * sha) named it so in github-action-benchmark; without it, that commit's figures were published
 * as GITHUB_SHA's. Resolved in the checkout, as what the bench ran on.
 */
async function commitOfRef(runner: ActionRunner, ref: string): Promise<string> {
  const sha = await checkoutCommit(runner.workspace, ref, runner.env, runner.bounds.requestMs);
  if (sha === undefined) throw new InputError(`ref: ${JSON.stringify(ref)} names no commit of the checkout in ${runner.workspace}; give the sha the bench ran on, or a branch or tag the checkout fetched`);
  if (sha.toLowerCase() !== runner.sha.toLowerCase()) core.info(`ref: the records are of ${sha.slice(0, 7)} (${ref}), not the run's commit ${runner.sha.slice(0, 7)}`);
  return sha;
}

/**
 * pull_request_target runs the base branch's workflow with GITHUB_SHA at the base's tip, and
 * actions/checkout checks that out unless told the head: records benched there are the base's,
 * and the comment would give them as the pull request's.
 */
async function warnIfBaseCheckedOut(runner: ActionRunner, pr: { head: string; base: string }): Promise<void> {
  if (runner.eventName !== 'pull_request_target' || runner.sha === '' || runner.sha.toLowerCase() === pr.head.toLowerCase()) return;
  const head = await checkoutHead(runner.workspace, runner.env, runner.bounds.requestMs);
  if (head === undefined || head !== runner.sha.toLowerCase()) return;
  core.warning(
    `pull_request_target: the checkout is at ${head.slice(0, 7)}, the tip of ${pr.base} (GITHUB_SHA), not the pull request's head ${pr.head.slice(0, 7)}; if the bench ran here, these records are ${pr.base}'s, not the pull request's. Check out the head (its code is untrusted: see the README's pull requests from forks) before benching`,
  );
}

/** The main job: read, check, publish, compare or collect; the case outputs; the evidence artifact. */
export async function runRecords(settings: Settings, runner: ActionRunner): Promise<Outcome> {
  const parse = { ...(settings.shape !== undefined ? { shape: settings.shape } : {}), decided: decidedBy(settings.directionOverrides), goPackageSuffix: settings.goPackageSuffix };
  const { records, files, points: raw, warnings } = await core.group('Reading bench records', () =>
    ingest({
      patterns: settings.records,
      cwd: runner.workspace,
      format: settings.format,
      parse,
      requirements: settings.requireStages,
    }),
  );
  const points: Point[] = applyDirectionOverrides(raw, settings.directionOverrides);
  for (const w of warnings) core.warning(w);
  const unmatched = (cases: readonly { readonly case: string }[], where: string): void => {
    for (const o of overridesMatchingNothing(cases, settings.directionOverrides)) {
      core.warning(`direction-overrides: line ${o.line} (${JSON.stringify(o.pattern)}) matches no case of ${where}`);
    }
  };
  const pr = pullRequest(runner);
  // A run that may import decides the imported cases with the same lines: a line for a case only
  // the history holds is said only when the trend, once published, has no such case either.
  const importing = settings.importFrom !== undefined && !pr && settings.autoPush && settings.scale.mode !== 'collect' && publishesOn(runner.eventName, runner.payload);
  if (!importing) unmatched(points, 'this run');
  if (points.length > 0) for (const w of floorsMatchingNothing(settings.alerts, points.map((p) => p.unit), 'this run')) core.warning(w);

  const baseline = settings.compareBaseline.length
    ? await loadRecords(settings.compareBaseline, runner.workspace, settings.format, parse, 'compare-baseline')
    : undefined;
  const comparison: CompareReport | null = compareReport(records, baseline, {
    minEffect: settings.compareMinEffect,
    ...(settings.compareUnpaired ? { pairing: 'unpaired' as const } : {}),
    controls: settings.controlCases,
    directionOverrides: settings.directionOverrides,
    heading: '###',
  });
  // A comparison has checked each line against both arms' cases and refused one naming none: the
  // warning would say the same thing a second time, before the refusal.
  if (points.length > 0 && comparison === null) for (const w of controlCasesMatchingNothing(settings.alerts, points.map((p) => p.case), 'this run')) core.warning(w);

  const flat = toFlatCases(points, settings.note);
  const casesJson = `${JSON.stringify(flat, null, 2)}\n`;

  const group = mergeGroup(runner);
  const sha = pr?.head ?? group?.head ?? (settings.ref !== undefined ? await commitOfRef(runner, settings.ref) : runner.sha);
  // The verdicts lead the summary: they are what a reader opens it for, and GitHub's 1 MiB cut
  // (fitStepSummary) takes the end, so a long cases table goes before a regressed case does.
  const summary: string[] = [];
  let regressions: RegressionEntry[] = [];

  if (settings.scale.mode === 'collect') {
    const commit = await commitFor(runner, sha, settings.token);
    const context = runContext(runner, commit);
    const { artifact } = await core.group('Collecting', () =>
      import('../jobs/collect.js').then(({ collect }) => collect({ suite: settings.suite, points, shapes: shapesOf(records), note: settings.note, evidence: { records: files, cwd: runner.workspace, cases: casesJson } }, context, settings.scale)),
    );
    setArtifactOutputs(context, artifact.id, artifact.name);
    core.info(`Collected ${points.length} points as artifact ${artifact.name}; a job with mode: merge publishes them`);
  } else if (pr) {
    await warnIfBaseCheckedOut(runner, pr);
    const compared = await compareWithBaseTrend(settings, runner, pr, [{ suite: settings.suite, sha: pr.head, points }], comparison?.markdown);
    summary.push(...compared.tables);
    regressions = compared.regressions;
  } else if (group) {
    // A merge queue's commit lands on the branch only if the queue merges it, and then as another
    // commit that the push's run publishes: the group is judged as a pull request is, so that
    // fail-on-regression can hold the queue, with no comment on a commit nobody will read.
    const compared = await compareWithBaseTrend(settings, runner, undefined, [{ suite: settings.suite, sha: group.head, points }], comparison?.markdown, { base: group.base, why: group.why });
    summary.push(...compared.tables);
    regressions = compared.regressions;
  } else if (publishesOn(runner.eventName, runner.payload) && !settings.autoPush) {
    // github-action-benchmark commented with auto-push false too (it committed locally either way);
    // here a comment goes with a published point only, and comment-always, set for it, said nothing.
    if (settings.commentAlways) core.warning('comment-always: no commit comment is written when auto-push is false, which publishes nothing; the comparison is in the job summary and the outputs');
    const compared = await compareWithBaseTrend(settings, runner, undefined, [{ suite: settings.suite, sha, points }], undefined);
    summary.push(...compared.tables);
    regressions = compared.regressions;
  } else if (publishesOn(runner.eventName, runner.payload) && points.length === 0 && comparison && settings.importFrom === undefined) {
    core.info('These records are the arms of a comparison only: nothing goes on the trend');
  } else if (publishesOn(runner.eventName, runner.payload)) {
    const commit = await commitFor(runner, sha, settings.token);
    const judged = await publishJudged(settings, runner, [{ suite: settings.suite, commit, points, ...(runner.runUrl !== undefined ? { runUrl: attemptUrl(runner.runUrl, runner.runAttempt) } : {}) }], true);
    if (importing) unmatched([...points, ...judged.cases], 'this run or the trend');
    regressions = judged.regressions;
    if (judged.replaced.length > 0) summary.push(judged.replaced.join('\n\n'), '');
    const table = judged.table(`Regressions in ${settings.suite}`);
    if (table) summary.push(table);
  } else {
    core.info(notPublishing(runner.eventName, runner.payload) ?? '');
  }

  // Written only now: a run refused by the trend or the push (damaged data, a declining hook)
  // leaves no case file and no outputs behind, like a refused record.
  const dir = join(runner.tempRoot, 'benchtrend');
  await mkdir(dir, { recursive: true });
  const casesFile = join(dir, 'cases.json');
  await writeFile(casesFile, casesJson);
  core.setOutput('cases-file', casesFile);
  core.setOutput('cases', JSON.stringify(flat));
  core.setOutput('case-count', String(flat.length));
  if (comparison) core.setOutput('compare-json', JSON.stringify(comparison.json));
  core.info(`${flat.length} cases written to ${casesFile}`);
  if (comparison) summary.push(comparison.markdown);
  summary.push(renderCasesTable(points));
  const report = summary.join('\n');

  // The evidence goes up after the data is safe, and its failure costs nothing but a warning.
  if (settings.scale.mode === 'publish') {
    const context = runContext(runner, bareCommit(runner, sha));
    // Loaded here, not at start: it brings the artifact client (see main.ts).
    const { uploadEvidence } = await import('../jobs/evidence.js');
    const upload = await uploadEvidence(settings.scale, context, {
      suite: settings.suite,
      shapes: shapesOf(records),
      evidence: { records: files, cwd: runner.workspace, cases: casesJson, report },
    });
    if (upload.status === 'uploaded') setArtifactOutputs(context, upload.id, upload.name);
    else if (upload.status === 'skipped') core.info(`No artifact: ${upload.reason}`);
    else core.warning(upload.warning);
  }
  return { regressions, report };
}
