// How far the labels by eye agree with a second, blind opinion on the same alerts (docs/alerts.md,
// "How far the labels themselves agree"): the labels of bench/judged/ against
// bench/second-opinion/labels.jsonl, by verdict, with Cohen's kappa, the precision each gives the
// shared alerts, the same over the alerts neither marked doubtful, and every alert they disagree on.
//
//   node bench/label-agreement.mjs [--second FILE] [--json]
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { labelledHistories } from './lib/cli-history.mjs';
import { agreement, parseLabels } from './lib/judge.mjs';

const root = new URL('..', import.meta.url).pathname;
const argv = process.argv.slice(2);
const secondFile = resolve(argv.includes('--second') ? argv[argv.indexOf('--second') + 1] : join(root, 'bench/second-opinion/labels.jsonl'));
const first = new Map();
for (const name of labelledHistories(root).names) {
  for (const [k, l] of parseLabels(readFileSync(join(root, 'bench/judged', `${name}.jsonl`), 'utf8'), `bench/judged/${name}.jsonl`)) first.set(k, l);
}
const second = parseLabels(readFileSync(secondFile, 'utf8'), secondFile);
const a = agreement(first, second);
if (argv.includes('--json')) console.log(JSON.stringify(a, null, 2));
else {
  const line = (f) => `${f.agree} of ${f.n} the same verdict (${f.share.toFixed(2)}), Cohen's kappa ${f.kappa.toFixed(2)}; precision ${f.precisionFirst.toFixed(2)} by the first labels, ${f.precisionSecond.toFixed(2)} by the second`;
  console.log(`all shared alerts: ${line(a)}`);
  console.log(`neither doubtful: ${line(a.sure)}`);
  for (const f of a.flips) console.log(`- ${f.key}: ${f.first} -> ${f.second}\n    first: ${f.firstReason}\n    second: ${f.secondReason}`);
}
