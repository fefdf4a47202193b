import { createRequire as __benchtrendCreateRequire } from 'node:module';
const require = __benchtrendCreateRequire(import.meta.url);
import {
  evidenceFiles,
  uploadEvidence
} from "./chunk-GI4MRCDW.js";
import "./chunk-IPOTGGM7.js";
import "./chunk-HEWF3NWY.js";
export {
  evidenceFiles,
  uploadEvidence
};
//# sourceMappingURL=evidence-L5MU4TG3.js.map
