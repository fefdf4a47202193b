import { createRequire as __benchtrendCreateRequire } from 'node:module';
const require = __benchtrendCreateRequire(import.meta.url);

// src/jobs/scale-out.ts
var MODES = ["publish", "collect", "merge"];
function attemptUrl(runUrl, attempt) {
  return attempt > 1 ? `${runUrl}/attempts/${attempt}` : runUrl;
}
function artifactUrl(context, id) {
  return context.runUrl ? `${context.runUrl}/artifacts/${id}` : void 0;
}

export {
  MODES,
  attemptUrl,
  artifactUrl
};
//# sourceMappingURL=chunk-WZQA34VS.js.map
