import { createRequire as __benchtrendCreateRequire } from 'node:module';
const require = __benchtrendCreateRequire(import.meta.url);
import {
  attemptUrl
} from "./chunk-WZQA34VS.js";
import {
  evidenceFiles
} from "./chunk-MXDOWRW3.js";
import {
  uploadArtifact
} from "./chunk-2VL7CVKK.js";
import {
  COLLECTED_FILE,
  InputError,
  buildPayload,
  collectArtifactName,
  serializePayload
} from "./chunk-OMCQPCND.js";

// src/jobs/collect.ts
async function collect(input, context, settings) {
  const { problem } = context.artifacts;
  if (problem) throw new InputError(`mode: collect needs workflow artifacts, but ${problem}; use mode publish here`);
  const payload = buildPayload({
    suite: input.suite,
    commit: context.commit,
    runUrl: context.runUrl !== void 0 ? attemptUrl(context.runUrl, context.runAttempt) : void 0,
    collectedAt: context.now,
    job: { id: context.job, attempt: context.runAttempt },
    shapes: input.shapes,
    note: input.note,
    points: input.points
  });
  const name = collectArtifactName(input.suite, payload.shapes, context.runAttempt);
  const files = [{ name: COLLECTED_FILE, text: serializePayload(payload) }, ...input.evidence ? evidenceFiles(input.evidence) : []];
  const artifact = await uploadArtifact(context.artifacts, { name, retentionDays: settings.artifactRetentionDays, files });
  return { artifact, payload };
}
export {
  collect
};
//# sourceMappingURL=collect-ICUPS5KS.js.map
