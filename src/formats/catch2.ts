/**
 * Catch2's console benchmark table (v2 and v3):
 *
 *   benchmark name      samples   iterations   estimated      <- a suite's header
 *                       mean      low mean     high mean
 *                       std dev   low std dev  high std dev
 *   ------------------------------------------------------
 *   Fibonacci 20        100       2            8.4318 ms      <- a benchmark
 *                       43.186 us 41.402 us    46.246 us      <- mean and its interval
 *                       11.719 us 7.847 us     17.747 us      <- standard deviation
 *
 * The mean with its bootstrap interval is a summary. Catch2 scales each number to its own unit
 * (`3.789 us` beside `362 ns`), so every case is kept in ns.
 */
import type { Metric } from '../core/model.js';
import { convertUnit } from '../core/units.js';
import { shapeOf, type Format } from './format.js';
import { makeRecord, Readings } from './metrics.js';
import { lineError, numberedLines } from './text-lines.js';

const HEADER = /^benchmark name\s+samples\s+iterations\s+(?:estimated|est run time|mean\s*$)/;
/**
 * `--benchmark-no-analysis`: a one-line header whose last column is the mean, and one row per
 * benchmark (`NAME  SAMPLES  ITERATIONS  MEAN`), with no interval or std dev lines below it.
 */
const NO_ANALYSIS = /\smean\s*$/;
/**
 * A duration as Catch2's `Duration` prints it: a double through `operator<<` (six significant
 * digits, an exponent past them) and `ns`, `us`, `ms`, `s`, or `m` for minutes from 60 s up: the
 * estimated run time of 100 samples of a benchmark under a second reaches it.
 */
const DURATION = '(\\d+(?:\\.\\d+)?(?:e[-+]\\d+)?) (ns|us|µs|ms|s|m)';
const START = new RegExp(`(\\d+) +(\\d+) +${DURATION}\\s*$`);
const VALUES = new RegExp(`^\\s+${DURATION} +${DURATION} +${DURATION}`);
const EXPECTED = 'Catch2 benchmark tables (a `benchmark name  samples  iterations  estimated` header and its rows)';
/**
 * `benchmarkFailed`: on the name's row when the benchmark threw while Catch2 estimated its run
 * time (before its numbers), on a row of its own when it threw while measured. Catch2 v3
 * rethrows, so the test case and its table end there, the latter without its closing empty line;
 * Catch2 v2 does not, and the table goes on.
 */
const FAILED = /^(.*?)\s*Benchmark failed \((.*)\)\s*$/;
/** Rows a wrapped name may take: a name of a few hundred characters. */
const MAX_NAME_ROWS = 16;

function ns(m: RegExpExecArray, i: number): number {
  const unit = m[i + 1] as string;
  return convertUnit(Number(m[i]), unit === 'm' ? 'min' : unit, 'ns');
}

/**
 * A name longer than its column, wrapped by Catch2's TextFlow over several rows (the last holds
 * the numbers), joined back. TextFlow breaks after a space (dropped), after one of
 * `])}>.,:;*+-=&/\` or before one of `[({<|` (kept), or, in a word longer than the column, adds a
 * hyphen of its own at the column's last character.
 */
function joinWrapped(parts: readonly string[], width: number): string {
  let name = parts[0] as string;
  for (let i = 1; i < parts.length; i++) {
    const prev = parts[i - 1] as string;
    const part = parts[i] as string;
    if (prev.length === width && prev.endsWith('-')) name = name.slice(0, -1) + part;
    else if (/[\])}>.,:;*+\-=&/\\]$/.test(prev) || /^[[({<|]/.test(part)) name += part;
    else name += ` ${part}`;
  }
  return name;
}

/** The XML reporter's (`-r xml`) root: `Catch` in v2, `Catch2TestRun` in v3. */
const XML_ROOT = /<(?:Catch|Catch2TestRun)[\s>]/;
/** The console reporter's benchmark table header, v2's and v3's. */
const CONSOLE_HEADER = /^benchmark name[ \t]+samples[ \t]+iterations[ \t]+(?:estimated|est run time|mean[ \t]*\r?$)/m;
/** A start tag's attributes: XmlWriter escapes `<` and `&` in them, but not `>` (`name="a &lt;T>"`). */
const XML_ATTRS = '((?:\\s+[\\w:-]+="[^"]*")*)\\s*';
const XML_BENCHMARK = new RegExp(`<BenchmarkResults${XML_ATTRS}(/?)>([\\s\\S]*?)(?:</BenchmarkResults>|(?=<BenchmarkResults\\b)|$)`, 'g');

