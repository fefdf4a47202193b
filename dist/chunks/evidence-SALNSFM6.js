import { createRequire as __benchtrendCreateRequire } from 'node:module';
const require = __benchtrendCreateRequire(import.meta.url);
import {
  evidenceFiles,
  uploadEvidence
} from "./chunk-APH2DU3F.js";
import "./chunk-UA6UTI4S.js";
import "./chunk-DYR6HQ7K.js";
export {
  evidenceFiles,
  uploadEvidence
};
//# sourceMappingURL=evidence-SALNSFM6.js.map
