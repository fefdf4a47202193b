import { createRequire as __benchtrendCreateRequire } from 'node:module';
const require = __benchtrendCreateRequire(import.meta.url);
import {
  evidenceFiles,
  uploadEvidence
} from "./chunk-KXUDN7FG.js";
import "./chunk-GDFESQ4C.js";
import "./chunk-G4D5NFQU.js";
export {
  evidenceFiles,
  uploadEvidence
};
//# sourceMappingURL=evidence-3EI5VD34.js.map
