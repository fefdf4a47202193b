import { createRequire as __benchtrendCreateRequire } from 'node:module';
const require = __benchtrendCreateRequire(import.meta.url);
import {
  bareCommit,
  findRunPullRequest,
  judgeWithTrend,
  mapLimit,
  mergeGroup,
  notPublishing,
  publishJudged,
  publishesOn,
  pullRequest,
  runContext,
  tellComparison,
  workflowRunFromEvent
} from "./chunk-GZKZMJLE.js";
import {
  ArtifactError,
  ArtifactServiceError,
  downloadForeignArtifactZip,
  downloadRunArtifactZip,
  listForeignRunArtifacts,
  listRunArtifacts
} from "./chunk-2VL7CVKK.js";
import {
  COLLECTED_FILE,
  COLLECT_PREFIX,
  InputError,
  MAX_FOREIGN_ARTIFACT_BYTES,
  MAX_FOREIGN_PAYLOAD_BYTES,
  group,
  info,
  mergeCollected,
  parseForeignPayload,
  parsePayload,
  seconds,
  setOutput,
  warning
} from "./chunk-OMCQPCND.js";

// src/jobs/merge.ts
import { mkdtemp, rm } from "node:fs/promises";
import { join } from "node:path";

// src/core/zip-entry.ts
import { inflateRawSync } from "node:zlib";
var EOCD = 101010256;
var CENTRAL = 33639248;
var LOCAL = 67324752;
var ZipError = class extends Error {
  name = "ZipError";
};
function endOfCentralDirectory(zip) {
  const stop = Math.max(0, zip.length - 22 - 65535);
  for (let i = zip.length - 22; i >= stop; i--) if (zip.readUInt32LE(i) === EOCD) return i;
  throw new ZipError("not a zip archive (no end of central directory)");
}
function readZipEntry(zip, name, maxBytes) {
  if (zip.length < 22) throw new ZipError("not a zip archive (too short)");
  const end = endOfCentralDirectory(zip);
  const count = zip.readUInt16LE(end + 10);
  const size = zip.readUInt32LE(end + 12);
  const offset = zip.readUInt32LE(end + 16);
  if (count === 65535 || size === 4294967295 || offset === 4294967295) throw new ZipError("zip64 archives are not read");
  if (offset + size > end) throw new ZipError("the central directory lies outside the archive");
  let at = offset;
  for (let n = 0; n < count; n++) {
    if (at + 46 > end || zip.readUInt32LE(at) !== CENTRAL) throw new ZipError(`central directory entry ${n} is damaged`);
    const flags = zip.readUInt16LE(at + 8);
    const method = zip.readUInt16LE(at + 10);
    const compressed = zip.readUInt32LE(at + 20);
    const uncompressed = zip.readUInt32LE(at + 24);
    const nameLength = zip.readUInt16LE(at + 28);
    const extraLength = zip.readUInt16LE(at + 30);
    const commentLength = zip.readUInt16LE(at + 32);
    const local = zip.readUInt32LE(at + 42);
    const entryName = zip.toString("utf8", at + 46, at + 46 + nameLength);
    at += 46 + nameLength + extraLength + commentLength;
    if (entryName !== name) continue;
    if (flags & 1) throw new ZipError(`${name} is encrypted`);
    if (uncompressed > maxBytes) throw new ZipError(`${name} is ${uncompressed} bytes, over the limit of ${maxBytes}`);
    if (local + 30 > zip.length || zip.readUInt32LE(local) !== LOCAL) throw new ZipError(`the local header of ${name} is damaged`);
    const data = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    if (data + compressed > zip.length) throw new ZipError(`${name} runs past the end of the archive`);
    const bytes = zip.subarray(data, data + compressed);
    if (method === 0) return Buffer.from(bytes);
    if (method !== 8) throw new ZipError(`${name} uses compression method ${method}; only stored and deflated entries are read`);
    try {
      return inflateRawSync(bytes, { maxOutputLength: maxBytes });
    } catch (e) {
      const code = e.code;
      if (code === "ERR_BUFFER_TOO_LARGE") throw new ZipError(`${name} inflates past the limit of ${maxBytes} bytes`);
      throw new ZipError(`${name} does not inflate: ${e instanceof Error ? e.message : String(e)}`);
    }
  }
  return void 0;
}

