/**
 * `dl-timing-json: {...}` lines as a launcher prints them amid its other output, one per run:
 * `{"total": 5.9, "stages": [{"stage": "host-prep", "seconds": 0.1, "outcome": "ok", ...}]}`.
 * Each line is one run. A stage whose outcome is not `ok` timed a failure: left out of the
 * median and counted as failed. A stage a run did not report is absent, never zero. `total` is
 * the in-process total, its own case as in bench records. Spans and prewarm details are not cases.
 */
import { InputError, type Metric } from '../core/model.js';
import { shapeOf, type Format } from './format.js';
import { child, expectArray, expectNumber, expectObject, expectString } from './json-fields.js';
import { makeRecord, sampledMetric } from './metrics.js';
import { lineError, numberedLines } from './text-lines.js';

const MARK = 'dl-timing-json:';
const EXPECTED = 'lines like `dl-timing-json: {"total": 2.2, "stages": [{"stage": "attach", "seconds": 1.4, "outcome": "ok"}]}`';

interface Run {
  readonly total?: number;
  readonly stages: Map<string, { seconds?: number; ok: boolean }>;
}

function readRun(file: string, json: string, n: number): Run {
  let data: unknown;
  try {
    data = JSON.parse(json);
  } catch (e) {
    throw lineError(file, n, `the dl-timing-json line is not JSON (${e instanceof Error ? e.message : String(e)})`);
  }
  // Fields are named after their line, `out.txt: line 7: stages[0].seconds`: a dl-timing file has
  // no other way to point at one.
  const where = `${file}: line ${n}`;
  const o = expectObject(where, data, '', 'a JSON object after "dl-timing-json:"');
  const stages = new Map<string, { seconds?: number; ok: boolean }>();
  expectArray(where, o['stages'] ?? [], 'stages', 'an array of stages').forEach((raw, i) => {
    const sp = child('stages', i);
    const s = expectObject(where, raw, sp, 'a stage object');
    const name = expectString(where, s['stage'], child(sp, 'stage'), 'the stage name');
    if (name === 'total') throw lineError(file, n, 'a stage is named "total", which is the name of the in-process total\'s case');
    if (stages.has(name)) throw lineError(file, n, `the stage "${name}" appears twice in one run`);
    const outcome = s['outcome'] ?? 'ok';
    const ok = outcome === 'ok';
    const seconds = s['seconds'] === null || s['seconds'] === undefined ? undefined : expectNumber(where, s['seconds'], child(sp, 'seconds'), 'a number of seconds');
    if (seconds !== undefined && seconds < 0) throw lineError(file, n, `stage "${name}" has negative seconds (${seconds})`);
    if (ok && seconds === undefined) throw lineError(file, n, `stage "${name}" is ok but has no seconds`);
    stages.set(name, { ...(seconds !== undefined ? { seconds } : {}), ok });
  });
  const total = o['total'] === null || o['total'] === undefined ? undefined : expectNumber(where, o['total'], 'total', 'a number of seconds');
  return { ...(total !== undefined ? { total } : {}), stages };
}

export const dlTimingJson: Format = {
  name: 'dl-timing-json',
  description: '`dl-timing-json: {...}` lines, one per run: stages and the in-process total in seconds, failed stages counted',
  detect: (text) => /dl-timing-json:\s*\{/.test(text),
  parse: (file, text, options) => {
    const runs: Run[] = [];
    for (const { text: line, line: n } of numberedLines(text)) {
      const at = line.indexOf(MARK);
      if (at < 0) continue;
      runs.push(readRun(file, line.slice(at + MARK.length).trim(), n));
    }
    if (runs.length === 0) throw new InputError(`${file}: no dl-timing-json line found; expected ${EXPECTED}`);
    const names: string[] = [];
    for (const r of runs) for (const name of r.stages.keys()) if (!names.includes(name)) names.push(name);
    const notes: string[] = [];
    const metrics: Metric[] = names.map((name) => {
      const failed = runs.filter((r) => r.stages.get(name)?.ok === false).length;
      if (failed > 0) notes.push(`stage "${name}" failed in ${failed} of ${runs.length} runs; those runs are left out of its median`);
      return sampledMetric(
        { name, unit: 's', direction: 'smaller', failed },
        runs.map((r) => {
          const s = r.stages.get(name);
          return s && s.ok && s.seconds !== undefined ? s.seconds : null;
        }),
      );
    });
    if (runs.some((r) => r.total !== undefined)) {
      metrics.push(sampledMetric({ name: 'total', unit: 's', direction: 'smaller' }, runs.map((r) => r.total ?? null)));
    }
    return [makeRecord({ file, format: 'dl-timing-json', shape: shapeOf(options, 'dl-timing-json'), metrics, runs: runs.length, notes, expected: EXPECTED })];
  },
};
