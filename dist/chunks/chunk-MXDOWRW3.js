import { createRequire as __benchtrendCreateRequire } from 'node:module';
const require = __benchtrendCreateRequire(import.meta.url);
import {
  recordEntries,
  uploadRunArtifact
} from "./chunk-2VL7CVKK.js";
import {
  runArtifactName
} from "./chunk-OMCQPCND.js";

// src/jobs/evidence.ts
function evidenceFiles(evidence) {
  const files = recordEntries(evidence.records, evidence.cwd);
  if (evidence.cases !== void 0) files.push({ name: "cases.json", text: evidence.cases });
  if (evidence.report !== void 0) files.push({ name: "report.md", text: evidence.report });
  return files;
}
async function uploadEvidence(settings, context, run) {
  const name = runArtifactName(run.suite, run.shapes, context.runAttempt, settings.artifactName);
  if (!settings.artifact) return { status: "skipped", name, reason: "input artifact is false" };
  return uploadRunArtifact(context.artifacts, { name, retentionDays: settings.artifactRetentionDays, files: evidenceFiles(run.evidence) });
}

export {
  evidenceFiles,
  uploadEvidence
};
//# sourceMappingURL=chunk-MXDOWRW3.js.map
