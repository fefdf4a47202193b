/**
 * Artifacts and scale-out, wired for main.ts: the evidence artifact of a publish, `mode: collect`
 * (compute, upload the points, publish nothing) and `mode: merge` (download every collected
 * artifact of this workflow run and hand them to ONE publish). A matrix of 200 jobs then costs one
 * push and one comment instead of 200 racing publishers. See docs/scale-out.md.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  COLLECT_PREFIX,
  COLLECTED_FILE,
  MAX_FOREIGN_ARTIFACT_BYTES,
  MAX_FOREIGN_PAYLOAD_BYTES,
  buildPayload,
  collectArtifactName,
  mergeCollected,
  parseForeignPayload,
  parsePayload,
  runArtifactName,
  serializePayload,
  type CollectedPayload,
  type MergedCollection,
  type NamedPayload,
} from '../core/collected.js';
import { InputError, type Point } from '../core/model.js';
import type { CommitInfo } from '../core/trend/types.js';
import { readZipEntry, ZipError } from '../core/zip-entry.js';
import {
  ArtifactError,
  artifactServiceProblem,
  downloadForeignArtifactZip,
  downloadRunArtifact,
  enterpriseServerProblem,
  listForeignRunArtifacts,
  listRunArtifacts,
  recordEntries,
  uploadArtifact,
  uploadRunArtifact,
  type ArtifactFile,
  type ForeignRun,
  type ListedArtifact,
  type UploadOutcome,
  type UploadedArtifact,
} from '../effects/artifact.js';
import { publishGroups, type GroupsContext, type PublishHooks, type PublishResult, type PublishSettings } from './publish.js';

// The inputs' reading is its own module, so settings.ts reads them without loading the artifact client.
export { MODES, readScaleOutSettings, type Mode, type ScaleOutSettings } from './scale-out-settings.js';
import type { ScaleOutSettings } from './scale-out-settings.js';

/** What the workflow run says about this job; built by main.ts from the environment and the event. */
export interface RunContext {
  readonly commit: CommitInfo;
  /** GITHUB_JOB. */
  readonly job: string;
  /** GITHUB_RUN_ATTEMPT. */
  readonly runAttempt: number;
  /** `<server>/<owner>/<repo>/actions/runs/<id>`, when known. */
  readonly runUrl?: string | undefined;
  /** ISO time, passed in. */
  readonly now: string;
  /** Where to stage and download; RUNNER_TEMP or the system's temp folder by default. */
  readonly tempDir?: string | undefined;
}

/** The job, attempt and run link from the runner's variables; the commit and time come from the caller. */
export function runContextFromEnv(env: Readonly<Record<string, string | undefined>>, commit: CommitInfo, now: string): RunContext {
  const attempt = Number(env['GITHUB_RUN_ATTEMPT'] ?? '1');
  const server = env['GITHUB_SERVER_URL'] || 'https://github.com';
  const repo = env['GITHUB_REPOSITORY'];
  const runId = env['GITHUB_RUN_ID'];
  return {
    commit,
    job: env['GITHUB_JOB'] || 'job',
    runAttempt: Number.isSafeInteger(attempt) && attempt >= 1 ? attempt : 1,
    runUrl: repo && runId ? `${server}/${repo}/actions/runs/${runId}` : undefined,
    now,
    tempDir: env['RUNNER_TEMP'] || undefined,
  };
}

/** The evidence of one run: its record files, its flat cases and its report. */
export interface Evidence {
  /** Record paths as given, relative to cwd or absolute. */
  readonly records: readonly string[];
  readonly cwd: string;
  /** The flat case array as written to cases.json. */
  readonly cases?: string | undefined;
  /** The job summary's markdown. */
  readonly report?: string | undefined;
}

export function evidenceFiles(evidence: Evidence): ArtifactFile[] {
  const files = recordEntries(evidence.records, evidence.cwd);
  if (evidence.cases !== undefined) files.push({ name: 'cases.json', text: evidence.cases });
  if (evidence.report !== undefined) files.push({ name: 'report.md', text: evidence.report });
  return files;
}

/** Links to an artifact on the run's page, for outputs and the summary. */
export function artifactUrl(context: RunContext, id: number): string | undefined {
  return context.runUrl ? `${context.runUrl}/artifacts/${id}` : undefined;
}

