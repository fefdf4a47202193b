import { createRequire as __benchtrendCreateRequire } from 'node:module';
const require = __benchtrendCreateRequire(import.meta.url);
import {
  evidenceFiles,
  uploadEvidence
} from "./chunk-Z43U2U7V.js";
import "./chunk-KJXLU2KV.js";
import "./chunk-VAFZW2JI.js";
export {
  evidenceFiles,
  uploadEvidence
};
//# sourceMappingURL=evidence-G3EPP3TS.js.map
