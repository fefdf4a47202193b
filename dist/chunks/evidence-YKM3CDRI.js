import { createRequire as __benchtrendCreateRequire } from 'node:module';
const require = __benchtrendCreateRequire(import.meta.url);
import {
  evidenceFiles,
  uploadEvidence
} from "./chunk-F2F5YUY3.js";
import "./chunk-UR5RLZUI.js";
import "./chunk-PZZDHUFT.js";
export {
  evidenceFiles,
  uploadEvidence
};
//# sourceMappingURL=evidence-YKM3CDRI.js.map
