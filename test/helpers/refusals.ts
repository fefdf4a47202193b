/** Every refusal the foundation promises, as files in a folder and the action's inputs. */
export const REFUSALS: { title: string; files: Record<string, string>; inputs: Record<string, string>; message: RegExp }[] = [
  { title: 'a missing record', files: {}, inputs: { records: 'missing.json' }, message: /^missing\.json: cannot read \(no such file\); the bench step may have exited 0 without writing it$/ },
  { title: 'a glob that matches nothing', files: {}, inputs: { records: 'out/*.json' }, message: /^records: the pattern "out\/\*\.json" matched no file/ },
  { title: 'a half-written record', files: { 'w.json': '{"shape": "warm", "runs": [{"stages": {"a": 1' }, inputs: { records: 'w.json' }, message: /^w\.json: not JSON \(.*\); a bench interrupted while writing leaves exactly this$/ },
  { title: 'a record that is not an object', files: { 'w.json': '[]' }, inputs: { records: 'w.json', format: 'record' }, message: /^w\.json: not an object/ },
  { title: 'a record with no runs', files: { 'w.json': '{"shape": "warm", "runs": []}' }, inputs: { records: 'w.json' }, message: /^w\.json: no runs: the "runs" array is empty$/ },
  { title: 'a record with no shape', files: { 'w.json': '{"runs": [{"stages": {"a": 1}}]}' }, inputs: { records: 'w.json' }, message: /^w\.json: no shape/ },
  { title: 'a negative value', files: { 'w.json': '{"shape": "w", "runs": [{"stages": {"a": -1}}]}' }, inputs: { records: 'w.json' }, message: /^w\.json: runs\[0\]\.stages\.a must not be negative, got -1$/ },
  { title: 'a NaN value', files: { 'w.json': '{"shape": "w", "runs": [{"stages": {"a": NaN}}]}' }, inputs: { records: 'w.json' }, message: /^w\.json: runs\[0\]\.stages\.a must be a number of seconds, got NaN$/ },
  { title: 'a non-numeric value', files: { 'w.json': '{"shape": "w", "runs": [{"stages": {"a": "1.2"}}]}' }, inputs: { records: 'w.json' }, message: /^w\.json: runs\[0\]\.stages\.a must be a number of seconds, got "1\.2"$/ },
  { title: 'two records of one shape', files: { 'a.json': '{"shape": "w", "runs": [{"stages": {"a": 1}}]}', 'b.json': '{"shape": "w", "runs": [{"stages": {"a": 2}}]}' }, inputs: { records: 'a.json\nb.json' }, message: /^b\.json: shape "w" was already benched by a\.json/ },
  { title: 'a required stage missing from a run', files: { 'c.json': '{"shape": "cold", "runs": [{"stages": {"a": 1, "b": 1}}, {"stages": {"a": 1}}]}' }, inputs: { records: 'c.json', 'require-stages': 'cold: a, b' }, message: /^c\.json: required stage "b" of shape "cold" was reported in 1\/2 runs$/ },
  { title: 'a required shape that was not benched', files: { 'c.json': '{"shape": "cold", "runs": [{"stages": {"a": 1}}]}' }, inputs: { records: 'c.json', 'require-stages': 'warm: *' }, message: /^require-stages: shape "warm" was not benched; benched: cold$/ },
  // Issue #15: what would not read back is refused at ingest, naming the file, the case and the field.
  { title: 'a stage named with half an emoji', files: { 'w.json': '{"shape": "w", "runs": [{"stages": {"load \\ud83d": 1}}]}' }, inputs: { records: 'w.json' }, message: /^w\.json: the benchmark name "load \\ud83d" holds a lone surrogate \(a character cut in half, not valid Unicode\); rename it in the bench$/ },
  { title: 'a go line of NaN ns/op', files: { 'go.txt': 'BenchmarkA-8   1000   120 ns/op\nBenchmarkB-8   1000   NaN ns/op\n' }, inputs: { records: 'go.txt', format: 'go' }, message: /^go\.txt: line 2: the value of ns\/op must be a finite number, got "NaN"$/ },
  { title: 'a negative hyperfine time', files: { 'h.json': '{"results": [{"command": "true", "mean": 0.01, "times": [0.01, -0.01]}]}' }, inputs: { records: 'h.json' }, message: /^h\.json: case "hyperfine \/ true": samples\[1\] is -0\.01, but a time or a rate cannot be negative; refused, nothing is published$/ },
  { title: 'a custom range that overflows', files: { 'c.json': '[{"name": "x", "unit": "ms", "value": 3, "range": "± 1e309"}]' }, inputs: { records: 'c.json', format: 'customSmallerIsBetter' }, message: /^c\.json: case "customSmallerIsBetter \/ x": q1 is -Infinity, not a finite number \(JSON would store it as null\); refused, nothing is published$/ },
  { title: 'an unknown format', files: { 'c.json': '{}' }, inputs: { records: 'c.json', format: 'nope' }, message: /^(?:--)?format: unknown format "nope"/ },
];

