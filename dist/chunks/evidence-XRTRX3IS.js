import { createRequire as __benchtrendCreateRequire } from 'node:module';
const require = __benchtrendCreateRequire(import.meta.url);
import {
  evidenceFiles,
  uploadEvidence
} from "./chunk-XI6VSUGR.js";
import "./chunk-G6JK5SWH.js";
import "./chunk-ZT4ILZNT.js";
export {
  evidenceFiles,
  uploadEvidence
};
//# sourceMappingURL=evidence-XRTRX3IS.js.map
