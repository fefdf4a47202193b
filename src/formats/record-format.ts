import type { Format } from './format.js';
import { isObject } from './json-fields.js';
import { peekJson } from './json-text.js';
import { parseRecord } from './record.js';

/** benchtrend's own bench record: the one format that names its shape itself. */
export const recordFormat: Format = {
  name: 'record',
  description: 'benchtrend bench records: one JSON object per invocation with runs and stages in seconds',
  detect: (text) => {
    const v = peekJson(text);
    return isObject(v) && typeof v['shape'] === 'string' && Array.isArray(v['runs']) && (v['runs'] as unknown[]).every(isObject);
  },
  parse: (file, text) => [parseRecord(file, text)],
};
