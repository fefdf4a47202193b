// Whether the features known when an alert is raised separate true from false alerts together,
// where none does alone (docs/alerts.md, "How far the labels themselves agree"): reads the rows
// bench/alert-features.mjs --rows wrote, fits a logistic regression on each feature's bins (one
// weight per bin, so a feature may matter in its middle and not at its ends) to every history but
// one, scores the one left out, and tables the precision the pooled out-of-history scores give
// when only the alerts scoring above a cut are kept. Every score is of a history the model did not
// see, so the table says what such a rule would do on a history nobody tuned on; the status an
// alert has at the end of its history is hindsight and is left out.
//
//   node bench/alert-features.mjs --data-dir DIR --rows /tmp/rows.jsonl
//   node bench/alert-model.mjs /tmp/rows.jsonl [--kind regression|change-point] [--lambda L]
//
// --lambda sets the L2 penalty on the bins' weights (default 1; larger pulls every bin towards
// the mean, so a history's quirks weigh less).
import { readFileSync } from 'node:fs';
import { FEATURE_BINS } from './lib/alert-bins.mjs';

const argv = process.argv.slice(2);
const file = argv.find((a, i) => !a.startsWith('--') && argv[i - 1] !== '--kind' && argv[i - 1] !== '--lambda');
if (!file) throw new Error('usage: node bench/alert-model.mjs ROWS.jsonl [--kind regression|change-point] [--lambda L]');
const lambda = argv.includes('--lambda') ? Number(argv[argv.indexOf('--lambda') + 1]) : 1;
if (!(lambda >= 0)) throw new Error('--lambda: a number 0 or more');
const kind = argv.includes('--kind') ? argv[argv.indexOf('--kind') + 1] : undefined;
const all = readFileSync(file, 'utf8')
  .split('\n')
  .filter(Boolean)
  .map((l) => JSON.parse(l))
  .filter((r) => kind === undefined || (kind === 'regression' ? r.kind === 'regression' : r.kind !== 'regression'));


function encode(r) {
  const x = [1, r.kind === 'regression' ? 1 : 0];
  for (const [f, edges] of Object.entries(FEATURE_BINS)) {
    for (let i = 0; i < edges.length - 1; i++) x.push(r[f] >= edges[i] && r[f] < edges[i + 1] ? 1 : 0);
  }
  return x;
}

// L2-regularised logistic regression by Newton's method is overkill for ~80 columns; plain
// gradient descent on the mean log-loss converges in a few thousand steps here.
function fit(rows, lambda = 1) {
  const xs = rows.map(encode);
  const ys = rows.map((r) => (r.verdict === 'true' ? 1 : 0));
  const d = xs[0].length;
  const w = new Float64Array(d);
  const n = xs.length;
  for (let step = 0; step < 3000; step++) {
    const g = new Float64Array(d);
    for (let i = 0; i < n; i++) {
      const x = xs[i];
      let z = 0;
      for (let j = 0; j < d; j++) z += w[j] * x[j];
      const e = 1 / (1 + Math.exp(-z)) - ys[i];
      for (let j = 0; j < d; j++) if (x[j]) g[j] += e * x[j];
    }
    for (let j = 0; j < d; j++) w[j] -= 0.5 * (g[j] / n + (j === 0 ? 0 : (lambda * w[j]) / n));
  }
  return (r) => {
    const x = encode(r);
    let z = 0;
    for (let j = 0; j < d; j++) z += w[j] * x[j];
    return 1 / (1 + Math.exp(-z));
  };
}

const histories = [...new Set(all.map((r) => r.history))];
const scored = [];
for (const h of histories) {
  const model = fit(all.filter((r) => r.history !== h), lambda);
  for (const r of all.filter((r) => r.history === h)) scored.push({ score: model(r), truth: r.verdict === 'true' });
}
scored.sort((a, b) => b.score - a.score);
const trues = scored.filter((s) => s.truth).length;
console.log(`${scored.length} labelled alerts${kind ? ` (${kind})` : ''} of ${histories.length} histories (lambda ${lambda}), ${trues} true: precision ${(trues / scored.length).toFixed(3)} keeping all`);
console.log('| true alerts kept | alerts kept | precision of those kept | false alerts left out |');
console.log('| ---: | ---: | ---: | ---: |');
for (const keep of [1, 0.95, 0.9, 0.8, 0.7, 0.6, 0.5]) {
  let t = 0;
  let i = 0;
  while (i < scored.length && t < keep * trues) t += scored[i++].truth ? 1 : 0;
  const falseKept = i - t;
  console.log(`| ${(t / trues).toFixed(2)} (${t}) | ${i} | ${(t / i).toFixed(3)} | ${scored.length - trues - falseKept} of ${scored.length - trues} |`);
}