// src/jobs/merge.ts
var DOWNLOAD_LANES = 4;
var MAX_RUN_PAYLOAD_BYTES = 512 * 1024 * 1024;
function notCollected(artifact, prefix) {
  return new InputError(`artifact ${artifact}: holds no ${COLLECTED_FILE}; only benchtrend with mode: collect uploads artifacts named ${prefix}*`);
}
function collectedText(zip, name, prefix, maxBytes) {
  let bytes;
  try {
    bytes = readZipEntry(zip, COLLECTED_FILE, maxBytes);
  } catch (e) {
    throw new InputError(`artifact ${name}: ${e instanceof ZipError ? e.message : "not a readable zip"}`);
  }
  if (bytes === void 0) throw notCollected(name, prefix);
  return bytes.toString("utf8");
}
async function merge(context, prefix = COLLECT_PREFIX) {
  const service = context.artifacts;
  if (service.problem) throw new InputError(`mode: merge needs workflow artifacts, but ${service.problem}`);
  const artifacts = await listRunArtifacts(service, prefix);
  if (artifacts.length === 0) {
    throw new InputError(
      `mode: merge found no artifact named ${prefix}* in this workflow run; run the bench jobs with mode: collect and list them under this job's needs`
    );
  }
  const root = await mkdtemp(join(service.tempDir, "benchtrend-merge-"));
  try {
    const payloads = await mapLimit(artifacts, DOWNLOAD_LANES, async (a) => {
      const zip = await downloadRunArtifactZip(service, a, join(root, String(a.id)));
      return { artifact: a.name, payload: parsePayload(a.name, collectedText(zip, a.name, prefix, MAX_RUN_PAYLOAD_BYTES)) };
    });
    return { ...mergeCollected(payloads), artifacts };
  } finally {
    await rm(root, { recursive: true, force: true });
  }
}
async function mergeForeignRun(run, headSha, context, prefix = COLLECT_PREFIX) {
  const service = context.artifacts;
  if (service.serverProblem) throw new InputError(`mode: merge on a workflow_run needs workflow artifacts, but ${service.serverProblem}`);
  const artifacts = await listForeignRunArtifacts(service, run, prefix);
  if (artifacts.length === 0) {
    throw new InputError(`mode: merge found no artifact named ${prefix}* in workflow run ${run.runId}; run its bench jobs with mode: collect`);
  }
  const refused = [];
  let failingSince;
  const read = await mapLimit(artifacts, DOWNLOAD_LANES, async (a) => {
    const started = performance.now();
    try {
      const left = failingSince === void 0 ? service.budgetMs : service.budgetMs - (started - failingSince);
      if (left <= 0) throw new ArtifactError(`artifact ${a.name}: not downloaded: the artifact downloads have failed for ${seconds(service.budgetMs)}, all the time benchtrend gives them`);
      const zip = await downloadForeignArtifactZip({ ...service, budgetMs: left }, run, a, MAX_FOREIGN_ARTIFACT_BYTES).catch((e) => {
        if (e instanceof ArtifactServiceError) failingSince = Math.min(failingSince ?? started, started);
        throw e;
      });
      failingSince = void 0;
      return { artifact: a.name, payload: parseForeignPayload(a.name, collectedText(zip, a.name, prefix, MAX_FOREIGN_PAYLOAD_BYTES), headSha) };
    } catch (e) {
      if (!(e instanceof InputError) && !(e instanceof ArtifactError)) throw e;
      refused.push(e.message);
      return void 0;
    }
  });
  const payloads = read.filter((p) => p !== void 0);
  if (payloads.length === 0) {
    throw new InputError(refused.length === 1 ? refused[0] : `no collected artifact of workflow run ${run.runId} could be read: ${refused.join("; ")}`);
  }
  return { ...mergeCollected(payloads), artifacts, refused: refused.sort() };
}

