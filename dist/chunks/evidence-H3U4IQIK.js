import { createRequire as __benchtrendCreateRequire } from 'node:module';
const require = __benchtrendCreateRequire(import.meta.url);
import {
  evidenceFiles,
  uploadEvidence
} from "./chunk-VXUEQF3V.js";
import "./chunk-AIMTR6O6.js";
import "./chunk-IEPS4PPR.js";
export {
  evidenceFiles,
  uploadEvidence
};
//# sourceMappingURL=evidence-H3U4IQIK.js.map
