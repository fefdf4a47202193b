import { createRequire as __benchtrendCreateRequire } from 'node:module';
const require = __benchtrendCreateRequire(import.meta.url);
import {
  evidenceFiles,
  uploadEvidence
} from "./chunk-Z6KW63I5.js";
import "./chunk-MBWVAJAU.js";
import "./chunk-FNFVSK7W.js";
export {
  evidenceFiles,
  uploadEvidence
};
//# sourceMappingURL=evidence-2A63HI2Z.js.map