/**
 * The publish path's evidence artifact. Never throws: an upload failure comes back as a warning
 * line for main.ts to print, and main.ts calls this after the push so that the data is safe first.
 */
export async function uploadEvidence(
  settings: ScaleOutSettings,
  context: RunContext,
  run: { readonly suite: string; readonly shapes: readonly string[]; readonly evidence: Evidence },
): Promise<UploadOutcome> {
  const name = settings.artifactName ?? runArtifactName(run.suite, run.shapes, context.runAttempt);
  if (!settings.artifact) return { status: 'skipped', name, reason: 'input artifact is false' };
  return uploadRunArtifact({ name, retentionDays: settings.artifactRetentionDays, files: evidenceFiles(run.evidence), tempDir: context.tempDir });
}

export interface CollectInput {
  readonly suite: string;
  readonly points: readonly Point[];
  /** Shapes of the records read, so a shape whose stages were all absent still supersedes. */
  readonly shapes: readonly string[];
  readonly note?: string | undefined;
  readonly evidence?: Evidence | undefined;
}

export interface CollectOutcome {
  readonly artifact: UploadedArtifact;
  readonly payload: CollectedPayload;
}

/**
 * `mode: collect`: the points go up as an artifact with the job's evidence beside them, and
 * nothing is published. Unlike the evidence of a publish, a failed upload fails the job: the
 * artifact is its only output, and a merge without it would publish an incomplete matrix.
 */
export async function collect(input: CollectInput, context: RunContext, settings: ScaleOutSettings): Promise<CollectOutcome> {
  const problem = artifactServiceProblem();
  if (problem) throw new InputError(`mode: collect needs workflow artifacts, but ${problem}; use mode publish here`);
  const payload = buildPayload({
    suite: input.suite,
    commit: context.commit,
    runUrl: context.runUrl,
    collectedAt: context.now,
    job: { id: context.job, attempt: context.runAttempt },
    shapes: input.shapes,
    note: input.note,
    points: input.points,
  });
  const name = collectArtifactName(input.suite, payload.shapes, context.runAttempt);
  const files: ArtifactFile[] = [{ name: COLLECTED_FILE, text: serializePayload(payload) }, ...(input.evidence ? evidenceFiles(input.evidence) : [])];
  const artifact = await uploadArtifact({ name, retentionDays: settings.artifactRetentionDays, files, tempDir: context.tempDir });
  return { artifact, payload };
}

export interface MergeResult extends MergedCollection {
  /** Every collect artifact found in the run, superseded ones included. */
  readonly artifacts: readonly ListedArtifact[];
}

async function inPool<T, R>(items: readonly T[], width: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  const lanes = Array.from({ length: Math.min(width, items.length) }, async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await work(items[i]!);
    }
  });
  await Promise.all(lanes);
  return out;
}

// Downloads are small (a payload of a few KB beside the records); a few lanes hide the round trips
// of 200 artifacts without a burst the service would answer with 429s.
const DOWNLOAD_LANES = 4;

/**
 * `mode: merge`: every collect artifact of this workflow run, downloaded, validated and merged into
 * groups by suite and commit, for ONE publish. Any artifact that cannot be read stops the merge
 * before anything is published, naming the artifact.
 */
export async function merge(_settings: ScaleOutSettings, context: RunContext, prefix: string = COLLECT_PREFIX): Promise<MergeResult> {
  const problem = artifactServiceProblem();
  if (problem) throw new InputError(`mode: merge needs workflow artifacts, but ${problem}`);
  const artifacts = await listRunArtifacts(prefix);
  if (artifacts.length === 0) {
    throw new InputError(
      `mode: merge found no artifact named ${prefix}* in this workflow run; run the bench jobs with mode: collect and list them under this job's needs`,
    );
  }
  const root = await mkdtemp(join(context.tempDir ?? (process.env['RUNNER_TEMP'] || tmpdir()), 'benchtrend-merge-'));
  try {
    const payloads = await inPool(artifacts, DOWNLOAD_LANES, async (a): Promise<NamedPayload> => {
      const dir = await downloadRunArtifact(a, join(root, String(a.id)));
      let text: string;
      try {
        text = await readFile(join(dir, COLLECTED_FILE), 'utf8');
      } catch {
        throw new InputError(`artifact ${a.name}: holds no ${COLLECTED_FILE}; only benchtrend with mode: collect uploads artifacts named ${prefix}*`);
      }
      return { artifact: a.name, payload: parsePayload(a.name, text) };
    });
    return { ...mergeCollected(payloads), artifacts };
  } finally {
    await rm(root, { recursive: true, force: true });
  }
}

