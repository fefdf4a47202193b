import { createRequire as __benchtrendCreateRequire } from 'node:module';
const require = __benchtrendCreateRequire(import.meta.url);
import {
  evidenceFiles,
  uploadEvidence
} from "./chunk-IYSCDSB2.js";
import "./chunk-55CK4ZTA.js";
import "./chunk-NDU2IG35.js";
export {
  evidenceFiles,
  uploadEvidence
};
//# sourceMappingURL=evidence-OF4NGUSS.js.map
