/**
 * github-action-benchmark's custom formats: a JSON array of `{name, unit, value, range?, extra?}`.
 * The unit says which way is better where it can (times and sizes smaller, rates bigger), the
 * format's name only where it cannot, as for every other format and on import: a name picked for
 * a file of throughputs is a poor guess for the timings beside them (avalanchego's `ms/ggas`
 * under customBiggerIsBetter). Where the two disagree the record says so, naming the override.
 */
import { caseName } from '../core/cases.js';
import { directionOfUnit } from '../core/direction.js';
import { extraText } from '../core/text.js';
import { canConvert } from '../core/units.js';
import { InputError, type Direction, type Metric } from '../core/model.js';
import { describeValue } from '../core/schema-error.js';
import { shapeOf, type Format, type ParseOptions } from './format.js';
import { child, expectArray, expectNumber, expectObject, expectString, isObject, notFormat } from './json-fields.js';
import { parseJsonText, peekJson } from './json-text.js';
import { barOfRange, makeRecord, Readings } from './metrics.js';

const EXPECTED = 'a JSON array of {"name", "unit", "value"} entries (github-action-benchmark custom format)';

function looksCustom(text: string): boolean {
  const v = peekJson(text);
  return (
    Array.isArray(v) &&
    v.length > 0 &&
    v.every((e) => isObject(e) && typeof e['name'] === 'string' && typeof e['unit'] === 'string' && 'value' in e)
  );
}

/**
 * The shape and benchmark of an entry's name. A name that already reads `<shape> / <stage>` is one
 * benchtrend wrote (`benchtrend cases` prints this format), and keeps its shape, as the import of
 * github-action-benchmark's history keeps it: the flat array then publishes the cases its records
 * do, and an imported series of it goes on. Input `shape` names every entry's shape instead.
 */
function placeOf(name: string, shape: string | undefined, format: string): { shape: string; name: string } {
  const cut = name.indexOf(' / ');
  if (shape !== undefined || cut <= 0) return { shape: shape ?? format, name };
  return { shape: name.slice(0, cut), name: name.slice(cut + 3) };
}

function parseCustom(file: string, text: string, format: string, declared: Direction, options: ParseOptions): { shapes: { shape: string; metrics: Metric[] }[]; notes: string[] } {
  const data = parseJsonText(file, text);
  if (!Array.isArray(data)) throw notFormat(file, format, EXPECTED, data);
  const entries = expectArray(file, data, '', EXPECTED);
  const notes = new Map<string, string>();
  const byShape = new Map<string, Readings>();
  const readingsOf = (shape: string): Readings => {
    let readings = byShape.get(shape);
    if (!readings) {
      readings = new Readings(file, (unit, name) => {
        const unitSays = directionOfUnit(unit);
        const named = caseName(shape, name);
        if (unitSays !== undefined && unitSays !== declared && !notes.has(named) && !options.decided?.(named)) {
          notes.set(named, `${named}: its unit ${JSON.stringify(unit)} says ${unitSays} is better, ${format} says ${declared}; the unit is used (set direction-overrides to choose)`);
        }
        return unitSays ?? declared;
      });
      byShape.set(shape, readings);
    }
    return readings;
  };
  const split = namesInSeveralMetrics(entries);
  entries.forEach((raw, i) => {
    const path = child('', i);
    const e = expectObject(file, raw, path, 'an object with "name", "unit" and "value"');
    const name = expectString(file, e['name'], child(path, 'name'), 'a non-empty name');
    const unit = e['unit'];
    if (typeof unit !== 'string') throw new InputError(`${file}: ${child(path, 'unit')} must be a string, got ${describeValue(unit)}`);
    const value = expectNumber(file, e['value'], child(path, 'value'));
    const range = e['range'];
    if (range !== undefined && typeof range !== 'string' && typeof range !== 'number') {
      throw new InputError(`${file}: ${child(path, 'range')} must be text such as "± 0.12", got ${describeValue(range)}`);
    }
    const extra = extraText(e['extra']);
    const bar = range === undefined ? undefined : barOfRange(value, range);
    const place = placeOf(split.has(name) ? `${name} - ${unit}` : name, options.shape, format);
    readingsOf(place.shape).add({
      name: place.name,
      value,
      unit,
      line: i + 1,
      at: path,
      spread: { ...(range !== undefined ? { range: String(range) } : {}), ...(bar ?? {}) },
      ...(extra !== undefined ? { extra } : {}),
    });
  });
  const shapes = [...byShape].map(([shape, readings]) => ({ shape, metrics: readings.metrics() }));
  return { shapes, notes: [...notes.values()] };
}

/**
 * Names listed in units that do not convert to one another (charon writes instructions,
 * wall-clock, max-rss and output-size under one crate's name): each unit is a case of its own,
 * `<name> - <unit>`, as the import of github-action-benchmark's history names them, so the
 * series go on. Units that convert (`990 ns` beside `1.1 us`) are runs of one case.
 */
function namesInSeveralMetrics(entries: readonly unknown[]): Set<string> {
  const first = new Map<string, string>();
  const several = new Set<string>();
  for (const e of entries) {
    if (!isObject(e) || typeof e['name'] !== 'string' || typeof e['unit'] !== 'string') continue;
    const unit = first.get(e['name']);
    if (unit === undefined) first.set(e['name'], e['unit']);
    else if (!canConvert(e['unit'], unit)) several.add(e['name']);
  }
  return several;
}

function customFormat(name: string, direction: Direction, description: string): Omit<Format, 'detect'> {
  return {
    name,
    description,
    parse: (file, text, options) => {
      const { shapes, notes } = parseCustom(file, text, name, direction, options);
      if (shapes.length === 0) return [makeRecord({ file, format: name, shape: shapeOf(options, name), metrics: [], notes, expected: EXPECTED })];
      // The notes once, on the first record: they name each case whole.
      return shapes.map(({ shape, metrics }, i) => makeRecord({ file, format: name, shape, metrics, ...(i === 0 ? { notes } : {}), expected: EXPECTED }));
    },
  };
}

export const customBiggerIsBetter: Format = {
  ...customFormat(
    'customBiggerIsBetter',
    'bigger',
    'github-action-benchmark custom JSON array, bigger is better (auto picks it only for a file whose name says "bigger")',
  ),
  // The array does not say its direction; a file named for it (customBiggerIsBetter_output.json,
  // bigger-is-better.json) is the only hint auto can honour.
  detect: (text, file) => looksCustom(text) && /bigger/i.test((file ?? '').split(/[\\/]/).pop() ?? ''),
};

export const customSmallerIsBetter: Format = {
  ...customFormat('customSmallerIsBetter', 'smaller', 'github-action-benchmark custom JSON array of {name, unit, value, range, extra}, smaller is better'),
  detect: (text) => looksCustom(text),
  autoNote:
    'read as customSmallerIsBetter: a custom JSON array does not say which way is better; set format: customBiggerIsBetter if bigger is',
};
