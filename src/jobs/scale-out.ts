/**
 * Scale-out, the words the jobs share: `mode: publish` (compute and publish in one step, with the
 * run's evidence artifact), `mode: collect` (compute, upload the points, publish nothing:
 * collect.ts) and `mode: merge` (download every collected artifact of this workflow run and hand
 * them to ONE publish: merge.ts). A matrix of 200 jobs then costs one push and one comment instead
 * of 200 racing publishers. See docs/scale-out.md. The inputs are read in src/settings.ts, the
 * runner's variables in src/runner.ts.
 */
import type { CommitInfo } from '../core/trend/types.js';
import type { ArtifactService } from '../effects/artifact.js';

export const MODES = ['publish', 'collect', 'merge'] as const;
export type Mode = (typeof MODES)[number];

export interface ScaleOutSettings {
  /** publish: compute and publish in one step; collect: upload the points only; merge: publish every collected artifact (input `mode`). */
  readonly mode: Mode;
  /** Upload the run's records, cases and report as an artifact (input `artifact`); collect always uploads. */
  readonly artifact: boolean;
  /** Name of that artifact (input `artifact-name`); undefined means `benchtrend-records-<suite>-<shapes>-<attempt>`. */
  readonly artifactName: string | undefined;
  /** Days to keep artifacts (input `artifact-retention-days`); undefined keeps the repository's setting. */
  readonly artifactRetentionDays: number | undefined;
}

/** What the workflow run says about this job; built by main.ts from the runner's environment. */
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
  /** The artifact service, and where to stage and download (its tempDir). */
  readonly artifacts: ArtifactService;
}

/**
 * The page of one attempt of a run: a re-run's points link to its own logs, and a publish tells a
 * re-run (another attempt) from another job of the same attempt by it. The first attempt keeps
 * the run's address, as published before.
 */
export function attemptUrl(runUrl: string, attempt: number): string {
  return attempt > 1 ? `${runUrl}/attempts/${attempt}` : runUrl;
}

/** Links to an artifact on the run's page, for outputs and the summary. */
export function artifactUrl(context: RunContext, id: number): string | undefined {
  return context.runUrl ? `${context.runUrl}/artifacts/${id}` : undefined;
}
