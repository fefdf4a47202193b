/**
 * `mode: merge`: the collected artifacts of this workflow run (merge), or of the run that
 * triggered a workflow_run (mergeForeignRun), downloaded, validated and merged into groups by
 * suite and commit, and handed to ONE publish (publishMerged).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import {
  COLLECT_PREFIX,
  COLLECTED_FILE,
  MAX_FOREIGN_ARTIFACT_BYTES,
  MAX_FOREIGN_PAYLOAD_BYTES,
  mergeCollected,
  parseForeignPayload,
  parsePayload,
  type MergedCollection,
  type NamedPayload,
} from '../core/collected.js';
import { InputError } from '../core/model.js';
import { readZipEntry, ZipError } from '../core/zip-entry.js';
import { ArtifactError, ArtifactServiceError, downloadForeignArtifactZip, downloadRunArtifactZip, listForeignRunArtifacts, listRunArtifacts, type ForeignRun, type ListedArtifact } from '../effects/artifact.js';
import { mapLimit } from '../effects/bounded.js';
import { seconds } from '../effects/timeouts.js';
import { publishGroups, type GroupsContext, type PublishHooks, type PublishResult, type PublishSettings } from './publish.js';
import type { RunContext } from './scale-out.js';

export interface MergeResult extends MergedCollection {
  /** Every collect artifact found in the run, superseded ones included. */
  readonly artifacts: readonly ListedArtifact[];
}

export interface ForeignMergeResult extends MergeResult {
  /** One line per artifact refused (too big, not a zip, no payload, invalid payload), naming it. */
  readonly refused: readonly string[];
}

// Downloads are small (a payload of a few KB beside the records); a few lanes hide the round trips
// of 200 artifacts without a burst the service would answer with 429s.
const DOWNLOAD_LANES = 4;

/**
 * This run's own payloads are benchtrend's and trusted; the bound only keeps a damaged size from
 * taking the job's memory. A payload is a leg's points with their samples: kilobytes to megabytes.
 */
const MAX_RUN_PAYLOAD_BYTES = 512 * 1024 * 1024;

/** `prefix`* was asked for and nothing the merge can read is named so. */
function notCollected(artifact: string, prefix: string): InputError {
  return new InputError(`artifact ${artifact}: holds no ${COLLECTED_FILE}; only benchtrend with mode: collect uploads artifacts named ${prefix}*`);
}

/** The COLLECTED_FILE of artifact `name`'s zip, or a refusal naming the artifact. */
function collectedText(zip: Buffer, name: string, prefix: string, maxBytes: number): string {
  let bytes: Buffer | undefined;
  try {
    bytes = readZipEntry(zip, COLLECTED_FILE, maxBytes);
  } catch (e) {
    throw new InputError(`artifact ${name}: ${e instanceof ZipError ? e.message : 'not a readable zip'}`);
  }
  if (bytes === undefined) throw notCollected(name, prefix);
  return bytes.toString('utf8');
}

/**
 * Every collect artifact of this workflow run, downloaded, validated and merged into groups by
 * suite and commit, for ONE publish. Any artifact that cannot be read stops the merge before
 * anything is published, naming the artifact.
 */
export async function merge(context: RunContext, prefix: string = COLLECT_PREFIX): Promise<MergeResult> {
  const service = context.artifacts;
  if (service.problem) throw new InputError(`mode: merge needs workflow artifacts, but ${service.problem}`);
  const artifacts = await listRunArtifacts(service, prefix);
  if (artifacts.length === 0) {
    throw new InputError(
      `mode: merge found no artifact named ${prefix}* in this workflow run; run the bench jobs with mode: collect and list them under this job's needs`,
    );
  }
  const root = await mkdtemp(join(service.tempDir, 'benchtrend-merge-'));
  try {
    const payloads = await mapLimit(artifacts, DOWNLOAD_LANES, async (a): Promise<NamedPayload> => {
      const zip = await downloadRunArtifactZip(service, a, join(root, String(a.id)));
      return { artifact: a.name, payload: parsePayload(a.name, collectedText(zip, a.name, prefix, MAX_RUN_PAYLOAD_BYTES)) };
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

/**
 * `mode: merge` on a `workflow_run` event: the collect artifacts of the triggering run, which may
 * be a fork's pull request, so every one is untrusted. Each is fetched as a zip and never unpacked;
 * only benchtrend's own payload is read out of it, under a size bound, validated, and refused
 * unless it is about the commit the run benched. Nothing from the artifact is run, and the token
 * goes only to the REST API. A refused artifact is one line in `refused`; the others are merged.
 * Throws an InputError when nothing at all could be read.
 */
export async function mergeForeignRun(run: ForeignRun, headSha: string, context: RunContext, prefix: string = COLLECT_PREFIX): Promise<ForeignMergeResult> {
  const service = context.artifacts;
  if (service.serverProblem) throw new InputError(`mode: merge on a workflow_run needs workflow artifacts, but ${service.serverProblem}`);
  const artifacts = await listForeignRunArtifacts(service, run, prefix);
  if (artifacts.length === 0) {
    throw new InputError(`mode: merge found no artifact named ${prefix}* in workflow run ${run.runId}; run its bench jobs with mode: collect`);
  }
  const refused: string[] = [];
  // The service's budget runs from the start of the first download it failed, for all of them
  // together, as a publish's does for git: a blob storage that hangs cost the budget per artifact,
  // four at a time, and a fork's pull request decides how many artifacts there are.
  let failingSince: number | undefined;
  const read = await mapLimit(artifacts, DOWNLOAD_LANES, async (a): Promise<NamedPayload | undefined> => {
    const started = performance.now();
    try {
      const left = failingSince === undefined ? service.budgetMs : service.budgetMs - (started - failingSince);
      if (left <= 0) throw new ArtifactError(`artifact ${a.name}: not downloaded: the artifact downloads have failed for ${seconds(service.budgetMs)}, all the time benchtrend gives them`);
      const zip = await downloadForeignArtifactZip({ ...service, budgetMs: left }, run, a, MAX_FOREIGN_ARTIFACT_BYTES).catch((e: unknown) => {
        if (e instanceof ArtifactServiceError) failingSince = Math.min(failingSince ?? started, started);
        throw e;
      });
      // A service that answers again has its whole budget again.
      failingSince = undefined;
      return { artifact: a.name, payload: parseForeignPayload(a.name, collectedText(zip, a.name, prefix, MAX_FOREIGN_PAYLOAD_BYTES), headSha) };
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
}
