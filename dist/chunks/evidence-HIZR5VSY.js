import { createRequire as __benchtrendCreateRequire } from 'node:module';
const require = __benchtrendCreateRequire(import.meta.url);
import {
  evidenceFiles,
  uploadEvidence
} from "./chunk-ONDOOAK3.js";
import "./chunk-6ATDL7AV.js";
import "./chunk-AQJJIA23.js";
export {
  evidenceFiles,
  uploadEvidence
};
//# sourceMappingURL=evidence-HIZR5VSY.js.map
