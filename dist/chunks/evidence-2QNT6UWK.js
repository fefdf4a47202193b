import { createRequire as __benchtrendCreateRequire } from 'node:module';
const require = __benchtrendCreateRequire(import.meta.url);
import {
  evidenceFiles,
  uploadEvidence
} from "./chunk-AV4KBNVP.js";
import "./chunk-Z5J5HJDJ.js";
import "./chunk-WRTIW7BY.js";
export {
  evidenceFiles,
  uploadEvidence
};
//# sourceMappingURL=evidence-2QNT6UWK.js.map
