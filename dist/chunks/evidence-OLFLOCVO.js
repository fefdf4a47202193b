import { createRequire as __benchtrendCreateRequire } from 'node:module';
const require = __benchtrendCreateRequire(import.meta.url);
import {
  evidenceFiles,
  uploadEvidence
} from "./chunk-OVZCFLR3.js";
import "./chunk-AJ7SVIBO.js";
import "./chunk-2ZO6VWBS.js";
export {
  evidenceFiles,
  uploadEvidence
};
//# sourceMappingURL=evidence-OLFLOCVO.js.map
