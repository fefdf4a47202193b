/**
 * hyperfine's `--export-json`: one result per command, `times[]` in seconds are the runs. A run
 * whose `exit_codes` entry is not 0 (hyperfine kept it only because of `--ignore-failure`) timed a
 * failure, not the command: it is left out of the median and counted as failed. A command that
 * exits non-zero by design can be wrapped (`sh -c 'cmd; true'`) to be timed. `parameters` of a
 * `--parameter-scan`/`-L` run ride along in the extra text.
 */
import { InputError, type Metric } from '../core/model.js';
import { shapeOf, type Format } from './format.js';
import { child, expectArray, expectNumber, expectObject, expectString, isObject, notFormat, optionalNumber } from './json-fields.js';
import { parseJsonText, peekJson } from './json-text.js';
import { makeRecord, sampledMetric, summaryMetric } from './metrics.js';

const EXPECTED = 'an object with a "results" array of {"command", "times", ...} (hyperfine --export-json)';

export const hyperfine: Format = {
  name: 'hyperfine',
  description: 'hyperfine --export-json: times[] become runs in seconds; failing runs are counted, parameters kept',
  detect: (text) => {
    const v = peekJson(text);
    if (!isObject(v) || !Array.isArray(v['results'])) return false;
    const first = (v['results'] as unknown[])[0];
    return isObject(first) && 'command' in first && ('times' in first || 'mean' in first);
  },
  parse: (file, text, options) => {
    const data = parseJsonText(file, text);
    if (!isObject(data) || !Array.isArray(data['results'])) throw notFormat(file, 'hyperfine', EXPECTED, data);
    const results = expectArray(file, data['results'], 'results').map((raw, i) => {
      const path = child('results', i);
      const r = expectObject(file, raw, path);
      const params = r['parameters'];
      const paramText = isObject(params) ? Object.entries(params).map(([k, v]) => `${k}=${String(v)}`).join(' ') : '';
      return { r, path, command: expectString(file, r['command'], child(path, 'command'), 'the command'), paramText };
    });
    const seen = new Map<string, number>();
    for (const x of results) seen.set(x.command, (seen.get(x.command) ?? 0) + 1);
    // One `-n NAME` over several commands and a `-L` list names every result NAME; the parameters
    // tell the values apart but not the commands, which hyperfine writes in command-line order
    // within each combination of values, so that order (`#2`: the second command) is kept.
    const keyOf = (x: { command: string; paramText: string }): string => JSON.stringify([x.command, x.paramText]);
    const sameParams = new Map<string, number>();
    for (const x of results) sameParams.set(keyOf(x), (sameParams.get(keyOf(x)) ?? 0) + 1);
    const occurrence = new Map<string, number>();
    const notes: string[] = [];
    const ambiguous = new Set<string>();
    const metrics: Metric[] = results.map(({ r, path, command, paramText }, i) => {
      const twice = (seen.get(command) ?? 0) > 1;
      const key = keyOf({ command, paramText });
      const k = (occurrence.get(key) ?? 0) + 1;
      occurrence.set(key, k);
      const byOrder = paramText !== '' && (sameParams.get(key) ?? 0) > 1;
      if (byOrder) ambiguous.add(command);
      const name = !twice ? command : byOrder ? `${command} (${paramText} #${k})` : `${command} (${paramText || `#${i + 1}`})`;
      const spec = { name, unit: 's', direction: 'smaller' as const, ...(paramText ? { extra: paramText } : {}) };
      const times = r['times'];
      if (Array.isArray(times)) {
        const tp = child(path, 'times');
        if (times.length === 0) throw new InputError(`${file}: ${tp} is empty: "${name}" has no run to take a point from (hyperfine writes one time per run)`);
        const values = times.map((t, k) => expectNumber(file, t, child(tp, k), 'a time in seconds'));
        const codes = r['exit_codes'];
        const exit = Array.isArray(codes) ? codes.map((c, k) => (c === null ? 0 : expectNumber(file, c, child(child(path, 'exit_codes'), k), 'an exit code'))) : [];
        const failing = exit.map((c, k) => (c !== 0 && k < values.length ? k : -1)).filter((k) => k >= 0);
        if (failing.length > 0) {
          const codesText = [...new Set(failing.map((k) => exit[k]))].join(', ');
          notes.push(`"${name}" exited non-zero in ${failing.length} of ${values.length} runs (exit code ${codesText}); those runs are left out`);
        }
        return sampledMetric({ ...spec, failed: failing.length }, values.map((v, k) => (failing.includes(k) ? null : v)));
      }
      const centre = optionalNumber(file, r, 'median', path) ?? expectNumber(file, r['mean'], child(path, 'mean'), 'the mean time in seconds');
      const lo = optionalNumber(file, r, 'min', path);
      const hi = optionalNumber(file, r, 'max', path);
      const sd = optionalNumber(file, r, 'stddev', path);
      return summaryMetric(spec, {
        value: centre,
        ...(lo !== undefined ? { lo } : {}),
        ...(hi !== undefined ? { hi } : {}),
        ...(sd !== undefined ? { stdev: sd } : {}),
      });
    });
    for (const command of ambiguous) {
      notes.push(
        `"${command}" names several commands under the same parameters; they are told apart by their order (#1 is the first command), so reordering the commands swaps their cases: give each command its own -n`,
      );
    }
    return [makeRecord({ file, format: 'hyperfine', shape: shapeOf(options, 'hyperfine'), metrics, notes, expected: EXPECTED })];
  },
};
