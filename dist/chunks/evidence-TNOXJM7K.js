import { createRequire as __benchtrendCreateRequire } from 'node:module';
const require = __benchtrendCreateRequire(import.meta.url);
import {
  evidenceFiles,
  uploadEvidence
} from "./chunk-SMLKXAFH.js";
import "./chunk-XTEHSANM.js";
import "./chunk-ZVKCTJIW.js";
export {
  evidenceFiles,
  uploadEvidence
};
//# sourceMappingURL=evidence-TNOXJM7K.js.map
