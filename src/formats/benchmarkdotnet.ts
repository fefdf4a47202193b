/**
 * BenchmarkDotNet's JSON exporter (`--exporters json`). `Statistics.OriginalValues` are the
 * workload iterations in ns per operation: the runs. Without them the point is the tool's median
 * with its quartiles. With the memory diagnoser, the bytes allocated per operation are their own
 * case, `<name> - B/op`. A benchmark that did not run (no statistics) is counted as failed.
 */
import type { Metric } from '../core/model.js';
import { shapeOf, type Format } from './format.js';
import { child, expectArray, expectNumber, expectObject, expectString, isFiniteNumber, isObject, notFormat } from './json-fields.js';
import { parseJsonText, peekJson } from './json-text.js';
import { makeRecord, sampledMetric, summaryMetric } from './metrics.js';

const EXPECTED = 'an object with a "Benchmarks" array (BenchmarkDotNet JSON exporter)';

export const benchmarkdotnet: Format = {
  name: 'benchmarkdotnet',
  description: 'BenchmarkDotNet JSON exporter output, in ns; OriginalValues become runs, allocations per op their own case',
  detect: (text) => {
    const v = peekJson(text);
    if (!isObject(v) || !Array.isArray(v['Benchmarks'])) return false;
    const first = (v['Benchmarks'] as unknown[])[0];
    return isObject(first) && ('FullName' in first || 'Statistics' in first);
  },
  parse: (file, text, options) => {
    const data = parseJsonText(file, text);
    if (!isObject(data) || !Array.isArray(data['Benchmarks'])) throw notFormat(file, 'BenchmarkDotNet', EXPECTED, data);
    const entries = expectArray(file, data['Benchmarks'], 'Benchmarks').map((raw, i) => {
      const path = child('Benchmarks', i);
      const b = expectObject(file, raw, path);
      return { b, path, name: expectString(file, b['FullName'], child(path, 'FullName'), 'the benchmark name') };
    });
    // Several jobs (runtimes, configurations) run the same method; their DisplayInfo tells them apart.
    const count = new Map<string, number>();
    for (const e of entries) count.set(e.name, (count.get(e.name) ?? 0) + 1);
    const notes: string[] = [];
    const metrics: Metric[] = [];
    for (const { b, path, name: full } of entries) {
      const job = typeof b['DisplayInfo'] === 'string' ? (b['DisplayInfo'] as string).split(': ').pop() : undefined;
      const name = (count.get(full) ?? 0) > 1 && job ? `${full} [${job}]` : full;
      const spec = { name, unit: 'ns', direction: 'smaller' as const };
      const stats = b['Statistics'];
      if (stats === null || stats === undefined) {
        notes.push(`${name}: no statistics (the benchmark did not run); counted as failed`);
        metrics.push({ ...spec, samples: [], failed: 1 });
        continue;
      }
      const sp = child(path, 'Statistics');
      const s = expectObject(file, stats, sp);
      const original = s['OriginalValues'];
      if (Array.isArray(original) && original.length > 0) {
        metrics.push(sampledMetric(spec, original.map((v, i) => expectNumber(file, v, child(child(sp, 'OriginalValues'), i), 'a time in ns'))));
      } else {
        const num = (key: string): number => expectNumber(file, s[key], child(sp, key), 'a time in ns');
        const sd = s['StandardDeviation'];
        metrics.push(
          summaryMetric(spec, {
            value: num('Median'),
            lo: num('Q1'),
            hi: num('Q3'),
            ...(isFiniteNumber(sd) ? { stdev: sd, range: `± ${sd}` } : {}),
            ...(isFiniteNumber(s['N']) ? { samples: s['N'] } : {}),
          }),
        );
      }
      const memory = b['Memory'];
      if (isObject(memory) && memory['BytesAllocatedPerOperation'] !== undefined && memory['BytesAllocatedPerOperation'] !== null) {
        const bytes = expectNumber(file, memory['BytesAllocatedPerOperation'], child(child(path, 'Memory'), 'BytesAllocatedPerOperation'), 'a number of bytes');
        metrics.push(summaryMetric({ name: `${name} - B/op`, unit: 'B/op', direction: 'smaller' }, { value: bytes }));
      }
    }
    return [makeRecord({ file, format: 'benchmarkdotnet', shape: shapeOf(options, 'benchmarkdotnet'), metrics, notes, expected: EXPECTED })];
  },
};