// src/action/merge.ts
async function runMerge(settings, runner) {
  if (runner.eventName === "workflow_run") return mergeWorkflowRun(settings, runner);
  const pr = pullRequest(runner);
  const group2 = mergeGroup(runner);
  const skip = pr || group2 ? void 0 : notPublishing(runner.eventName, runner.payload);
  if (skip !== void 0) {
    info(skip);
    return void 0;
  }
  const context = runContext(runner, bareCommit(runner, group2?.head ?? runner.sha));
  const merged = await group("Downloading collected artifacts", () => merge(context));
  const against = group2 ? { base: group2.base, why: group2.why } : void 0;
  return mergedOutcome(settings, runner, merged, pr || group2 || !settings.autoPush ? { prs: pr ? [pr] : [], heading: () => "### benchtrend merge", ...against ? { against } : {} } : void 0);
}
async function mergedOutcome(settings, runner, merged, compare) {
  for (const w of merged.warnings) warning(w);
  setOutput("merged-artifacts", String(merged.used.length));
  if (compare) {
    const suites = merged.groups.map((g) => ({ suite: g.suite, sha: g.commit.sha, points: g.points }));
    const judged2 = await judgeWithTrend(settings, runner, suites, compare.prs.length > 0, compare.against);
    const reports = [];
    let regressions = [];
    for (const pr of compare.prs.length > 0 ? compare.prs : [void 0]) {
      const told = await tellComparison(settings, runner, pr, judged2, void 0, compare.against);
      regressions = told.regressions;
      reports.push([compare.heading(pr), "", ...told.tables].join("\n"));
    }
    return { regressions, report: reports.join("\n\n") };
  }
  const judged = await publishJudged(settings, runner, merged.groups, false);
  const points = merged.groups.reduce((n, g) => n + g.points.length, 0);
  const report = [
    `### benchtrend merge`,
    "",
    `${merged.used.length} collected artifact${merged.used.length === 1 ? "" : "s"}, ${points} points in ${merged.groups.length} suite${merged.groups.length === 1 ? "" : "s"}.`,
    "",
    judged.table("Regressions")
  ].join("\n");
  return { regressions: judged.regressions, report };
}
async function pullRequestsOfRun(settings, runner, run) {
  const heads = run.pullRequests.filter((p) => p.head === run.headSha);
  const listed = heads.length > 0 ? heads : run.pullRequests.slice(0, 1);
  if (listed.length > 0) return { prs: listed };
  const where = `${run.headSha.slice(0, 7)}${run.headOwner && run.headBranch ? ` (${run.headOwner}:${run.headBranch})` : ""}`;
  try {
    const found = await findRunPullRequest(
      {
        token: settings.token ?? "",
        baseUrl: runner.apiUrl,
        repository: runner.repository ?? "",
        timeoutMs: runner.bounds.requestMs,
        budgetMs: runner.bounds.budgetMs,
        log: (l) => info(l)
      },
      { headSha: run.headSha, headOwner: run.headOwner, headBranch: run.headBranch }
    );
    if (found.pullRequest) {
      const prs = [found.pullRequest, ...found.more ?? []];
      const how = found.source === "head" ? "head branch" : "commit";
      info(
        prs.length === 1 ? `Pull request #${prs[0].number} found by its ${how}` : `Pull requests ${prs.map((p) => `#${p.number}`).join(", ").replace(/, ([^,]*)$/, " and $1")} found by their ${how}`
      );
      return { prs };
    }
  } catch (e) {
    return { warning: `No comment was written: the pull request of ${where} could not be looked up: ${e instanceof Error ? e.message : String(e)}` };
  }
  return { warning: `No comment was written: no open pull request of ${runner.repository ?? "this repository"} has the head ${where} that workflow run ${run.runId} benched` };
}
var MAX_RUN_PULL_REQUESTS = 5;
async function mergeWorkflowRun(settings, runner) {
  const problem = runner.artifacts.serverProblem;
  if (problem) throw new InputError(`mode: merge on a workflow_run needs workflow artifacts, but ${problem}`);
  const run = workflowRunFromEvent(runner.payload, runner.repository);
  if (!run) throw new InputError("the workflow_run event payload has no workflow_run.id and head_sha: nothing to merge");
  const isPull = run.event.startsWith("pull_request");
  if (run.event === "merge_group") {
    info(
      `Workflow run ${run.runId} was triggered by a merge_group event: nothing is merged or published here. A merge queue's points are compared with the trend in the merge_group run itself (this action there, in mode publish, or collect then merge), where fail-on-regression can hold the queue`
    );
    return void 0;
  }
  if (!isPull && !publishesOn(run.event)) {
    info(`Workflow run ${run.runId} was triggered by a ${run.event || "unknown"} event, which does not publish; push, workflow_dispatch and schedule do`);
    return void 0;
  }
  if (!settings.token || !runner.repository) {
    throw new InputError("mode: merge on a workflow_run needs github-token (with actions: read) to download the artifacts of the triggering run");
  }
  let prs = [];
  if (isPull) {
    const found = await group("Finding the pull request", () => pullRequestsOfRun(settings, runner, run));
    if ("warning" in found) {
      warning(found.warning);
      return void 0;
    }
    prs = found.prs;
    if (prs.length > MAX_RUN_PULL_REQUESTS) {
      const left = prs.slice(MAX_RUN_PULL_REQUESTS).map((p) => `#${p.number}`);
      warning(
        `${prs.length} open pull requests have the head ${run.headSha.slice(0, 7)}: comments were written on the first ${MAX_RUN_PULL_REQUESTS} found, not on ${left.slice(0, 10).join(", ")}${left.length > 10 ? ` and ${left.length - 10} more` : ""}`
      );
      prs = prs.slice(0, MAX_RUN_PULL_REQUESTS);
    }
  }
  const context = runContext(runner, bareCommit(runner, run.headSha));
  const merged = await group(
    `Downloading the collected artifacts of workflow run ${run.runId}`,
    () => mergeForeignRun({ repository: runner.repository, apiUrl: runner.apiUrl, runId: run.runId, token: settings.token }, run.headSha, context)
  );
  for (const line of merged.refused) warning(line);
  if (prs.length === 0) return mergedOutcome(settings, runner, merged, settings.autoPush ? void 0 : { prs: [], heading: () => "### benchtrend merge" });
  return mergedOutcome(settings, runner, merged, { prs: prs.map((pr) => ({ ...pr, head: run.headSha })), heading: (pr) => `### benchtrend merge of pull request #${pr?.number ?? ""}` });
}
export {
  runMerge
};
//# sourceMappingURL=merge-B2MLYF6K.js.map
