/**
 * Workflow artifacts through @actions/artifact 6: the run's evidence (records, cases, report), the
 * collect payloads, and their download by the merge job. Thin: staging files, calling the library,
 * and turning its errors into lines safe to log.
 *
 * The library finds the results service through ACTIONS_RUNTIME_TOKEN and ACTIONS_RESULTS_URL,
 * which the runner gives every step; it retries 5xx and 429 five times with backoff from 3 s
 * (about 25–35 s before it gives up), refuses other statuses at once, and is not supported on
 * GitHub Enterprise Server. Whether the service can be used, its token and where to stage files
 * come in as an ArtifactService the door built (src/runner.ts); nothing here reads the environment.
 * Another run's artifact (a fork's, for workflow_run) is listed through the library but downloaded
 * here, through the REST API and its redirect, so that the download itself is bounded
 * (downloadForeignArtifactZip).
 */
import { DefaultArtifactClient, type Artifact } from '@actions/artifact';
import { copyFile, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { basename, dirname, isAbsolute, join, normalize, relative, resolve, sep } from 'node:path';
import { HttpClient } from '@actions/http-client';
import { createHash } from 'node:crypto';
import { get as httpGet, type IncomingMessage } from 'node:http';
import { get as httpsGet } from 'node:https';
import { retryWithBackoff, RetriesExhaustedError } from './retry.js';
import { seconds, TimeoutError, withTimeout } from './timeouts.js';
import { keepTokensOnTheirHost } from './token-origin.js';

/** This job's artifact service as the door found it (src/runner.ts runnerEnvironment). */
export interface ArtifactService {
  /** Why this job cannot use its run's artifacts (outside Actions, GHES); undefined when it can. */
  readonly problem: string | undefined;
  /** Why this server has no artifacts at all (GHES), which rules out another run's too; undefined when it has. */
  readonly serverProblem: string | undefined;
  /** ACTIONS_RUNTIME_TOKEN, cut out of every message. */
  readonly runtimeToken: string | undefined;
  /** Where files are staged and downloaded (RUNNER_TEMP on a runner). */
  readonly tempDir: string;
  /** The network budget: a call still running after it is abandoned. */
  readonly budgetMs: number;
}

/**
 * The client takes no abort signal, so a hanging service is abandoned, not cancelled, after the
 * network budget (60 s; its own retries take 25–35 s), and the caller warns and goes on.
 */
function bounded<T>(service: ArtifactService, call: Promise<T>, what: string): Promise<T> {
  return withTimeout(call, service.budgetMs, what);
}

/** The library's client, with the runtime token held to the results service (token-origin.ts). */
function artifactClient(): DefaultArtifactClient {
  keepTokensOnTheirHost();
  return new DefaultArtifactClient();
}

/** One file of an artifact: `name` is its path inside the artifact, from a file or from text. */
export type ArtifactFile = { readonly name: string; readonly path: string } | { readonly name: string; readonly text: string };

export interface ArtifactRequest {
  readonly name: string;
  /** Days to keep it; undefined keeps the repository's setting. */
  readonly retentionDays?: number | undefined;
  readonly files: readonly ArtifactFile[];
}

export interface UploadedArtifact {
  readonly name: string;
  readonly id: number;
  readonly size: number;
  readonly digest?: string;
}

/** What became of the evidence artifact. Never an exception: it must not cost a publish. */
export type UploadOutcome =
  | ({ readonly status: 'uploaded' } & UploadedArtifact)
  | { readonly status: 'skipped'; readonly name: string; readonly reason: string }
  | { readonly status: 'failed'; readonly name: string; readonly warning: string };

export interface ListedArtifact {
  readonly name: string;
  readonly id: number;
  readonly size: number;
  readonly digest?: string;
}

/** An artifact operation that failed; the message is already scrubbed of URLs' queries and tokens. */
export class ArtifactError extends Error {
  override readonly name: string = 'ArtifactError';
}

/** The service failed the call (an error answer, a hang cut by the budget), not the artifact itself. */
export class ArtifactServiceError extends ArtifactError {
  override readonly name: string = 'ArtifactServiceError';
}

/**
 * An error's message as one line fit for a log: queries of URLs dropped (a signed URL's `sig` is a
 * credential), bearer tokens and the given tokens (the runtime token, a REST token) removed, the
 * library's advice lines cut.
 */
export function scrub(message: string, ...tokens: readonly (string | undefined)[]): string {
  let text = message.split('\n')[0] ?? '';
  for (const token of tokens) if (token) text = text.split(token).join('***');
  return text
    .replace(/(https?:\/\/[^\s?#'"]+)\?[^\s'")]*/g, '$1?…')
    .replace(/Bearer\s+\S+/gi, 'Bearer ***')
    .trim();
}

function describe(error: unknown, ...tokens: readonly (string | undefined)[]): string {
  return scrub(error instanceof Error ? error.message : String(error), ...tokens) || 'unknown error';
}

/** A path inside the artifact must stay inside it. */
function safeEntry(name: string): string {
  const n = normalize(name).replace(/\\/g, '/');
  if (n === '' || n === '.' || isAbsolute(n) || n === '..' || n.startsWith('../')) {
    throw new Error(`the file name ${JSON.stringify(name)} is not a relative path inside the artifact`);
  }
  return n;
}

/**
 * `records/<path relative to cwd>` for each record, so the artifact mirrors the workspace; a record
 * outside the workspace keeps only its base name.
 */
export function recordEntries(paths: readonly string[], cwd: string, folder = 'records'): ArtifactFile[] {
  const used = new Set<string>();
  return paths.map((p) => {
    const abs = resolve(cwd, p);
    const rel = relative(cwd, abs);
    const outside = rel === '' || rel === '..' || rel.startsWith(`..${sep}`) || isAbsolute(rel);
    const wanted = outside ? basename(abs) : rel.split(sep).join('/');
    let inside = wanted;
    for (let i = 2; used.has(inside); i++) inside = wanted.replace(/(\.[^./]*)?$/, `-${i}$1`);
    used.add(inside);
    return { name: `${folder}/${inside}`, path: abs };
  });
}

async function stage(files: readonly ArtifactFile[], root: string): Promise<string[]> {
  const out: string[] = [];
  for (const f of files) {
    const target = join(root, safeEntry(f.name));
    await mkdir(dirname(target), { recursive: true });
    if ('text' in f) await writeFile(target, f.text);
    else await copyFile(f.path, target);
    out.push(target);
  }
  return out;
}

/**
 * Uploads the files as one artifact, or throws an ArtifactError whose message is safe to log.
 * Files are staged in a temporary folder so the artifact's layout does not depend on where they
 * lie, and no absolute path of the runner leaks into it.
 */
export async function uploadArtifact(service: ArtifactService, request: ArtifactRequest): Promise<UploadedArtifact> {
  const { problem } = service;
  if (problem) throw new ArtifactError(`artifact ${request.name} was not uploaded: ${problem}`);
  if (request.files.length === 0) throw new ArtifactError(`artifact ${request.name} was not uploaded: no files to upload`);
  let root: string | undefined;
  try {
    root = await mkdtemp(join(service.tempDir, 'benchtrend-artifact-'));
    const staged = await stage(request.files, root);
    const client = artifactClient();
    const result = await bounded(
      service,
      client.uploadArtifact(request.name, staged, root, {
        ...(request.retentionDays !== undefined ? { retentionDays: request.retentionDays } : {}),
      }),
      'the upload',
    );
    if (result.id === undefined) throw new ArtifactError(`artifact ${request.name} was not uploaded: the service returned no artifact id`);
    return { name: request.name, id: result.id, size: result.size ?? 0, ...(result.digest ? { digest: result.digest } : {}) };
  } catch (error) {
    if (error instanceof ArtifactError) throw error;
    throw new ArtifactError(`artifact ${request.name} was not uploaded: ${describe(error, service.runtimeToken)}`);
  } finally {
    if (root !== undefined) await rm(root, { recursive: true, force: true });
  }
}

/**
 * The run's evidence artifact: best effort. Outside a workflow run or on GHES it is skipped with
 * the reason; any failure becomes a warning line, so it can never fail a publish.
 */
export async function uploadRunArtifact(service: ArtifactService, request: ArtifactRequest): Promise<UploadOutcome> {
  if (service.problem) return { status: 'skipped', name: request.name, reason: service.problem };
  try {
    return { status: 'uploaded', ...(await uploadArtifact(service, request)) };
  } catch (error) {
    return { status: 'failed', name: request.name, warning: error instanceof ArtifactError ? error.message : `artifact ${request.name} was not uploaded: ${describe(error, service.runtimeToken)}` };
  }
}

/** Artifacts of this workflow run whose names start with `prefix`, the latest of each name. */
export async function listRunArtifacts(service: ArtifactService, prefix: string): Promise<ListedArtifact[]> {
  if (service.problem) throw new ArtifactError(service.problem);
  let artifacts: Artifact[];
  try {
    artifacts = (await bounded(service, artifactClient().listArtifacts({ latest: true }), 'listing the artifacts')).artifacts;
  } catch (error) {
    throw new ArtifactError(`listing the artifacts of this workflow run failed: ${describe(error, service.runtimeToken)}`);
  }
  return named(artifacts, prefix);
}

/** The listed artifacts whose names start with `prefix`, by name. */
function named(artifacts: readonly Artifact[], prefix: string): ListedArtifact[] {
  return artifacts
    .filter((a) => a.name.startsWith(prefix))
    .map((a) => ({ name: a.name, id: a.id, size: a.size, ...(a.digest ? { digest: a.digest } : {}) }))
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

/**
 * Downloads one artifact of this run into `dir` as the zip it is, and returns its bytes; the
 * caller reads the entry it needs (readZipEntry). Not unpacked by the library: its unzip-stream
 * 0.3.4, the newest, calls `new Buffer()`, and bundled outside node_modules that printed Node's
 * DEP0005 DeprecationWarning into every merge job's log. A digest that does not match what was
 * uploaded is refused: a truncated zip would otherwise read as a smaller artifact. Any failure is
 * an ArtifactError with the runtime token cut out.
 */
export async function downloadRunArtifactZip(service: ArtifactService, artifact: ListedArtifact, dir: string): Promise<Buffer> {
  try {
    await mkdir(dir, { recursive: true });
    const result = await bounded(
      service,
      artifactClient().downloadArtifact(artifact.id, { path: dir, skipDecompress: true, ...(artifact.digest ? { expectedHash: artifact.digest } : {}) }),
      'the download',
    );
    if (result.digestMismatch) throw new ArtifactError(`artifact ${artifact.name}: the download does not match the digest recorded at upload (${artifact.digest})`);
    // The library names the file from the answer's Content-Disposition: the folder's one file is it.
    const saved = result.downloadPath ?? dir;
    const files = await readdir(saved);
    if (files.length !== 1) throw new ArtifactError(`artifact ${artifact.name}: the download left ${files.length} files where its zip was expected`);
    return await readFile(join(saved, files[0]!));
  } catch (error) {
    if (error instanceof ArtifactError) throw error;
    throw new ArtifactServiceError(`artifact ${artifact.name}: download failed: ${describe(error, service.runtimeToken)}`);
  }
}

/**
 * Another workflow run's artifacts, reached through the REST API (`findBy`) rather than this job's
 * runtime token: the run that triggered a `workflow_run` job. The token needs `actions: read`.
 */
export interface ForeignRun {
  /** owner/name of the repository the run belongs to. */
  readonly repository: string;
  /** GITHUB_API_URL, where the artifact's download is asked for. */
  readonly apiUrl: string;
  readonly runId: number;
  readonly token: string;
}

function findBy(run: ForeignRun): { repositoryOwner: string; repositoryName: string; workflowRunId: number; token: string } {
  const [owner, name] = run.repository.split('/');
  if (!owner || !name) throw new ArtifactError(`repository ${JSON.stringify(run.repository)} is not owner/name`);
  return { repositoryOwner: owner, repositoryName: name, workflowRunId: run.runId, token: run.token };
}

/** Artifacts of workflow run `run` whose names start with `prefix`, the latest of each name. */
export async function listForeignRunArtifacts(service: ArtifactService, run: ForeignRun, prefix: string): Promise<ListedArtifact[]> {
  let artifacts: Artifact[];
  try {
    artifacts = (await bounded(service, artifactClient().listArtifacts({ latest: true, findBy: findBy(run) }), `listing the artifacts of workflow run ${run.runId}`)).artifacts;
  } catch (error) {
    if (error instanceof ArtifactError) throw error;
    throw new ArtifactError(`listing the artifacts of workflow run ${run.runId} failed: ${describe(error, run.token, service.runtimeToken)}`);
  }
  return named(artifacts, prefix);
}

/** Why a download was cut: the caller's deadline, told as the budget's own line. */
function abortReason(signal: AbortSignal, error: unknown): unknown {
  return signal.aborted && signal.reason instanceof Error ? signal.reason : error;
}

/**
 * One GET through the runner's proxy settings (@actions/http-client's agent for the URL), cut by
 * `signal`; redirects are not followed, so that the token stays with the request it was given to.
 */
function get(url: string, headers: Record<string, string>, signal: AbortSignal): Promise<IncomingMessage> {
  const target = new URL(url);
  if (target.protocol !== 'https:' && target.protocol !== 'http:') return Promise.reject(new Error(`${target.protocol} is not an HTTP address`));
  const agent = new HttpClient(USER_AGENT).getAgent(url);
  const send = target.protocol === 'https:' ? httpsGet : httpGet;
  return new Promise((resolve, reject) => {
    const request = send(target, { agent, headers: { 'user-agent': USER_AGENT, ...headers }, signal }, resolve);
    request.on('error', reject);
  });
}

const USER_AGENT = 'benchtrend';

/** An answer that was not the download: its status decides whether another try may pass. */
class DownloadAnswer extends ArtifactServiceError {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

/** The first 4 KiB of an error answer, for its `message`; the rest is not worth waiting for. */
async function answerText(response: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let length = 0;
  for await (const chunk of response as AsyncIterable<Buffer>) {
    chunks.push(chunk);
    length += chunk.length;
    if (length >= 4096) break;
  }
  const text = Buffer.concat(chunks).toString('utf8').slice(0, 4096);
  try {
    const message = (JSON.parse(text) as { message?: unknown }).message;
    if (typeof message === 'string') return message;
  } catch {
    // Not JSON: a proxy's page, or cut at 4 KiB.
  }
  return text.replace(/<[^>]*>/g, ' ').replace(/\s+/g, ' ').trim().slice(0, 200);
}

/**
 * The zip of one artifact of workflow run `run`, as bytes, never unpacked nor written to disk: the
 * artifact may come from a fork, so none of its entry names ever becomes a path on this runner.
 * The REST API (`GET …/actions/artifacts/{id}/zip`, with the token) answers with a redirect to
 * blob storage, which is fetched without it. Refused when the listed size, the size blob storage
 * declares or the bytes as they come pass `maxBytes`, or the digest recorded at upload does not
 * match. The listing is the fork's to shape, so the download itself is bounded: @actions/artifact
 * wrote the whole blob to disk before anything could look at its size, and an artifact listed as
 * 900 bytes could fill the runner's disk.
 */
export async function downloadForeignArtifactZip(service: ArtifactService, run: ForeignRun, artifact: ListedArtifact, maxBytes: number): Promise<Buffer> {
  const tooBig = (size: number) => new ArtifactError(`artifact ${artifact.name}: ${size} bytes, over the limit of ${maxBytes} for a collected artifact`);
  if (artifact.size > maxBytes) throw tooBig(artifact.size);
  const { repositoryOwner, repositoryName } = findBy(run);
  const tokens = [run.token, service.runtimeToken];
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new TimeoutError(`downloading artifact ${artifact.name} did not finish within ${seconds(service.budgetMs)}`)), service.budgetMs);
  const { signal } = controller;
  const api = `${run.apiUrl.replace(/\/+$/, '')}/repos/${encodeURIComponent(repositoryOwner)}/${encodeURIComponent(repositoryName)}/actions/artifacts/${artifact.id}/zip`;
  const once = async (): Promise<Buffer> => {
    const answer = await get(api, { authorization: `Bearer ${run.token}`, accept: 'application/vnd.github+json', 'x-github-api-version': '2022-11-28' }, signal);
    const status = answer.statusCode ?? 0;
    const location = answer.headers.location;
    if (status < 300 || status >= 400 || !location) {
      const why = scrub(`the GitHub API answered ${status}${status < 400 ? ' without a redirect' : ''}: ${await answerText(answer)}`, ...tokens);
      // Expired (410) or gone (404): the artifact's fault, not the service's, and no wait helps.
      if (status === 404 || status === 410) throw new ArtifactError(`artifact ${artifact.name}: not downloaded: ${why}`);
      throw new DownloadAnswer(`artifact ${artifact.name}: download failed: ${why}`, status);
    }
    answer.resume();
    let to: URL;
    try {
      to = new URL(location, api);
    } catch {
      to = new URL('invalid:');
    }
    // An address no try can fetch is the answer's fault, not the connection's: not tried again.
    if (to.protocol !== 'https:' && to.protocol !== 'http:') throw new ArtifactError(`artifact ${artifact.name}: download failed: the GitHub API redirected to an address that is not HTTP`);
    const blob = await get(to.toString(), {}, signal);
    if (blob.statusCode !== 200) {
      throw new DownloadAnswer(`artifact ${artifact.name}: download failed: blob storage answered ${blob.statusCode ?? 0}: ${scrub(await answerText(blob), ...tokens)}`, blob.statusCode ?? 0);
    }
    const declared = Number(blob.headers['content-length']);
    if (Number.isSafeInteger(declared) && declared > maxBytes) {
      blob.destroy();
      throw tooBig(declared);
    }
    const hash = createHash('sha256');
    const chunks: Buffer[] = [];
    let length = 0;
    for await (const chunk of blob as AsyncIterable<Buffer>) {
      length += chunk.length;
      if (length > maxBytes) {
        // Leaving the loop destroys the stream: nothing past the bound is read.
        throw new ArtifactError(
          `artifact ${artifact.name}: the download passed the limit of ${maxBytes} bytes for a collected artifact (the listing said ${artifact.size} bytes) and was stopped there`,
        );
      }
      hash.update(chunk);
      chunks.push(chunk);
    }
    const digest = `sha256:${hash.digest('hex')}`;
    if (artifact.digest && artifact.digest !== digest) {
      throw new ArtifactError(`artifact ${artifact.name}: the download does not match the digest recorded at upload (${artifact.digest})`);
    }
    return Buffer.concat(chunks, length);
  };
  try {
    // A 5xx, a 429 or a dropped connection passes (the library this replaces retried them too);
    // a refusal, a bound passed or the deadline does not.
    return await retryWithBackoff(once, (e) => !signal.aborted && (e instanceof DownloadAnswer ? e.status >= 500 || e.status === 429 : !(e instanceof ArtifactError)), {
      attempts: 3,
      baseMs: 1000,
      budgetMs: service.budgetMs,
    });
  } catch (thrown) {
    const error = thrown instanceof RetriesExhaustedError ? thrown.last : thrown;
    if (error instanceof ArtifactError && !signal.aborted) throw error;
    throw new ArtifactServiceError(`artifact ${artifact.name}: download failed: ${describe(abortReason(signal, error), ...tokens)}`);
  } finally {
    clearTimeout(timer);
    controller.abort();
  }
}
