import { createRequire as __benchtrendCreateRequire } from 'node:module';
const require = __benchtrendCreateRequire(import.meta.url);
import {
  evidenceFiles,
  uploadEvidence
} from "./chunk-OG7O2MT7.js";
import "./chunk-I7QAZFMS.js";
import "./chunk-OMCQPCND.js";
export {
  evidenceFiles,
  uploadEvidence
};
//# sourceMappingURL=evidence-GOPV4DPE.js.map