/** The attributes of an XML start tag, with XmlWriter's escapes (`&lt;`, `&amp;`, `&quot;`, `&#x…;`) undone. */
function xmlAttributes(tag: string): Map<string, string> {
  const attrs = new Map<string, string>();
  for (const m of tag.matchAll(/([\w:-]+)="([^"]*)"/g)) {
    attrs.set(
      m[1] as string,
      (m[2] as string).replace(/&(lt|gt|quot|apos|amp|#x[0-9a-fA-F]+|#\d+);/g, (_, e: string) =>
        e === 'lt' ? '<' : e === 'gt' ? '>' : e === 'quot' ? '"' : e === 'apos' ? "'" : e === 'amp' ? '&' : String.fromCodePoint(e.startsWith('#x') ? parseInt(e.slice(2), 16) : Number(e.slice(1))),
      ),
    );
  }
  return attrs;
}

/**
 * The XML reporter (`-r xml`): each `BenchmarkResults` holds its mean with the bootstrap interval
 * and its standard deviation, all in ns as its comment says, or a `failed` element.
 */
function parseXml(file: string, text: string, shape: string): ReturnType<Format['parse']> {
  const readings = new Readings(file, () => 'smaller');
  const failed: Metric[] = [];
  const notes: string[] = [];
  // Counted on from the last element, so a file of many benchmarks is read once, not once per benchmark.
  let counted = 0;
  let lineNo = 1;
  const lineAt = (index: number): number => {
    for (let k = text.indexOf('\n', counted); k !== -1 && k < index; k = text.indexOf('\n', k + 1)) lineNo++;
    counted = Math.max(counted, index);
    return lineNo;
  };
  for (const m of text.matchAll(XML_BENCHMARK)) {
    const line = lineAt(m.index);
    const attrs = xmlAttributes(m[1] as string);
    const name = attrs.get('name');
    if (name === undefined || name.trim() === '') throw lineError(file, line, 'a <BenchmarkResults> element without its name attribute');
    const body = m[3] as string;
    const failure = new RegExp(`<failed${XML_ATTRS}/?>`).exec(body);
    if (failure) {
      notes.push(`${name}: Catch2 reports the benchmark failed (${xmlAttributes(failure[1] as string).get('message') ?? 'no message'}); counted as failed`);
      failed.push({ name, unit: 'ns', direction: 'smaller', samples: [], failed: 1 });
      continue;
    }
    const number = (element: string, attr: string): number => {
      const el = new RegExp(`<${element}${XML_ATTRS}/?>`).exec(body);
      const raw = el ? xmlAttributes(el[1] as string).get(attr) : undefined;
      const x = raw === undefined || raw.trim() === '' ? NaN : Number(raw);
      if (!Number.isFinite(x)) {
        throw lineError(file, line, `benchmark "${name}": <${element} ${attr}> must be a number of ns, got ${raw === undefined ? 'nothing' : JSON.stringify(raw)}`);
      }
      return x;
    };
    const samples = attrs.get('samples') ?? '';
    const stdev = number('standardDeviation', 'value');
    readings.add({
      name,
      value: number('mean', 'value'),
      unit: 'ns',
      line,
      spread: { lo: number('mean', 'lowerBound'), hi: number('mean', 'upperBound'), stdev, range: `± ${stdev}`, ...(/^\d+$/.test(samples) ? { samples: Number(samples) } : {}) },
      extra: `${samples} samples\n${attrs.get('iterations') ?? ''} iterations`,
    });
  }
  return [makeRecord({ file, format: 'catch2', shape, metrics: [...readings.metrics(), ...failed], notes, expected: EXPECTED_XML })];
}
const EXPECTED_XML = 'Catch2 XML reporter output (-r xml) with <BenchmarkResults> elements';

