import { describe, expect, it } from 'vitest';
import { InputError, type Point } from '../../src/core/model.js';
import { planGroups, type GroupsPlan, type PublishGroup, type SharedInput } from '../../src/core/trend/plan-groups.js';
import { historyRows, readHistory } from '../../src/core/trend/history.js';
import { chunkPath } from '../../src/core/trend/layout.js';
import { loadSegments } from '../../src/core/trend/load.js';
import { NEWEST_PATH } from '../../src/core/trend/newest.js';
import type { Manifest, Segment } from '../../src/core/trend/types.js';
import { TrendDataError } from '../../src/core/trend/validate.js';
import { statePath } from '../../src/core/trend/regress-state.js';
import { LOCATION, MemoryTrend, commit, fixturePoints, syntheticPoints } from './trend-memory.js';

/** Paths of the log and the manifest: the regression state beside them (data/r) is tested in trend-state.test.ts. */
const logFiles = (paths: Iterable<string>) => [...paths].filter((p) => !p.startsWith('data/r/'));

describe('a first publish', () => {
  it('writes one segment and a manifest describing its cases', async () => {
    const trend = new MemoryTrend();
    const points = fixturePoints();
    const plan = await trend.publish({ commit: commit(1), points, runUrl: 'https://github.com/o/r/actions/runs/9', repository: 'https://github.com/o/r' });

    expect([...plan.files.keys()].sort()).toEqual([chunkPath(0, 0), NEWEST_PATH, 'manifest.json', statePath(0, 'head')].sort());
    expect(trend.json<{ schema: string; version: number }>(chunkPath(0, 0))).toMatchObject({ schema: 'benchtrend/chunk', version: 2 });
    const seg = await trend.segment(0);
    expect(seg).toMatchObject({ schema: 'benchtrend/segment', version: 1, seq: 0, suite: 'default', runUrl: 'https://github.com/o/r/actions/runs/9' });
    expect(seg.commit).toEqual(commit(1));
    expect([...seg.shapes].sort()).toEqual(['cold-recreate', 'warm']);
    expect(seg.points.map((p) => p.case)).toEqual(points.map((p) => p.case));
    // Stored losslessly: every number of the point, raw samples included; only `metric` is dropped.
    seg.points.forEach((sp, i) => {
      const { metric: _m, ...rest } = points[i]!;
      expect(sp).toEqual(JSON.parse(JSON.stringify(rest)));
    });

    const m = trend.json<Manifest>('manifest.json');
    expect(m).toMatchObject({ schema: 'benchtrend/manifest', version: 2, segments: 1, fanout: 16, suites: ['default'], updated: '2024-05-01T00:00:00Z', repository: 'https://github.com/o/r' });
    expect(m.cases).toHaveLength(points.length);
    expect(m.cases.find((c) => c.case === 'warm / total')).toEqual({
      suite: 'default', case: 'warm / total', shape: 'warm', unit: 's', direction: 'smaller', firstSeq: 0, lastSeq: 0, points: 1,
    });
  });

  it('refuses a run with no points and nothing to import', async () => {
    await expect(new MemoryTrend().publish({ commit: commit(1), points: [] })).rejects.toThrow(/nothing to publish/);
  });

  it('refuses two points of one case in one run', async () => {
    const p = syntheticPoints(2);
    await expect(new MemoryTrend().publish({ commit: commit(1), points: [p[0]!, p[1]!, p[0]!] })).rejects.toThrow(
      new InputError('case "warm / stage0" has two points in this run; one case has one point per commit'),
    );
  });
});

