import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ArtifactService } from '../../../src/effects/artifact.js';
import { runnerEnvironment } from '../../../src/runner.js';

/**
 * A local stand-in for the Actions results service, spoken to by @actions/artifact 6 over real HTTP:
 * the Twirp JSON endpoints (`/twirp/github.actions.results.api.v1.ArtifactService/<Method>`), the
 * Azure block blob upload its signed URL points at (`comp=block` then `comp=blocklist`, or one PUT),
 * and the download GET of the signed URL. Requests are recorded; failures are scriptable.
 *
 * Bound to 127.0.0.1 only. The runtime token is a JWT-shaped string whose `scp` claim names the
 * run and the job, which is all the library reads from it.
 */

const TWIRP_PREFIX = '/twirp/github.actions.results.api.v1.ArtifactService/';

export type ServiceCall = 'CreateArtifact' | 'FinalizeArtifact' | 'ListArtifacts' | 'GetSignedArtifactURL' | 'DeleteArtifact' | 'blob-upload' | 'blob-download';

export interface RecordedRequest {
  readonly call: ServiceCall | 'unknown';
  readonly method: string;
  /** Path and query as received. */
  readonly url: string;
  readonly status: number;
  /** Twirp request body as JSON; undefined for blob traffic. */
  readonly body?: unknown;
  /** The Authorization header as received, so tests can check where the token went. */
  readonly authorization?: string;
  /** Byte length of a blob PUT body. */
  readonly bytes?: number;
}

/** A scripted failure: the next `times` matching calls (every one when omitted) get this answer. */
export interface FailureRule {
  readonly call: ServiceCall | 'any';
  readonly status: number;
  /** Twirp `msg`, e.g. `insufficient usage` for the storage quota; a blob failure's XML message. */
  readonly msg?: string;
  times?: number;
}

export interface StoredArtifact {
  readonly id: number;
  readonly name: string;
  readonly runBackendId: string;
  readonly jobBackendId: string;
  readonly createdAt: string;
  readonly expiresAt?: string;
  readonly mimeType?: string;
  finalized: boolean;
  size: number;
  digest?: string;
  /** The uploaded bytes once the block list is committed. */
  content?: Buffer;
}

export interface ResultsService extends AsyncDisposable {
  readonly url: string;
  readonly requests: RecordedRequest[];
  readonly artifacts: StoredArtifact[];
  /** Runtime token for one job of one workflow run. */
  token(runBackendId: string, jobBackendId: string): string;
  /** A signed download URL of a stored artifact, as the REST API's redirect to blob storage gives it. */
  downloadUrl(id: number): string;
  fail(rule: FailureRule): void;
  clearFailures(): void;
  close(): Promise<void>;
}

function b64url(text: string): string {
  return Buffer.from(text).toString('base64url');
}

export function fakeRuntimeToken(runBackendId: string, jobBackendId: string): string {
  const header = b64url(JSON.stringify({ alg: 'none', typ: 'JWT' }));
  const payload = b64url(JSON.stringify({ scp: `Actions.GenericRead:00000000 Actions.Results:${runBackendId}:${jobBackendId}`, iat: 1_700_000_000 }));
  return `${header}.${payload}.c2ln`;
}

