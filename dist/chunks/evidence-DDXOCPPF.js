import { createRequire as __benchtrendCreateRequire } from 'node:module';
const require = __benchtrendCreateRequire(import.meta.url);
import {
  evidenceFiles,
  uploadEvidence
} from "./chunk-MXDOWRW3.js";
import "./chunk-2VL7CVKK.js";
import "./chunk-OMCQPCND.js";
export {
  evidenceFiles,
  uploadEvidence
};
//# sourceMappingURL=evidence-DDXOCPPF.js.map
