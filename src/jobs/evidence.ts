/** The evidence of a run (its record files, flat cases and report) as a workflow artifact. */
import { runArtifactName } from '../core/collected.js';
import { recordEntries, uploadRunArtifact, type ArtifactFile, type UploadOutcome } from '../effects/artifact.js';
import type { RunContext, ScaleOutSettings } from './scale-out.js';

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

/**
 * The publish path's evidence artifact. Never throws: an upload failure comes back as a warning
 * line for main.ts to print, and main.ts calls this after the push so that the data is safe first.
 */
export async function uploadEvidence(
  settings: ScaleOutSettings,
  context: RunContext,
  run: { readonly suite: string; readonly shapes: readonly string[]; readonly evidence: Evidence },
): Promise<UploadOutcome> {
  const name = runArtifactName(run.suite, run.shapes, context.runAttempt, settings.artifactName);
  if (!settings.artifact) return { status: 'skipped', name, reason: 'input artifact is false' };
  return uploadRunArtifact(context.artifacts, { name, retentionDays: settings.artifactRetentionDays, files: evidenceFiles(run.evidence) });
}