describe('appending', () => {
  it('adds a segment and leaves every earlier file alone', async () => {
    const trend = new MemoryTrend();
    await trend.publish({ commit: commit(1), points: syntheticPoints(3) });
    const first = trend.files.get(chunkPath(0, 0));
    const plan = await trend.publish({ commit: commit(2), points: syntheticPoints(3, 1) });
    expect([...plan.files.keys()].sort()).toEqual([chunkPath(0, 1), NEWEST_PATH, 'manifest.json', statePath(0, 'head')].sort());
    expect(plan.removed).toEqual([]);
    expect(trend.files.get(chunkPath(0, 0))).toBe(first);
    const m = trend.json<Manifest>('manifest.json');
    expect(m.segments).toBe(2);
    expect(m.cases[0]).toMatchObject({ firstSeq: 0, lastSeq: 1, points: 2 });
  });

  it('reads only the manifest and the next segment path on an ordinary publish', async () => {
    const trend = new MemoryTrend();
    for (let i = 0; i < 5; i++) await trend.publish({ commit: commit(i), points: syntheticPoints(2, i) });
    trend.reads.length = 0;
    await trend.publish({ commit: commit(9), points: syntheticPoints(2) });
    // The regression state's head and the newest points are asked for beside the next chunk path (one round trip), then read.
    expect(trend.reads).toEqual(['manifest.json', statePath(0, 'head'), NEWEST_PATH, chunkPath(0, 5), statePath(0, 'head')]);
  });

  it('adds a new suite beside the first', async () => {
    const trend = new MemoryTrend();
    await trend.publish({ commit: commit(1), points: syntheticPoints(2) });
    await trend.publish({ commit: commit(1), points: syntheticPoints(2), suite: 'linux-arm' });
    const m = trend.json<Manifest>('manifest.json');
    expect(m.suites).toEqual(['default', 'linux-arm']);
    expect(m.cases.map((c) => `${c.suite}:${c.case}`)).toEqual(['default:warm / stage0', 'default:warm / stage1', 'linux-arm:warm / stage0', 'linux-arm:warm / stage1']);
  });

  it('publishes a suite whose name is an existing one mistyped, and warns of it; a matrix leg is no typo', async () => {
    const trend = new MemoryTrend();
    await trend.publish({ commit: commit(1), points: syntheticPoints(2), suite: 'Rust Benchmark' });
    await trend.publish({ commit: commit(1), points: syntheticPoints(2), suite: 'node18' });
    const said = async (suite: string) => (await trend.publish({ commit: commit(2), points: syntheticPoints(2), suite })).warnings.filter((w) => w.includes('is new to this trend'));
    expect(await said('Rust Benchmrak')).toEqual(['suite "Rust Benchmrak" is new to this trend, beside "Rust Benchmark": a new suite starts its own history; if "Rust Benchmark" was meant, publish under that name']);
    expect(await said('rust-benchmark')).toEqual([expect.stringContaining('beside "Rust Benchmark"')]);
    // Published all the same: a new suite is a user's to start.
    expect(trend.json<Manifest>('manifest.json').suites).toEqual(['Rust Benchmark', 'node18', 'Rust Benchmrak', 'rust-benchmark']);
    // Legs of a matrix differ in a digit, and a name more than two letters away is another suite.
    expect(await said('node20')).toEqual([]);
    expect(await said('Go Benchmark')).toEqual([]);
    expect(await said('Rust Benchmark')).toEqual([]);
  });
});

