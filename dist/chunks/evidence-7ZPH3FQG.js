import { createRequire as __benchtrendCreateRequire } from 'node:module';
const require = __benchtrendCreateRequire(import.meta.url);
import {
  evidenceFiles,
  uploadEvidence
} from "./chunk-7ATDOLPK.js";
import "./chunk-Y4SMDZJI.js";
import "./chunk-ENGVZPUW.js";
export {
  evidenceFiles,
  uploadEvidence
};
//# sourceMappingURL=evidence-7ZPH3FQG.js.map
