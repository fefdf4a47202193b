/**
 * A github-action-benchmark data.js of `entries` commits x `benches` benches, as its v1 writes
 * it (window.BENCHMARK_DATA = {...}): one suite, tool cargo, `± n` ranges, commit objects with
 * author, committer and url. Deterministic, so the bench and the tests see the same bytes.
 */
export function gabDataJs({ entries, benches, suite = 'Rust Benchmark', repo = 'https://github.com/acme/app', start = Date.UTC(2020, 0, 1) }) {
  let seed = 12345;
  const rand = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
  const hex = () => Array.from({ length: 40 }, () => '0123456789abcdef'[Math.floor(rand() * 16)]).join('');
  const list = [];
  for (let i = 0; i < entries; i++) {
    const id = hex();
    const t = new Date(start + i * 3_600_000).toISOString();
    list.push({
      commit: {
        author: { email: 'ada@example.com', name: 'Ada', username: 'ada' },
        committer: { email: 'noreply@github.com', name: 'GitHub', username: 'web-flow' },
        distinct: true,
        id,
        message: `Change ${i}: tune the hot loop`,
        timestamp: t.replace('.000Z', 'Z'),
        tree_id: hex(),
        url: `${repo}/commit/${id}`,
      },
      date: start + i * 3_600_000 + 600_000,
      tool: 'cargo',
      benches: Array.from({ length: benches }, (_, b) => {
        const value = Math.round((1000 + b * 137) * (1 + 0.05 * rand()));
        return { name: `bench_case_${b}`, value, range: `± ${Math.round(value * 0.02 * rand()) + 1}`, unit: 'ns/iter' };
      }),
    });
  }
  return `window.BENCHMARK_DATA = ${JSON.stringify({ lastUpdate: start + entries * 3_600_000, repoUrl: repo, entries: { [suite]: list } }, null, 2)}`;
}