describe('re-runs', () => {
  it('supersede the same suite, shape and commit: one point per case per commit after resolution', async () => {
    const trend = new MemoryTrend();
    await trend.publish({ commit: commit(1), points: syntheticPoints(2, 0) });
    await trend.publish({ commit: commit(2), points: syntheticPoints(2, 0) });
    await trend.publish({ commit: commit(2), points: syntheticPoints(2, 5) });
    const { rows } = await readHistory(trend.read, LOCATION);
    expect(rows.map((r) => [r.commit.slice(-1), r.case, r.value, r.seq])).toEqual([
      ['1', 'warm / stage0', 1.1, 0],
      ['1', 'warm / stage1', 2.2, 0],
      ['2', 'warm / stage0', 6.1, 2],
      ['2', 'warm / stage1', 7.2, 2],
    ]);
    // The superseded segment is still there, unchanged: nothing is edited.
    expect((await trend.segment(1)).points.map((p) => p.value)).toEqual([1.1, 2.2]);
  });

  it('supersede only the shapes they publish', async () => {
    const trend = new MemoryTrend();
    await trend.publish({ commit: commit(1), points: [...syntheticPoints(1, 0, 'warm'), ...syntheticPoints(1, 0, 'cold')] });
    await trend.publish({ commit: commit(1), points: syntheticPoints(1, 7, 'cold') });
    const { rows } = await readHistory(trend.read, LOCATION);
    expect(rows.map((r) => [r.case, r.value])).toEqual([
      ['warm / stage0', 1.1],
      ['cold / stage0', 8.1],
    ]);
  });

  it('keep the message, author and time of the commit they repeat when they were told nothing of it but its sha', async () => {
    const trend = new MemoryTrend();
    await trend.publish({ commit: commit(1), points: syntheticPoints(1, 0) });
    await trend.publish({ commit: commit(2), points: syntheticPoints(1, 1) });
    // What resolveCommitInfo gives when neither git here nor the API has the commit (rebased away).
    const unknown = { sha: commit(1).sha, message: '', author: '', timestamp: '2026-12-07T14:25:44.128Z' };
    const again = await trend.publish({ commit: unknown, points: syntheticPoints(1, 5) });
    expect(again.added[0]?.commit).toEqual(commit(1));
    expect(again.warnings).toEqual([
      `commit ${commit(1).sha.slice(0, 7)}: this run was told nothing of it but its sha (git here and the API do not have it), so the message, author and time an earlier run of it published (segment 0) are kept`,
    ]);
    const { rows } = await readHistory(trend.read, LOCATION);
    expect(rows.map((r) => [r.commit.slice(-1), r.message, r.author, r.timestamp, r.value])).toEqual([
      ['2', 'commit 2', 'Ada', commit(2).timestamp, 2.1],
      ['1', 'commit 1', 'Ada', commit(1).timestamp, 6.1],
    ]);
    // A commit the trend never held is published as it was given, and so is another job's run
    // of it told no more of it either: there is nothing to keep, and nothing is said.
    const fresh = { ...unknown, sha: commit(3).sha };
    expect((await trend.publish({ commit: fresh, points: syntheticPoints(1) })).added[0]?.commit).toEqual(fresh);
    const other = await trend.publish({ commit: { ...fresh, timestamp: '2026-12-07T15:00:00Z' }, points: syntheticPoints(1, 0, 'cold') });
    expect(other.warnings).toEqual([]);
  });

  it('say which cases of the run they replace they do not hold, which leave the trend at that commit; a re-run of the same cases says nothing', async () => {
    const trend = new MemoryTrend();
    const named = (names: string[], shift: number) => syntheticPoints(names.length, shift, 'go').map((p, i) => ({ ...p, case: `go / ${names[i]}` }));
    await trend.publish({ commit: commit(1), points: named(['BenchmarkA', 'BenchmarkB'], 0) });
    // Another job's go benchmarks under the same suite at the same commit: the shape is the format's name.
    const second = await trend.publish({ commit: commit(1), points: named(['BenchmarkC'], 1) });
    expect(second.warnings).toEqual([
      `suite "default" at ${commit(1).sha.slice(0, 7)}: this run replaces the points of shape "go" published for this commit before, but not 2 of their cases, "go / BenchmarkA", "go / BenchmarkB", which leave the trend at this commit; if another job benched them, give each job its own shape or suite`,
    ]);
    const { rows } = await readHistory(trend.read, LOCATION);
    expect(rows.map((r) => r.case)).toEqual(['go / BenchmarkC']);
    const again = await trend.publish({ commit: commit(1), points: named(['BenchmarkC'], 2) });
    expect(again.warnings).toEqual([]);
    // Another shape at that commit is not replaced, and a new commit replaces nothing.
    expect((await trend.publish({ commit: commit(1), points: syntheticPoints(1, 0, 'warm') })).warnings).toEqual([]);
    expect((await trend.publish({ commit: commit(2), points: named(['BenchmarkA'], 0) })).warnings).toEqual([]);
  });

  it('say it once when the job replaced is another of the same run: the line names the cases it leaves off', async () => {
    const trend = new MemoryTrend();
    const runUrl = 'https://github.com/o/r/actions/runs/7';
    const named = (names: string[], shift: number) => syntheticPoints(names.length, shift, 'go').map((p, i) => ({ ...p, case: `go / ${names[i]}` }));
    await trend.publish({ commit: commit(1), runUrl, points: named(['BenchmarkA'], 0) });
    const second = await trend.publish({ commit: commit(1), runUrl, points: named(['BenchmarkC'], 1) });
    expect(second.warnings).toEqual([
      `suite "default" at ${commit(1).sha.slice(0, 7)}: another job of this workflow run published shape "go" for this commit before (segment 0), and this job's points replace its points, without "go / BenchmarkA", which leaves the trend at this commit; two jobs that bench one shape of one suite replace each other's, so give each job its own shape or suite (a matrix: suite: \${{ matrix.os }})`,
    ]);
  });
});

