import { createRequire as __benchtrendCreateRequire } from 'node:module';
const require = __benchtrendCreateRequire(import.meta.url);
import {
  evidenceFiles,
  uploadEvidence
} from "./chunk-JV7S65TS.js";
import "./chunk-SZF7SUN3.js";
import "./chunk-OMCQPCND.js";
export {
  evidenceFiles,
  uploadEvidence
};
//# sourceMappingURL=evidence-IKQ7HVYY.js.map
