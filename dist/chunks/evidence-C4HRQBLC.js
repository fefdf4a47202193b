import { createRequire as __benchtrendCreateRequire } from 'node:module';
const require = __benchtrendCreateRequire(import.meta.url);
import {
  evidenceFiles,
  uploadEvidence
} from "./chunk-JKJDNXRI.js";
import "./chunk-LQWHFZJU.js";
import "./chunk-OMCQPCND.js";
export {
  evidenceFiles,
  uploadEvidence
};
//# sourceMappingURL=evidence-C4HRQBLC.js.map