describe('rollups', () => {
  it('are written once, by the publish that completes 16 and 256 segments, and take the place of what they gather', async () => {
    const trend = new MemoryTrend();
    const written: string[][] = [];
    const removed: string[][] = [];
    const added: Segment[] = [];
    for (let i = 0; i < 256; i++) {
      const plan = await trend.publish({ commit: commit(i), points: syntheticPoints(2, i) });
      written.push(logFiles(plan.files.keys()));
      removed.push(logFiles(plan.removed));
      added.push(...plan.added);
    }
    expect(written[14]).toEqual([chunkPath(0, 14), NEWEST_PATH, 'manifest.json']);
    expect(written[15]).toEqual([chunkPath(1, 0), NEWEST_PATH, 'manifest.json']);
    expect(removed[15]).toEqual([...Array(15).keys()].map((s) => chunkPath(0, s)));
    expect(written[31]).toEqual([chunkPath(1, 1), NEWEST_PATH, 'manifest.json']);
    expect(written[255]).toEqual([chunkPath(2, 0), NEWEST_PATH, 'manifest.json']);
    expect(removed[255]).toEqual([...[...Array(15).keys()].map((k) => chunkPath(1, k)), ...[...Array(15).keys()].map((s) => chunkPath(0, 240 + s))]);
    // Every segment is in exactly one chunk of the tree; the newest four are copied in newest.json.
    expect(logFiles(trend.files.keys()).sort()).toEqual([chunkPath(2, 0), NEWEST_PATH, 'manifest.json'].sort());
    expect(trend.newest()).toEqual(added.slice(252));
    expect(trend.json<{ level: number; index: number }>(chunkPath(2, 0))).toMatchObject({ schema: 'benchtrend/chunk', level: 2, index: 0 });
    expect(await loadSegments(trend.read, LOCATION, 0, 256)).toEqual(added);
    expect(await loadSegments(trend.read, LOCATION, 48, 64)).toEqual(added.slice(48, 64));
  });

  it('let a reader load any range from the fewest files, with the same result as the single segments', async () => {
    const trend = new MemoryTrend();
    for (let i = 0; i < 300; i++) await trend.publish({ commit: commit(i), points: syntheticPoints(1, i) });
    trend.reads.length = 0;
    const all = await loadSegments(trend.read, LOCATION, 0, 300);
    expect(all.map((s) => s.seq)).toEqual([...Array(300).keys()]);
    // The manifest, then one level-2 chunk (0..255), two level-1 (256..287), twelve singles (288..299).
    expect(trend.reads).toEqual(['manifest.json', chunkPath(2, 0), chunkPath(1, 16), chunkPath(1, 17), ...[...Array(12).keys()].map((i) => chunkPath(0, 288 + i))]);
    const part = await loadSegments(trend.read, LOCATION, 250, 270);
    expect(part).toEqual(all.slice(250, 270));
  });
});

