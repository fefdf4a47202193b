/**
 * Julia BenchmarkTools' `BenchmarkTools.save("out.json", results)`: `[versions, [groups]]`, each
 * group `["BenchmarkGroup", {data: {key: group | trial}}]`. A `TrialEstimate` (the usual
 * `median(results)`) is a summary in ns; a raw `Trial` keeps its sample `times` as runs. Cases are
 * named by their keys joined with `/`, as github-action-benchmark names them.
 */
import { InputError, type Metric } from '../core/model.js';
import { describeValue } from '../core/schema-error.js';
import { shapeOf, type Format } from './format.js';
import { child, expectArray, expectNumber, expectObject, isObject, notFormat } from './json-fields.js';
import { parseJsonText, peekJson } from './json-text.js';
import { makeRecord, sampledMetric, summaryMetric } from './metrics.js';

const EXPECTED = '`[{"Julia": ..., "BenchmarkTools": ...}, [["BenchmarkGroup", {...}]]]` (BenchmarkTools.save output)';

function paramsText(file: string, est: Readonly<Record<string, unknown>>, path: string): string {
  const params = est['params'];
  return Array.isArray(params) && params.length > 1 ? JSON.stringify(params[1]) : describeValue(expectObject(file, params, child(path, 'params')));
}

function walk(file: string, node: unknown, path: string, labels: readonly string[], out: Metric[]): void {
  const pair = expectArray(file, node, path, '["BenchmarkGroup" | "TrialEstimate" | "Trial", {...}]');
  const kind = pair[0];
  const body = expectObject(file, pair[1], child(path, 1));
  const name = labels.join('/');
  if (kind === 'BenchmarkGroup') {
    const data = expectObject(file, body['data'], child(child(path, 1), 'data'));
    for (const key in data) walk(file, data[key], child(child(child(path, 1), 'data'), key), [...labels, key], out);
    return;
  }
  const bp = child(path, 1);
  if (kind === 'TrialEstimate') {
    const time = expectNumber(file, body['time'], child(bp, 'time'), 'a time in ns');
    const extra = `gctime=${String(body['gctime'])}\nmemory=${String(body['memory'])}\nallocs=${String(body['allocs'])}\nparams=${paramsText(file, body, bp)}`;
    out.push(summaryMetric({ name, unit: 'ns', direction: 'smaller', extra }, { value: time }));
    return;
  }
  if (kind === 'Trial') {
    const times = expectArray(file, body['times'], child(bp, 'times'), 'the sample times in ns').map((t, i) => expectNumber(file, t, child(child(bp, 'times'), i)));
    const extra = `memory=${String(body['memory'])}\nallocs=${String(body['allocs'])}\nparams=${paramsText(file, body, bp)}`;
    out.push(sampledMetric({ name, unit: 'ns', direction: 'smaller', extra }, times));
    return;
  }
  throw new InputError(`${file}: ${path} is a ${describeValue(kind)}; expected a BenchmarkGroup, TrialEstimate or Trial`);
}

export const julia: Format = {
  name: 'julia',
  description: 'Julia BenchmarkTools.save JSON: TrialEstimate as a summary in ns, Trial samples as runs',
  detect: (text) => {
    const v = peekJson(text);
    return Array.isArray(v) && v.length === 2 && isObject(v[0]) && ('BenchmarkTools' in v[0] || 'Julia' in v[0]) && Array.isArray(v[1]);
  },
  parse: (file, text, options) => {
    const data = parseJsonText(file, text);
    if (!Array.isArray(data) || data.length !== 2 || !Array.isArray(data[1])) throw notFormat(file, 'Julia BenchmarkTools', EXPECTED, data);
    const metrics: Metric[] = [];
    (data[1] as unknown[]).forEach((group, i) => walk(file, group, `[1][${i}]`, [], metrics));
    return [makeRecord({ file, format: 'julia', shape: shapeOf(options, 'julia'), metrics, expected: EXPECTED })];
  },
};