function scopeOf(authorization: string | undefined): { run: string; job: string } | undefined {
  const m = /^Bearer ([^.]+)\.([^.]+)\./.exec(authorization ?? '');
  if (!m) return undefined;
  try {
    const claims = JSON.parse(Buffer.from(m[2]!, 'base64url').toString('utf8')) as { scp?: string };
    for (const scope of (claims.scp ?? '').split(' ')) {
      const [kind, run, job] = scope.split(':');
      if (kind === 'Actions.Results' && run && job) return { run, job };
    }
  } catch {
    return undefined;
  }
  return undefined;
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

function json(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

/** Twirp's error body; the library reads `msg` and retries 5xx/429 but not other codes. */
function twirpError(res: ServerResponse, status: number, msg: string): void {
  const code = status === 404 ? 'not_found' : status === 409 ? 'already_exists' : status === 401 ? 'unauthenticated' : status >= 500 ? 'internal' : 'invalid_argument';
  json(res, status, { code, msg });
}

function blobError(res: ServerResponse, status: number, msg: string): void {
  const xml = `<?xml version="1.0" encoding="utf-8"?><Error><Code>${status >= 500 ? 'InternalError' : 'AuthenticationFailed'}</Code><Message>${msg}</Message></Error>`;
  res.writeHead(status, { 'content-type': 'application/xml', 'x-ms-error-code': status >= 500 ? 'InternalError' : 'AuthenticationFailed' });
  res.end(xml);
}

/** Starts the service on an ephemeral loopback port. Dispose with `await using` or `close()`. */
export async function startResultsService(): Promise<ResultsService> {
  const requests: RecordedRequest[] = [];
  const artifacts: StoredArtifact[] = [];
  const rules: FailureRule[] = [];
  const blocks = new Map<number, Map<string, Buffer>>();
  // Signed URLs carry a per-artifact signature, as Azure SAS URLs do; a wrong one is refused.
  const signatures = new Map<number, string>();
  let nextId = 1;
  let base = '';

  function scripted(call: ServiceCall): FailureRule | undefined {
    const rule = rules.find((r) => (r.call === call || r.call === 'any') && (r.times === undefined || r.times > 0));
    if (rule && rule.times !== undefined) rule.times--;
    return rule;
  }

  function signedUrl(kind: 'upload' | 'download', a: StoredArtifact): string {
    const sig = signatures.get(a.id) ?? randomBytes(12).toString('base64url');
    signatures.set(a.id, sig);
    return `${base}/blob/${kind}/${a.id}/${encodeURIComponent(a.name)}.zip?sv=2024-01-01&se=2099-01-01&sig=${sig}`;
  }

  function listed(a: StoredArtifact): Record<string, unknown> {
    return {
      workflow_run_backend_id: a.runBackendId,
      workflow_job_run_backend_id: a.jobBackendId,
      database_id: String(a.id),
      name: a.name,
      size: String(a.size),
      created_at: a.createdAt,
      ...(a.digest ? { digest: a.digest } : {}),
    };
  }

  async function twirp(method: string, body: Record<string, unknown>, req: IncomingMessage, res: ServerResponse): Promise<number> {
    const scope = scopeOf(req.headers.authorization);
    if (!scope) {
      twirpError(res, 401, 'no valid runtime token');
      return 401;
    }
    const run = String(body['workflow_run_backend_id'] ?? '');
    const job = String(body['workflow_job_run_backend_id'] ?? '');
    switch (method) {
      case 'CreateArtifact': {
        const name = String(body['name'] ?? '');
        if (artifacts.some((a) => a.runBackendId === run && a.name === name)) {
          twirpError(res, 409, 'an artifact with this name already exists on the workflow run');
          return 409;
        }
        const id = nextId++;
        const a: StoredArtifact = {
          id,
          name,
          runBackendId: run,
          jobBackendId: job,
          createdAt: new Date(Date.UTC(2024, 0, 1) + id * 1000).toISOString(),
          ...(typeof body['expires_at'] === 'string' ? { expiresAt: body['expires_at'] } : {}),
          ...(typeof body['mime_type'] === 'string' ? { mimeType: body['mime_type'] } : {}),
          finalized: false,
          size: 0,
        };
        artifacts.push(a);
        json(res, 200, { ok: true, signed_upload_url: signedUrl('upload', a) });
        return 200;
      }
      case 'FinalizeArtifact': {
        const a = artifacts.find((x) => x.runBackendId === run && x.jobBackendId === job && x.name === body['name']);
        if (!a || !a.content) {
          twirpError(res, 404, 'no uploaded artifact of that name for this job');
          return 404;
        }
        a.finalized = true;
        a.size = Number(body['size'] ?? 0);
        if (typeof body['hash'] === 'string') a.digest = body['hash'];
        json(res, 200, { ok: true, artifact_id: String(a.id) });
        return 200;
      }
      case 'ListArtifacts': {
        const nameFilter = typeof body['name_filter'] === 'string' ? body['name_filter'] : undefined;
        const idFilter = body['id_filter'] !== undefined ? Number(body['id_filter']) : undefined;
        const found = artifacts.filter(
          (a) => a.finalized && a.runBackendId === run && (nameFilter === undefined || a.name === nameFilter) && (idFilter === undefined || a.id === idFilter),
        );
        json(res, 200, { artifacts: found.map(listed) });
        return 200;
      }
      case 'GetSignedArtifactURL': {
        const a = artifacts.find((x) => x.finalized && x.runBackendId === run && x.name === body['name']);
        if (!a) {
          twirpError(res, 404, 'artifact not found');
          return 404;
        }
        json(res, 200, { signed_url: signedUrl('download', a) });
        return 200;
      }
      case 'DeleteArtifact': {
        const i = artifacts.findIndex((x) => x.runBackendId === run && x.name === body['name']);
        if (i < 0) {
          twirpError(res, 404, 'artifact not found');
          return 404;
        }
        const [a] = artifacts.splice(i, 1);
        json(res, 200, { ok: true, artifact_id: String(a!.id) });
        return 200;
      }
      default:
        twirpError(res, 404, `no method ${method}`);
        return 404;
    }
  }

  async function blob(kind: string, id: number, url: URL, req: IncomingMessage, res: ServerResponse, body: Buffer): Promise<number> {
    const a = artifacts.find((x) => x.id === id);
    if (!a || url.searchParams.get('sig') !== signatures.get(id)) {
      blobError(res, 403, 'Signature did not match');
      return 403;
    }
    const headers = { etag: `"0x${id.toString(16)}"`, 'last-modified': new Date(0).toUTCString(), 'x-ms-request-id': randomBytes(8).toString('hex'), 'x-ms-version': '2025-01-05' };
    if (kind === 'download' && req.method === 'GET') {
      if (!a.content) {
        blobError(res, 404, 'The specified blob does not exist.');
        return 404;
      }
      res.writeHead(200, { ...headers, 'content-type': a.mimeType ?? 'application/zip', 'content-length': a.content.length });
      res.end(a.content);
      return 200;
    }
    if (kind !== 'upload' || req.method !== 'PUT') {
      blobError(res, 405, 'unsupported');
      return 405;
    }
    const comp = url.searchParams.get('comp');
    if (comp === 'block') {
      const blockId = url.searchParams.get('blockid') ?? '';
      let staged = blocks.get(id);
      if (!staged) blocks.set(id, (staged = new Map()));
      staged.set(blockId, body);
      res.writeHead(201, { ...headers, 'content-md5': createHash('md5').update(body).digest('base64') });
      res.end();
      return 201;
    }
    if (comp === 'blocklist') {
      const ids = [...body.toString('utf8').matchAll(/<(?:Latest|Uncommitted|Committed)>([^<]*)<\//g)].map((m) => m[1]!);
      const staged = blocks.get(id) ?? new Map<string, Buffer>();
      const missing = ids.find((b) => !staged.has(b));
      if (missing !== undefined) {
        blobError(res, 400, `The specified block list is invalid: ${missing}`);
        return 400;
      }
      a.content = Buffer.concat(ids.map((b) => staged.get(b)!));
      blocks.delete(id);
      res.writeHead(201, headers);
      res.end();
      return 201;
    }
    a.content = body;
    res.writeHead(201, { ...headers, 'content-md5': createHash('md5').update(body).digest('base64') });
    res.end();
    return 201;
  }

  const server: Server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', base);
      const raw = await readBody(req);
      let call: ServiceCall | 'unknown' = 'unknown';
      let parsed: Record<string, unknown> | undefined;
      let status: number;
      const blobMatch = /^\/blob\/(upload|download)\/(\d+)\//.exec(url.pathname);
      if (url.pathname.startsWith(TWIRP_PREFIX) && req.method === 'POST') {
        call = url.pathname.slice(TWIRP_PREFIX.length) as ServiceCall;
        try {
          parsed = JSON.parse(raw.toString('utf8') || '{}') as Record<string, unknown>;
        } catch {
          parsed = {};
        }
        const rule = scripted(call);
        if (rule) {
          twirpError(res, rule.status, rule.msg ?? `scripted failure ${rule.status}`);
          status = rule.status;
        } else {
          status = await twirp(call, parsed, req, res);
        }
      } else if (blobMatch) {
        call = blobMatch[1] === 'upload' ? 'blob-upload' : 'blob-download';
        const rule = scripted(call);
        if (rule) {
          blobError(res, rule.status, rule.msg ?? `scripted failure ${rule.status}`);
          status = rule.status;
        } else {
          status = await blob(blobMatch[1]!, Number(blobMatch[2]), url, req, res, raw);
        }
      } else {
        res.writeHead(404);
        res.end();
        status = 404;
      }
      requests.push({
        call,
        method: req.method ?? '',
        url: req.url ?? '',
        status,
        ...(parsed !== undefined ? { body: parsed } : {}),
        ...(req.headers.authorization !== undefined ? { authorization: req.headers.authorization } : {}),
        ...(call === 'blob-upload' ? { bytes: raw.length } : {}),
      });
    })().catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(500);
      res.end(String(error));
    });
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const close = (): Promise<void> =>
    new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });

  return {
    url: base,
    requests,
    artifacts,
    token: fakeRuntimeToken,
    downloadUrl: (id) => {
      const a = artifacts.find((x) => x.id === id);
      if (!a) throw new Error(`no artifact ${id}`);
      return signedUrl('download', a);
    },
    fail: (rule) => rules.push(rule),
    clearFailures: () => rules.splice(0),
    close,
    [Symbol.asyncDispose]: close,
  };
}

/** The variables a runner gives a step so that @actions/artifact finds `service` as this job. */
export function artifactEnv(service: ResultsService, runBackendId: string, jobBackendId: string): Record<string, string> {
  return {
    ACTIONS_RUNTIME_TOKEN: service.token(runBackendId, jobBackendId),
    ACTIONS_RESULTS_URL: `${service.url}/`,
    // The library refuses hosts other than github.com (GHES); it never contacts this URL for artifacts.
    GITHUB_SERVER_URL: 'https://github.com',
  };
}

/**
 * The artifact service as the door would find it in this test process's environment now (after
 * setEnv), staging in `tempDir` when given instead of RUNNER_TEMP.
 */
export function artifactServiceHere(tempDir?: string): ArtifactService {
  const { artifacts } = runnerEnvironment(process.env, process.cwd());
  return tempDir === undefined ? artifacts : { ...artifacts, tempDir };
}

/** Sets variables in this test process (the library reads process.env itself); returns the undo. */
export function setEnv(vars: Readonly<Record<string, string | undefined>>): () => void {
  const before = new Map(Object.keys(vars).map((k) => [k, process.env[k]] as const));
  for (const [k, v] of Object.entries(vars)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
  return () => {
    for (const [k, v] of before) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
  };
}
