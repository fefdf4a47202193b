import { createRequire as __benchtrendCreateRequire } from 'node:module';
const require = __benchtrendCreateRequire(import.meta.url);
import {
  evidenceFiles,
  uploadEvidence
} from "./chunk-KU55UXVO.js";
import "./chunk-6NW2JNUG.js";
import "./chunk-7QWT2FI6.js";
export {
  evidenceFiles,
  uploadEvidence
};
//# sourceMappingURL=evidence-TB34AZMI.js.map
