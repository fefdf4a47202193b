import { createRequire as __benchtrendCreateRequire } from 'node:module';
const require = __benchtrendCreateRequire(import.meta.url);
import {
  evidenceFiles,
  uploadEvidence
} from "./chunk-5I2VOQAW.js";
import "./chunk-BNLQC6LY.js";
import "./chunk-OHVSEKR4.js";
export {
  evidenceFiles,
  uploadEvidence
};
//# sourceMappingURL=evidence-URGUCKXM.js.map