/**
 * Hands a merge to the publisher: every group (suite at commit) in ONE gh-pages commit and one
 * push, whatever the number of suites, so a matrix over operating systems costs one push too.
 * `settings.suite` is not used; each group carries its own. The alerts hook runs once per group.
 */
export function publishMerged(
  merged: MergedCollection,
  settings: Omit<PublishSettings, 'suite'>,
  context: Omit<GroupsContext, 'groups'>,
  hooks: PublishHooks = {},
): Promise<PublishResult> {
  return publishGroups(settings, { ...context, groups: merged.groups }, hooks);
}

export interface ForeignMergeResult extends MergeResult {
  /** One line per artifact refused (too big, not a zip, no payload, invalid payload), naming it. */
  readonly refused: readonly string[];
}

/**
 * `mode: merge` on a `workflow_run` event: the collect artifacts of the triggering run, which may
 * be a fork's pull request, so every one is untrusted. Each is fetched as a zip and never unpacked;
 * only benchtrend's own payload is read out of it, under a size bound, validated, and refused
 * unless it is about the commit the run benched. Nothing from the artifact is run, and the token
 * goes only to the REST API. A refused artifact is one line in `refused`; the others are merged.
 * Throws an InputError when nothing at all could be read.
 */
export async function mergeForeignRun(run: ForeignRun, headSha: string, context: RunContext, prefix: string = COLLECT_PREFIX): Promise<ForeignMergeResult> {
  const problem = enterpriseServerProblem();
  if (problem) throw new InputError(`mode: merge on a workflow_run needs workflow artifacts, but ${problem}`);
  const artifacts = await listForeignRunArtifacts(run, prefix);
  if (artifacts.length === 0) {
    throw new InputError(`mode: merge found no artifact named ${prefix}* in workflow run ${run.runId}; run its bench jobs with mode: collect`);
  }
  const root = await mkdtemp(join(context.tempDir ?? (process.env['RUNNER_TEMP'] || tmpdir()), 'benchtrend-workflow-run-'));
  const refused: string[] = [];
  try {
    const read = await inPool(artifacts, DOWNLOAD_LANES, async (a): Promise<NamedPayload | undefined> => {
      try {
        const dir = join(root, String(a.id));
        // Gone as soon as it is read: a run of many large artifacts never holds more than a lane's worth of disk.
        const zip = await downloadForeignArtifactZip(run, a, dir, MAX_FOREIGN_ARTIFACT_BYTES).finally(() => rm(dir, { recursive: true, force: true }));
        let bytes: Buffer | undefined;
        try {
          bytes = readZipEntry(zip, COLLECTED_FILE, MAX_FOREIGN_PAYLOAD_BYTES);
        } catch (e) {
          throw new InputError(`artifact ${a.name}: ${e instanceof ZipError ? e.message : 'not a readable zip'}`);
        }
        if (bytes === undefined) throw new InputError(`artifact ${a.name}: holds no ${COLLECTED_FILE}; only benchtrend with mode: collect uploads artifacts named ${prefix}*`);
        return { artifact: a.name, payload: parseForeignPayload(a.name, bytes.toString('utf8'), headSha) };
      } catch (e) {
        if (!(e instanceof InputError) && !(e instanceof ArtifactError)) throw e;
        refused.push(e.message);
        return undefined;
      }
    });
    const payloads = read.filter((p): p is NamedPayload => p !== undefined);
    if (payloads.length === 0) {
      throw new InputError(refused.length === 1 ? refused[0]! : `no collected artifact of workflow run ${run.runId} could be read: ${refused.join('; ')}`);
    }
    return { ...mergeCollected(payloads), artifacts, refused: refused.sort() };
  } finally {
    await rm(root, { recursive: true, force: true });
  }
}
