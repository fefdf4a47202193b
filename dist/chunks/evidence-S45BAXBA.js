import { createRequire as __benchtrendCreateRequire } from 'node:module';
const require = __benchtrendCreateRequire(import.meta.url);
import {
  evidenceFiles,
  uploadEvidence
} from "./chunk-U4LHEDJG.js";
import "./chunk-2NY46LBV.js";
import "./chunk-OMI4NXR2.js";
export {
  evidenceFiles,
  uploadEvidence
};
//# sourceMappingURL=evidence-S45BAXBA.js.map
