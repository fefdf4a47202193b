import { createRequire as __benchtrendCreateRequire } from 'node:module';
const require = __benchtrendCreateRequire(import.meta.url);
import {
  evidenceFiles,
  uploadEvidence
} from "./chunk-VVMJYTRE.js";
import "./chunk-5LD23RPF.js";
import "./chunk-BLIY7YNS.js";
export {
  evidenceFiles,
  uploadEvidence
};
//# sourceMappingURL=evidence-3Z5ENJJJ.js.map