export const catch2: Format = {
  name: 'catch2',
  description: 'Catch2 v2/v3 console benchmark tables or XML reporter output (mean, interval and std dev, kept in ns)',
  detect: (text) => CONSOLE_HEADER.test(text) || (XML_ROOT.test(text) && /<BenchmarkResults\b/.test(text)),
  parse: (file, text, options) => {
    // The reporter's document may follow lines a test printed to the same stdout.
    if (XML_ROOT.test(text) && !CONSOLE_HEADER.test(text)) return parseXml(file, text, shapeOf(options, 'catch2'));
    const lines = numberedLines(text);
    const readings = new Readings(file, () => 'smaller');
    const failed: Metric[] = [];
    const notes: string[] = [];
    // A failed benchmark is no result but is not lost: counted as failed and named in a warning.
    const fail = (name: string, error: string): void => {
      notes.push(`${name}: Catch2 reports the benchmark failed (${error}); counted as failed`);
      failed.push({ name, unit: 'ns', direction: 'smaller', samples: [], failed: 1 });
      found++;
    };
    let found = 0;
    let i = 0;
    const next = (): { text: string; line: number } | undefined => lines[i++];
    while (i < lines.length) {
      const header = next();
      if (!header || !HEADER.test(header.text)) continue;
      for (;;) {
        const l = next();
        if (!l) throw lineError(file, lines.length, 'the benchmark table header is not followed by its `-----` separator');
        if (/^-+$/.test(l.text)) break;
      }
      const noAnalysis = NO_ANALYSIS.test(header.text);
      // The header's columns stand where the rows' do: names wrap at the first column's width less
      // 2. Without analysis the samples column's title is right-aligned: `     samples`.
      const width = header.text.indexOf('samples') - (noAnalysis ? 7 : 2);
      found = 0;
      for (;;) {
        const first = next();
        // The table ends with an empty line (TablePrinter::close).
        if (!first || first.text.trim() === '') break;
        const parts: string[] = [];
        let startLine = first;
        let start = START.exec(first.text);
        let broke: RegExpExecArray | null = null;
        while (!start) {
          broke = FAILED.exec(startLine.text);
          if (broke) break;
          parts.push(startLine.text.trim());
          const row = next();
          if (!row || row.text.trim() === '' || parts.length >= MAX_NAME_ROWS) {
            throw lineError(file, first.line, `expected a benchmark row (\`NAME  SAMPLES  ITERATIONS  ESTIMATED\`) in the table of line ${header.line}, got ${JSON.stringify(first.text.trim())}`);
          }
          startLine = row;
          start = START.exec(row.text);
        }
        if (broke || !start) {
          // Without analysis a benchmark that throws while measured fails in the mean's column,
          // after its samples and iterations: only the name column is its name.
          const own = broke && broke.index + (broke[1] as string).length > width + 2 ? startLine.text.slice(0, width + 2) : (broke?.[1] ?? '');
          fail(joinWrapped([...parts, own.trim()].filter((p) => p !== ''), width), broke?.[2] ?? '');
          // Catch2 v3 rethrows, ending the test case and the table with its empty line; v2 goes on
          // with the test case's next benchmark on the next row of the same table.
          continue;
        }
        parts.push(startLine.text.slice(0, start.index).trim());
        const name = joinWrapped(parts, width);
        if (noAnalysis) {
          readings.add({
            name,
            value: ns(start, 3),
            unit: 'ns',
            line: startLine.line,
            spread: { samples: Number(start[1]) },
            extra: `${start[1] as string} samples\n${start[2] as string} iterations`,
          });
          found++;
          continue;
        }
        const meanLine = next();
        const thrown = meanLine ? FAILED.exec(meanLine.text) : null;
        if (thrown && (thrown[1] as string) === '') {
          fail(name, thrown[2] as string);
          // v3 rethrows: its `file:line: FAILED:` report (or the table's end) comes next. v2 goes
          // on with the test case's next benchmark on the next row of the same table.
          const after = lines[i];
          if (after && after.text.trim() !== '' && !/: FAILED:\s*$/.test(after.text) && !/^[-=.~]+\s*$/.test(after.text)) continue;
          break;
        }
        const mean = meanLine ? VALUES.exec(meanLine.text) : null;
        if (!mean) throw lineError(file, meanLine?.line ?? startLine.line + 1, `expected the mean line (\`MEAN UNIT LOW UNIT HIGH UNIT\`) of benchmark "${name}"`);
        const sdLine = next();
        const sd = sdLine ? VALUES.exec(sdLine.text) : null;
        if (!sd) throw lineError(file, sdLine?.line ?? startLine.line + 2, `expected the std dev line (\`SD UNIT LOW UNIT HIGH UNIT\`) of benchmark "${name}"`);
        const blank = next();
        if (blank && blank.text.trim() !== '') throw lineError(file, blank.line, `expected an empty line after the std dev of benchmark "${name}"`);
        const stdev = ns(sd, 1);
        readings.add({
          name,
          value: ns(mean, 1),
          unit: 'ns',
          line: startLine.line,
          spread: { lo: ns(mean, 3), hi: ns(mean, 5), stdev, range: `± ${stdev}`, samples: Number(start[1]) },
          extra: `${start[1] as string} samples\n${start[2] as string} iterations`,
        });
        found++;
      }
      if (found === 0) throw lineError(file, header.line, 'a benchmark table with no benchmark row; the Catch2 output may be mangled');
    }
    return [makeRecord({ file, format: 'catch2', shape: shapeOf(options, 'catch2'), metrics: [...readings.metrics(), ...failed], notes, expected: EXPECTED })];
  },
};
