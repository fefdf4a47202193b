/**
 * The parts of a `workflow_run` event that a merge job needs, read from the event payload. Pure:
 * main.ts passes the payload in. The triggering run may be a fork's pull request, so nothing here
 * is trusted beyond its shape: ids are numbers, names are strings, and anything else is dropped.
 */

/** A pull request as `workflow_run.pull_requests`, the commit lookup or the head lookup list it. */
export interface RunPullRequest {
  readonly number: number;
  /** The head commit the pull request had when it was listed. */
  readonly head: string;
  /** The base branch's name. */
  readonly base: string;
}

export interface WorkflowRunEvent {
  /** `workflow_run.id`: the triggering run, whose artifacts are downloaded. */
  readonly runId: number;
  /** The event that triggered that run: `pull_request`, `push`, … */
  readonly event: string;
  /** The commit the triggering run benched. */
  readonly headSha: string;
  /** Its branch, in the head repository (a fork's own branch for a fork). */
  readonly headBranch: string | undefined;
  /** `owner/name` of the repository the head lives in. */
  readonly headRepository: string | undefined;
  /** The owner of that repository, for the `owner:branch` head lookup. */
  readonly headOwner: string | undefined;
  /** GitHub fills it for same-repository pull requests and leaves it empty for forks. */
  readonly pullRequests: readonly RunPullRequest[];
}

type Json = Record<string, unknown>;

const obj = (v: unknown): Json | undefined => (v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Json) : undefined);
const str = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);

/**
 * One entry of a pull-request list, kept only when it belongs to `repository` (its base repo):
 * `workflow_run.pull_requests` has been seen to list pull requests of other repositories whose
 * head branch has the same name.
 */
export function runPullRequest(value: unknown, repository: string | undefined): RunPullRequest | undefined {
  const pr = obj(value);
  const number = pr?.['number'];
  if (!pr || typeof number !== 'number' || !Number.isSafeInteger(number) || number < 1) return undefined;
  const head = obj(pr['head']);
  const base = obj(pr['base']);
  const sha = str(head?.['sha']);
  if (sha === undefined || !/^[0-9a-f]{40}([0-9a-f]{24})?$/.test(sha)) return undefined;
  const baseRepo = obj(base?.['repo']);
  const baseName = str(baseRepo?.['full_name']) ?? /\/repos\/([^/]+\/[^/]+)$/.exec(str(baseRepo?.['url']) ?? '')?.[1];
  // The event's short form names the base repository only by its API url; an entry without even
  // that is kept: the commit and head lookups ask the base repository itself.
  if (repository !== undefined && baseName !== undefined && baseName.toLowerCase() !== repository.toLowerCase()) return undefined;
  return { number, head: sha, base: str(base?.['ref']) ?? 'main' };
}

/** The workflow_run of the event payload, or undefined when it is not one benchtrend can use. */
export function workflowRunFromEvent(payload: Json, repository: string | undefined): WorkflowRunEvent | undefined {
  const run = obj(payload['workflow_run']);
  if (!run) return undefined;
  const runId = run['id'];
  const headSha = str(run['head_sha']);
  if (typeof runId !== 'number' || !Number.isSafeInteger(runId) || runId < 1 || headSha === undefined) return undefined;
  const headRepo = obj(run['head_repository']);
  const pulls = Array.isArray(run['pull_requests']) ? run['pull_requests'] : [];
  return {
    runId,
    event: str(run['event']) ?? '',
    headSha,
    headBranch: str(run['head_branch']),
    headRepository: str(headRepo?.['full_name']),
    headOwner: str(obj(headRepo?.['owner'])?.['login']),
    pullRequests: pulls.map((p) => runPullRequest(p, repository)).filter((p): p is RunPullRequest => p !== undefined),
  };
}
