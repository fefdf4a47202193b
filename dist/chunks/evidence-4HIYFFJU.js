import { createRequire as __benchtrendCreateRequire } from 'node:module';
const require = __benchtrendCreateRequire(import.meta.url);
import {
  evidenceFiles,
  uploadEvidence
} from "./chunk-VBANNXIO.js";
import "./chunk-Q3MYI4BF.js";
import "./chunk-TKEXHHP4.js";
export {
  evidenceFiles,
  uploadEvidence
};
//# sourceMappingURL=evidence-4HIYFFJU.js.map
