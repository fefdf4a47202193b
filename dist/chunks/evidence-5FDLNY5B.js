import { createRequire as __benchtrendCreateRequire } from 'node:module';
const require = __benchtrendCreateRequire(import.meta.url);
import {
  evidenceFiles,
  uploadEvidence
} from "./chunk-IRW6LVPZ.js";
import "./chunk-J3KLNACJ.js";
import "./chunk-3KKMHMT5.js";
export {
  evidenceFiles,
  uploadEvidence
};
//# sourceMappingURL=evidence-5FDLNY5B.js.map
