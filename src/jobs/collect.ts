/** `mode: collect`: a bench job's points as an artifact for the merge job; nothing is published. */
import { COLLECTED_FILE, buildPayload, collectArtifactName, serializePayload, type CollectedPayload } from '../core/collected.js';
import { InputError, type Point } from '../core/model.js';
import { uploadArtifact, type ArtifactFile, type UploadedArtifact } from '../effects/artifact.js';
import { evidenceFiles, type Evidence } from './evidence.js';
import { attemptUrl, type RunContext, type ScaleOutSettings } from './scale-out.js';

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
 * The points go up as an artifact with the job's evidence beside them, and nothing is published.
 * Unlike the evidence of a publish, a failed upload fails the job: the artifact is its only
 * output, and a merge without it would publish an incomplete matrix.
 */
export async function collect(input: CollectInput, context: RunContext, settings: ScaleOutSettings): Promise<CollectOutcome> {
  const { problem } = context.artifacts;
  if (problem) throw new InputError(`mode: collect needs workflow artifacts, but ${problem}; use mode publish here`);
  const payload = buildPayload({
    suite: input.suite,
    commit: context.commit,
    runUrl: context.runUrl !== undefined ? attemptUrl(context.runUrl, context.runAttempt) : undefined,
    collectedAt: context.now,
    job: { id: context.job, attempt: context.runAttempt },
    shapes: input.shapes,
    note: input.note,
    points: input.points,
  });
  const name = collectArtifactName(input.suite, payload.shapes, context.runAttempt);
  const files: ArtifactFile[] = [{ name: COLLECTED_FILE, text: serializePayload(payload) }, ...(input.evidence ? evidenceFiles(input.evidence) : [])];
  const artifact = await uploadArtifact(context.artifacts, { name, retentionDays: settings.artifactRetentionDays, files });
  return { artifact, payload };
}