describe('existing data that cannot be trusted stops the publish', () => {
  async function trendOf(n: number): Promise<MemoryTrend> {
    const trend = new MemoryTrend();
    for (let i = 0; i < n; i++) await trend.publish({ commit: commit(i), points: syntheticPoints(2, i) });
    return trend;
  }

  it('a manifest that is not JSON', async () => {
    const trend = await trendOf(2);
    trend.files.set('manifest.json', '{"schema": "benchtrend/manif');
    await expect(trend.publish({ commit: commit(9), points: syntheticPoints(2) })).rejects.toThrow(TrendDataError);
    await expect(trend.publish({ commit: commit(9), points: syntheticPoints(2) })).rejects.toThrow(
      /^gh-pages:dev\/bench\/manifest\.json: existing trend data is not JSON \(.*\); refusing to publish over it$/,
    );
    expect(trend.files.has(chunkPath(0, 2))).toBe(false);
  });

  it('an empty manifest', async () => {
    const trend = await trendOf(1);
    trend.files.set('manifest.json', '');
    await expect(trend.publish({ commit: commit(9), points: syntheticPoints(2) })).rejects.toThrow(/manifest\.json: existing trend data is not JSON \(the file is empty\)/);
  });

  it('a manifest that does not match its schema, naming the field', async () => {
    const trend = await trendOf(2);
    const m = trend.json<Record<string, unknown>>('manifest.json');
    trend.files.set('manifest.json', JSON.stringify({ ...m, segments: 'two' }));
    await expect(trend.publish({ commit: commit(9), points: syntheticPoints(2) })).rejects.toThrow(
      'gh-pages:dev/bench/manifest.json: existing trend data does not match the manifest schema: segments must be integer, got "two"; refusing to publish over it',
    );
    const { cases: _c, ...noCases } = m;
    trend.files.set('manifest.json', JSON.stringify(noCases));
    await expect(trend.publish({ commit: commit(9), points: syntheticPoints(2) })).rejects.toThrow(/manifest schema: the top level has no "cases"/);
  });

  it('a manifest written by a newer benchtrend', async () => {
    const trend = await trendOf(1);
    trend.files.set('manifest.json', JSON.stringify({ ...trend.json<object>('manifest.json'), version: 3 }));
    await expect(trend.publish({ commit: commit(9), points: syntheticPoints(2) })).rejects.toThrow(/written by a newer benchtrend \(trend format 3, this one reads 2\); upgrade benchtrend \(the action's version, or the npm package of the CLI\)/);
  });

  it('a corrupt segment the rollup would copy', async () => {
    const trend = await trendOf(15);
    const seg = trend.json<{ points: { value: unknown[] } }>(chunkPath(0, 7));
    trend.files.set(chunkPath(0, 7), JSON.stringify({ ...seg, points: { ...seg.points, value: [null, 1] } }));
    await expect(trend.publish({ commit: commit(99), points: syntheticPoints(2) })).rejects.toThrow(
      `${LOCATION}/${chunkPath(0, 7)}: existing trend data does not match the chunk schema: points.value[0] must be number, got null; refusing to publish over it`,
    );
  });

  it('a segment file holding another seq', async () => {
    const trend = await trendOf(15);
    trend.files.set(chunkPath(0, 3), trend.files.get(chunkPath(0, 4))!);
    await expect(trend.publish({ commit: commit(99), points: syntheticPoints(2) })).rejects.toThrow(`${LOCATION}/${chunkPath(0, 3)}: holds level-0 chunk 4 but its path is that of level-0 chunk 3`);
  });

  it('a segment missing from the middle of the log', async () => {
    const trend = await trendOf(15);
    trend.files.delete(chunkPath(0, 9));
    await expect(trend.publish({ commit: commit(99), points: syntheticPoints(2) })).rejects.toThrow(/data\/c\/0\/0000\/00000009\.json: missing, but .*manifest\.json lists segments up to 14, segment 9 among them; /);
    const longer = await trendOf(20);
    longer.files.delete(chunkPath(1, 0));
    // A reader of the older segments (history, a rebuilt regression state) names the chunk's range.
    await expect(longer.segment(3)).rejects.toThrow(/data\/c\/1\/0000\/00000000\.json: missing, but .*manifest\.json lists segments up to 19, segments 0 to 15 among them; /);
  });

  it('a file already where the next segment goes (a manifest behind its data)', async () => {
    const trend = await trendOf(3);
    const old = trend.files.get('manifest.json')!;
    await trend.publish({ commit: commit(50), points: syntheticPoints(2) });
    trend.files.set('manifest.json', old);
    await expect(trend.publish({ commit: commit(51), points: syntheticPoints(2) })).rejects.toThrow(
      `${LOCATION}/${chunkPath(0, 3)}: already exists but ${LOCATION}/manifest.json counts 3 segments; refusing to write over existing trend data`,
    );
  });

  it('segments without a manifest', async () => {
    const trend = await trendOf(2);
    trend.files.delete('manifest.json');
    await expect(trend.publish({ commit: commit(51), points: syntheticPoints(2) })).rejects.toThrow(/already exists but there is no .*manifest\.json; refusing to write over existing trend data/);
  });
});

describe('units', () => {
  it('converts a new point into the unit its case is stored in', async () => {
    const trend = new MemoryTrend();
    await trend.publish({ commit: commit(1), points: syntheticPoints(1, 0, 'warm', 's') });
    const plan = await trend.publish({ commit: commit(2), points: syntheticPoints(1, 0, 'warm', 'ms') });
    expect(plan.warnings).toEqual(['case "warm / stage0": converted from ms to s, the unit its trend is stored in']);
    const p = (await trend.segment(1)).points[0]!;
    expect(p).toMatchObject({ unit: 's', value: 0.0011, q1: 0.001, q3: 0.0012, min: 0.001, max: 0.0012, stdev: 0.0001 });
    expect(p.samples).toEqual([0.001, 0.0011, 0.0012]);
  });

  it('says the conversions of many cases in one line per pair of units', async () => {
    // A Catch2 run reports ns on every run into a history imported in us: one line, not one per case.
    const trend = new MemoryTrend();
    await trend.publish({ commit: commit(1), points: syntheticPoints(5, 0, 'warm', 's') });
    const plan = await trend.publish({ commit: commit(2), points: syntheticPoints(5, 0, 'warm', 'ms') });
    expect(plan.warnings).toEqual(['5 cases: "warm / stage0", "warm / stage1", "warm / stage2" and 2 more: converted from ms to s, the unit their trends are stored in']);
    const points = (await trend.segment(1)).points;
    expect(points.map((p) => p.unit)).toEqual(['s', 's', 's', 's', 's']);
    points.forEach((p, i) => expect(p.value).toBeCloseTo(0.0011 * (i + 1), 12));
  });

  it('refuses a unit that measures something else', async () => {
    const trend = new MemoryTrend();
    await trend.publish({ commit: commit(1), points: syntheticPoints(1, 0, 'warm', 's') });
    await expect(trend.publish({ commit: commit(2), points: syntheticPoints(1, 0, 'warm', 'B') })).rejects.toThrow(
      `case "warm / stage0" of suite "default" is stored in "s" in ${LOCATION}/manifest.json but this run reports "B", which does not convert to it; publish it under another suite or case name`,
    );
  });
});

describe('the page, annotations and alerts', () => {
  const page = (version: string) => ({ version, files: new Map([['index.html', new TextEncoder().encode(`<p>${version}</p>`)]]) });

  it('writes the page files only when their version changed', async () => {
    const trend = new MemoryTrend();
    const a = await trend.publish({ commit: commit(1), points: syntheticPoints(1), page: page('1') });
    expect(a.files.has('index.html')).toBe(true);
    expect(a.manifest.pageVersion).toBe('1');
    const b = await trend.publish({ commit: commit(2), points: syntheticPoints(1), page: page('1') });
    expect(b.files.has('index.html')).toBe(false);
    const c = await trend.publish({ commit: commit(3), points: syntheticPoints(1), page: page('2') });
    expect(c.files.get('index.html')).toEqual(new TextEncoder().encode('<p>2</p>'));
    expect(c.manifest.pageVersion).toBe('2');
  });

  it('writes a file of the page again, saying so, when it was taken off the branch, though the version is current; an edited one stays', async () => {
    const trend = new MemoryTrend();
    const exists = async (path: string) => trend.files.has(path);
    const two = (version: string) => ({ version, files: new Map([...page(version).files, ['page.js', new TextEncoder().encode('// js')]]) });
    await trend.publish({ commit: commit(1), points: syntheticPoints(1), page: two('1'), exists });
    trend.files.delete('page.js');
    trend.files.set('index.html', '<p>edited by hand</p>');
    const b = await trend.publish({ commit: commit(2), points: syntheticPoints(1), page: two('1'), exists });
    expect(b.warnings).toEqual([`${LOCATION}/page.js: not on the branch, though the trend's chart page is this version; written again, so that the chart loads`]);
    expect([...b.files.keys()].filter((p) => !p.startsWith('data/') && p !== 'manifest.json')).toEqual(['page.js']);
    expect(trend.files.get('index.html')).toBe('<p>edited by hand</p>');
    const c = await trend.publish({ commit: commit(3), points: syntheticPoints(1), page: two('1'), exists });
    expect(c.warnings).toEqual([]);
    expect(c.files.has('page.js')).toBe(false);
  });

  it("refuses a first publish over a page it did not write (a site's own index.html), but replaces github-action-benchmark's", async () => {
    const site = new MemoryTrend();
    site.files.set('index.html', '<h1>my site</h1>');
    await expect(site.publish({ commit: commit(1), points: syntheticPoints(1), page: page('1') })).rejects.toThrow(
      new InputError(`${LOCATION}/index.html: already exists and benchtrend did not write it (the branch's own site?); refusing to write the chart page over it: publish into a folder of its own, like dev/bench (data-dir, or --dir)`),
    );
    expect([...site.files.keys()]).toEqual(['index.html']);
    for (const files of [{ 'index.html': '<script src="data.js"></script>' }, { 'index.html': '<p>old page</p>', 'data.js': 'window.BENCHMARK_DATA = {}' }]) {
      const migrating = new MemoryTrend();
      for (const [path, text] of Object.entries(files)) migrating.files.set(path, text);
      const plan = await migrating.publish({ commit: commit(1), points: syntheticPoints(1), page: page('1') });
      expect(plan.files.get('index.html')).toEqual(new TextEncoder().encode('<p>1</p>'));
    }
  });

  it('merges annotations and keeps the ones no longer given', async () => {
    const trend = new MemoryTrend();
    await trend.publish({ commit: commit(1), points: syntheticPoints(1), annotations: [{ at: '2024-03-05', label: 'new runners' }] });
    const plan = await trend.publish({ commit: commit(2), points: syntheticPoints(1), annotations: [{ at: 'abcdef1', label: 'port to Rust' }] });
    expect(plan.manifest.annotations).toEqual([
      { at: '2024-03-05', label: 'new runners' },
      { at: 'abcdef1', label: 'port to Rust' },
    ]);
  });

  it('hands the regression capability the added segments and a loader, and stores what it returns', async () => {
    const trend = new MemoryTrend();
    for (let i = 0; i < 3; i++) await trend.publish({ commit: commit(i), points: syntheticPoints(1, i) });
    const plan = await trend.publish({
      commit: commit(7),
      points: syntheticPoints(1, 9),
      alerts: async ({ previous, added, manifest, load }) => {
        const all = await load(0, manifest.segments);
        const values = historyRows(all).map((r) => r.value);
        expect(previous).toEqual([]);
        expect(added.map((s) => s.seq)).toEqual([3]);
        expect(values).toEqual([1.1, 2.1, 3.1, 10.1]);
        return [{ kind: 'regression', suite: 'default', case: 'warm / stage0', sha: commit(7).sha, seq: 3, status: 'suspected', baseline: 2.1, value: 10.1, change: 3.81, reason: 'test' }];
      },
    });
    expect(plan.manifest.alerts).toHaveLength(1);
    expect(trend.json<Manifest>('manifest.json').alerts[0]).toMatchObject({ case: 'warm / stage0', seq: 3, status: 'suspected' });
    const next = await trend.publish({ commit: commit(8), points: syntheticPoints(1) });
    expect(next.manifest.alerts).toEqual(plan.manifest.alerts);
  });
});

describe('several groups in one publish', () => {
  const shared = { publishedAt: '2024-05-01T00:00:00Z', location: LOCATION };
  const group = (suite: string, n: number, points: Point[]): PublishGroup => ({ suite, commit: commit(n), points, runUrl: `https://github.com/o/r/actions/runs/${n}` });

  /** Plans the groups as one publish and applies its files, as the git effect would in one commit. */
  async function publishGroups(trend: MemoryTrend, groups: readonly PublishGroup[], extra: Partial<SharedInput> = {}): Promise<GroupsPlan> {
    const plan = await planGroups(trend.read, { ...shared, ...extra }, groups);
    trend.apply(plan);
    return plan;
  }

  async function trendOf(n: number): Promise<MemoryTrend> {
    const trend = new MemoryTrend();
    for (let i = 0; i < n; i++) await trend.publish({ commit: commit(i), points: syntheticPoints(2, i) });
    return trend;
  }

  it('gives the groups consecutive seqs and one manifest holding every suite’s cases, as separate publishes would', async () => {
    const together = await trendOf(2);
    const apart = await trendOf(2);
    const groups = [group('linux', 5, syntheticPoints(2, 1)), group('macos', 5, syntheticPoints(3, 2, 'cold'))];
    const plan = await publishGroups(together, groups);
    for (const g of groups) await apart.publish({ ...g });

    expect(plan.added.map((s) => [s.seq, s.suite])).toEqual([[2, 'linux'], [3, 'macos']]);
    expect(logFiles(plan.files.keys()).sort()).toEqual([chunkPath(0, 2), chunkPath(0, 3), NEWEST_PATH, 'manifest.json'].sort());
    expect(plan.plans.map((p) => p.added.map((s) => s.seq))).toEqual([[2], [3]]);
    // The second group was planned on the trend the first left: its manifest counted three segments.
    expect(plan.plans[1]!.previous?.segments).toBe(3);
    expect(plan.previous?.segments).toBe(2);
    const m = together.json<Manifest>('manifest.json');
    expect(m.segments).toBe(4);
    expect(m.suites).toEqual(['default', 'linux', 'macos']);
    expect(m.cases.map((c) => `${c.suite}:${c.case}:${c.firstSeq}`)).toEqual([
      'default:warm / stage0:0', 'default:warm / stage1:0',
      'linux:warm / stage0:2', 'linux:warm / stage1:2',
      'macos:cold / stage0:3', 'macos:cold / stage1:3', 'macos:cold / stage2:3',
    ]);
    // One commit of several groups writes exactly the files the same publishes one by one would.
    for (const path of [chunkPath(0, 2), chunkPath(0, 3), 'manifest.json', statePath(1, 'head'), statePath(2, 'head')]) expect(together.files.get(path)).toBe(apart.files.get(path));
    const { rows } = await readHistory(together.read, LOCATION);
    expect(rows.filter((r) => r.suite === 'macos').map((r) => [r.case, r.value, r.seq])).toEqual(groups[1]!.points.map((p) => [p.case, p.value, 3]));
    expect(rows.filter((r) => r.suite === 'linux').map((r) => [r.case, r.value, r.seq])).toEqual(groups[0]!.points.map((p) => [p.case, p.value, 2]));
  });

  it('lets a later group re-running an earlier group’s suite, shape and commit supersede it', async () => {
    const trend = await trendOf(1);
    const plan = await publishGroups(trend, [
      group('linux', 4, [...syntheticPoints(1, 0, 'warm'), ...syntheticPoints(1, 0, 'cold')]),
      group('macos', 4, syntheticPoints(1, 3, 'warm')),
      group('linux', 4, syntheticPoints(1, 7, 'warm')),
    ]);
    expect(plan.added.map((s) => s.seq)).toEqual([1, 2, 3]);
    const { rows } = await readHistory(trend.read, LOCATION);
    expect(rows.filter((r) => r.commit === commit(4).sha).map((r) => [r.suite, r.case, r.value, r.seq])).toEqual([
      ['linux', 'cold / stage0', 1.1, 1],
      ['macos', 'warm / stage0', 4.1, 2],
      ['linux', 'warm / stage0', 8.1, 3],
    ]);
    // Both linux segments are written; the reader resolves the re-run, nothing is edited.
    expect((await trend.segment(1)).points.map((p) => p.value)).toEqual([1.1, 1.1]);
    expect(trend.json<Manifest>('manifest.json').cases.find((c) => c.suite === 'linux' && c.case === 'warm / stage0')).toMatchObject({ firstSeq: 1, lastSeq: 3, points: 2 });
  });

  it('writes the rollup that falls due in the middle of the groups, holding the earlier groups’ segments', async () => {
    const trend = await trendOf(14);
    const plan = await publishGroups(trend, [group('a', 20, syntheticPoints(1, 1)), group('b', 20, syntheticPoints(1, 2)), group('c', 20, syntheticPoints(1, 3))]);
    expect(plan.added.map((s) => s.seq)).toEqual([14, 15, 16]);
    // Segment 14 goes into the level-1 chunk the second group completes: it never reaches the branch alone.
    expect(logFiles(plan.files.keys())).toEqual([NEWEST_PATH, 'manifest.json', chunkPath(1, 0), chunkPath(0, 16)]);
    expect(plan.removed).toEqual([...Array(14).keys()].map((s) => chunkPath(0, s)));
    expect(plan.plans.map((p) => logFiles(p.files.keys()))).toEqual([
      [chunkPath(0, 14), NEWEST_PATH, 'manifest.json'],
      [chunkPath(1, 0), NEWEST_PATH, 'manifest.json'],
      [chunkPath(0, 16), NEWEST_PATH, 'manifest.json'],
    ]);
    const rollup = await loadSegments(trend.read, LOCATION, 0, 16);
    expect(rollup.map((s) => s.seq)).toEqual([...Array(16).keys()]);
    expect(rollup.slice(14).map((s) => s.suite)).toEqual(['a', 'b']);
    // Readers get the same history through the rollup as through the single segments.
    const fromRollup = await loadSegments(trend.read, LOCATION, 0, 17);
    expect(fromRollup.map((s) => s.seq)).toEqual([...Array(17).keys()]);
    expect(trend.json<Manifest>('manifest.json').segments).toBe(17);
  });

  it('calls the alerts hook once per group with only its own segments, the earlier groups already in the history', async () => {
    const trend = await trendOf(2);
    const seen: { added: number[]; segments: number; previous: number; loaded: number[] }[] = [];
    const plan = await publishGroups(trend, [group('linux', 6, syntheticPoints(1, 1)), group('macos', 6, syntheticPoints(1, 2))], {
      alerts: async ({ previous, added, manifest, load }) => {
        seen.push({ added: added.map((s) => s.seq), segments: manifest.segments, previous: previous.length, loaded: (await load(0, manifest.segments)).map((s) => s.seq) });
        const s = added[0]!;
        return [...previous, { kind: 'regression', suite: s.suite, case: s.points[0]!.case, sha: s.commit.sha, seq: s.seq, status: 'suspected' }];
      },
    });
    expect(seen).toEqual([
      { added: [2], segments: 3, previous: 0, loaded: [0, 1, 2] },
      { added: [3], segments: 4, previous: 1, loaded: [0, 1, 2, 3] },
    ]);
    expect(plan.manifest.alerts.map((a) => [a.suite, a.seq])).toEqual([['linux', 2], ['macos', 3]]);
  });

  it('leaves out a group with no points, saying so, and refuses a publish of nothing', async () => {
    const trend = await trendOf(1);
    const plan = await publishGroups(trend, [group('empty', 3, []), group('linux', 3, syntheticPoints(1))]);
    expect(plan.added.map((s) => [s.seq, s.suite])).toEqual([[1, 'linux']]);
    expect(plan.groups.map((g) => g.suite)).toEqual(['linux']);
    expect(plan.warnings).toEqual([`suite "empty" at ${commit(3).sha.slice(0, 7)}: no points, nothing published for it`]);
    await expect(planGroups(trend.read, shared, [group('empty', 3, [])])).rejects.toThrow(/^nothing to publish: no points, and no history to import$/);
    await expect(planGroups(trend.read, shared, [])).rejects.toThrow(new InputError('nothing to publish: no group of points was given'));
  });
});
