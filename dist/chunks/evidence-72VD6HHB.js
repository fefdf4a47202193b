import { createRequire as __benchtrendCreateRequire } from 'node:module';
const require = __benchtrendCreateRequire(import.meta.url);
import {
  evidenceFiles,
  uploadEvidence
} from "./chunk-ZQFA3ASU.js";
import "./chunk-ZHAAPDMI.js";
import "./chunk-HZQS2AHU.js";
export {
  evidenceFiles,
  uploadEvidence
};
//# sourceMappingURL=evidence-72VD6HHB.js.map
