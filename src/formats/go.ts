/**
 * `go test -bench` output. A result line is `<name>[-procs] <iterations> <value> <unit> [<value>
 * <unit>...]` (the Go benchmark data format, golang.org/design/14313). One line is one run of the
 * benchmark; `-count N` prints it N times, and those become N runs. The first metric (ns/op) keeps
 * the benchmark's name; each further metric (B/op, allocs/op, MB/s, b.ReportMetric units) is its
 * own case named `<name> - <unit>`, as github-action-benchmark names them.
 *
 * When the output holds benchmarks of more than one package, every name carries its package,
 * `<name> (<package>)`, so equal names in different packages stay different cases
 * (github-action-benchmark #264/#330), unless the name already spells the package (#336).
 */
import { directionFor } from '../core/direction.js';
import { shapeOf, type Format } from './format.js';
import { makeRecord, Readings } from './metrics.js';
import { lineError, numberAt } from './text-lines.js';

const RESULT = /^(Benchmark\S*?)(-\d+)?\s+(\d+)\s+(\S.*?)\s*$/;
const EXPECTED = 'go test -bench lines like `BenchmarkFib10-8   5000000   325 ns/op`';

interface GoLine {
  readonly pkg: string;
  readonly name: string;
  readonly line: number;
  readonly iterations: string;
  readonly procs?: string;
  readonly pairs: readonly (readonly [number, string])[];
}

/** Each line of the text with its 1-based number, CRLF or LF, without an array of them all. */
function eachLine(text: string, visit: (line: string, n: number) => void): void {
  let n = 1;
  for (let i = 0; i <= text.length; n++) {
    let j = text.indexOf('\n', i);
    if (j < 0) j = text.length;
    visit(j > i && text.charCodeAt(j - 1) === 13 ? text.slice(i, j - 1) : text.slice(i, j), n);
    i = j + 1;
  }
}

/**
 * Calls `visit` with each result line, in order. Nothing is kept: the parse reads the text twice
 * (the packages first, then the readings) rather than hold a million parsed lines (issue #15).
 */
function readLines(file: string, text: string, visit: (l: GoLine) => void): void {
  let pkg = '';
  eachLine(text, (line, n) => {
    const p = /^pkg:\s+(\S+)/.exec(line);
    if (p) {
      pkg = p[1] as string;
      return;
    }
    const m = RESULT.exec(line);
    if (!m) return;
    const fields = (m[4] as string).split(/\s+/);
    // Go prints a benchmark whose timing broke as `NaN ns/op` or `+Inf ns/op`: refused, not skipped
    // as a non-result line, or the benchmark would vanish from the trend without a word.
    if (/^[-+]?(?:NaN|Inf)/i.test(fields[0] as string)) {
      throw lineError(file, n, `the value of ${fields[1] ?? 'the benchmark'} must be a finite number, got ${JSON.stringify(fields[0])}`);
    }
    // `BenchmarkX-8  --- FAIL` and a bare `BenchmarkX` (printed by -v) are not results.
    if (fields.length % 2 !== 0 || !/^[-+]?[0-9.]/.test(fields[0] as string)) {
      // `BenchmarkB-8  100  abc ns/op` means to be a result: a value go never prints is refused.
      if (fields.length % 2 === 0 && /\/op$/.test(fields[1] as string)) numberAt(file, n, fields[0] as string, `the value of ${fields[1] as string}`);
      if (/^[-+]?[0-9.]/.test(fields[0] as string)) {
        throw lineError(file, n, `expected <value> <unit> pairs after the iteration count, got ${JSON.stringify(m[4])}`);
      }
      return;
    }
    const pairs: [number, string][] = [];
    for (let i = 0; i < fields.length; i += 2) {
      // numberAt (and its message) only for a value that does not read plainly: a million lines of
      // output each building a message string cost hundreds of MB (issue #15).
      const plain = Number(fields[i]);
      pairs.push([Number.isFinite(plain) ? plain : numberAt(file, n, fields[i] as string, `the value of ${fields[i + 1] as string}`), fields[i + 1] as string]);
    }
    const procs = m[2] !== undefined ? (m[2] as string).slice(1) : undefined;
    visit({ pkg, name: m[1] as string, line: n, iterations: m[3] as string, ...(procs !== undefined ? { procs } : {}), pairs });
  });
}

/** True when the name already carries its package, as users did by hand before #330. */
function namesPackage(name: string, pkg: string): boolean {
  if (name.includes(pkg)) return true;
  const parts = pkg.split('/').filter((s) => s !== '');
  if (name.includes(parts.join('_'))) return true;
  for (let k = 2; k <= parts.length; k++) {
    if (name.endsWith(`_${parts.slice(-k).join('_')}`)) return true;
  }
  return false;
}

export const go: Format = {
  name: 'go',
  description: 'go test -bench output, with -benchmem and b.ReportMetric extras as their own cases; -count repeats become runs',
  detect: (text) => /^Benchmark\S*\s+\d+\s+[-+]?[0-9.]+(?:e[-+]?\d+)?\s+\S+/m.test(text),
  parse: (file, text, options) => {
    const packages = new Set<string>();
    // `-cpu 1,2,4` runs a benchmark at each GOMAXPROCS, printed `BenchmarkX`, `BenchmarkX-2`,
    // `BenchmarkX-4`: three configurations, not three runs of one.
    const procsOf = new Map<string, Set<string>>();
    readLines(file, text, (l) => {
      packages.add(l.pkg);
      const key = `${l.pkg}\u0000${l.name}`;
      let procs = procsOf.get(key);
      if (procs === undefined) procsOf.set(key, (procs = new Set()));
      procs.add(l.procs ?? '');
    });
    // github-action-benchmark's go-force-package-suffix named one package's benchmarks so too.
    const several = packages.size > 1 || options?.goPackageSuffix === true;
    const readings = new Readings(file, (unit) => directionFor(unit, 'smaller'));
    const bases = new Map<string, string>();
    // One string per benchmark and unit, not one per line: -count runs and large outputs repeat them.
    const names = new Map<string, string>();
    const extraName = (name: string, unit: string): string => {
      const key = `${name}\u0000${unit}`;
      let n = names.get(key);
      if (n === undefined) names.set(key, (n = `${name} - ${unit}`));
      return n;
    };
    readLines(file, text, (l) => {
      const key = `${l.pkg}\u0000${l.name}`;
      const perProcs = (procsOf.get(key)?.size ?? 0) > 1;
      const baseKey = perProcs ? `${key}\u0000${l.procs ?? ''}` : key;
      let base = bases.get(baseKey);
      if (base === undefined) {
        const printed = perProcs && l.procs !== undefined ? `${l.name}-${l.procs}` : l.name;
        base = several && l.pkg !== '' && !namesPackage(l.name, l.pkg) ? `${printed} (${l.pkg})` : printed;
        bases.set(baseKey, base);
      }
      const name = base;
      // Readings keep the first line's extra; later lines need none.
      const extra = readings.has(name) ? undefined : `${l.iterations} times${l.procs !== undefined ? `\n${l.procs} procs` : ''}`;
      l.pairs.forEach(([value, unit], i) => {
        readings.add({ name: i === 0 ? name : extraName(name, unit), value, unit, line: l.line, ...(extra !== undefined ? { extra } : {}) });
      });
    });
    return [makeRecord({ file, format: 'go', shape: shapeOf(options, 'go'), metrics: readings.metrics(), expected: EXPECTED })];
  },
};
