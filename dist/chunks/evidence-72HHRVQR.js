import { createRequire as __benchtrendCreateRequire } from 'node:module';
const require = __benchtrendCreateRequire(import.meta.url);
import {
  evidenceFiles,
  uploadEvidence
} from "./chunk-VO2PB6U6.js";
import "./chunk-ND4U7V4H.js";
import "./chunk-T5QQSKS4.js";
export {
  evidenceFiles,
  uploadEvidence
};
//# sourceMappingURL=evidence-72HHRVQR.js.map
