/**
 * Stage attribution of a regressed total, from the verdicts of one judgement: on constructed
 * verdicts whose stages sum to the total, and through the publisher's alerts hook and the
 * pull-request comparison on histories built from real bench records.
 */
import { describe, expect, it } from 'vitest';
import { attributionLine } from '../../src/core/attribution.js';
import { buildPoints } from '../../src/core/cases.js';
import type { Point } from '../../src/core/model.js';
import { attributeVerdicts, attributionLines, type ShapedCase } from '../../src/core/regress/attribute-verdicts.js';
import type { CaseVerdict, VerdictKind } from '../../src/core/regress/detect.js';
import { Random } from '../../src/core/regress/prng.js';
import { DEFAULT_ALERT_SETTINGS } from '../../src/core/regress/settings.js';
import { parseCommitCommentData, refreshCommentRows, renderCommitComment, renderPullRequestComment, rowFromVerdict, type CommentRow } from '../../src/core/render-comment.js';
import { regressionAnnotations, regressionEntries, renderVerdictTable } from '../../src/core/render-verdicts.js';
import { parseRecord } from '../../src/formats/record.js';
import { comparePullRequest, regressionDeriver, type RegressionOutcome } from '../../src/jobs/regressions.js';
import { commit, LOCATION, MemoryTrend } from './trend-memory.js';

const SHA = 'a'.repeat(40);

interface Made {
  readonly verdict: CaseVerdict;
  readonly shaped: ShapedCase;
}

/** A verdict as assessCase shapes it, with only what attribution reads chosen by the test. */
function made(shape: string, metric: string, value: number, baseline: number | undefined, kind: VerdictKind = 'unchanged', unit = 's'): Made {
  const name = `${shape} / ${metric}`;
  const verdict: CaseVerdict = {
    suite: 'default',
    case: name,
    unit,
    direction: 'smaller',
    sha: SHA,
    seq: 31,
    value,
    q1: value,
    q3: value,
    runs: 3,
    n: 3,
    kind,
    method: 'limit',
    ...(baseline !== undefined
      ? { baseline: { median: baseline, q1: baseline, q3: baseline, count: 30 }, change: value / baseline - 1 }
      : {}),
    reason: kind,
    transitions: [],
    recent: baseline !== undefined ? [baseline, value] : [value],
  };
  return { verdict, shaped: { case: name, shape } };
}

function attribute(list: readonly Made[]): CaseVerdict[] {
  return attributeVerdicts(
    list.map((m) => m.verdict),
    list.map((m) => m.shaped),
  );
}

const byCase = (verdicts: readonly CaseVerdict[], name: string) => verdicts.find((v) => v.case === name) as CaseVerdict;

/** cold-recreate before and after, stages summing to the total on both sides. */
const STAGES = {
  'host-prep': [0.02, 0.02],
  'devpod-up': [2.0, 3.1],
  tools: [0.5, 0.58],
  attach: [1.48, 1.51],
} as const;
const sum = (side: 0 | 1) => Object.values(STAGES).reduce((t, s) => t + s[side], 0);

describe('attributing a regressed total from its stages’ verdicts', () => {
  const verdicts = attribute([
    made('cold-recreate', 'total', sum(1), sum(0), 'regressed'),
    ...Object.entries(STAGES).map(([stage, [before, after]]) => made('cold-recreate', stage, after, before, after > before * 1.1 ? 'regressed' : 'unchanged')),
  ]);
  const total = byCase(verdicts, 'cold-recreate / total');

  it('gives each stage its share of the change, the stages summing to the total', () => {
    const a = total.attribution!;
    expect(a.delta).toBeCloseTo(sum(1) - sum(0), 12);
    for (const share of a.owners) {
      const [before, after] = STAGES[share.stage as keyof typeof STAGES];
      expect(share.delta).toBeCloseTo(after - before, 12);
      expect(share.share).toBeCloseTo((after - before) / (sum(1) - sum(0)), 12);
    }
    expect(a.owners.map((s) => s.stage)).toEqual(['devpod-up', 'tools', 'attach']);
    expect(a.unaccounted).toBeCloseTo(0, 12);
    expect(a.against).toEqual([]);
    expect(attributionLines(verdicts)).toEqual(['cold-recreate / total +1.21 s: devpod-up +1.10 s (91%), tools +0.08 s (7%), 1 other +0.03 s (2%)']);
  });

  it('attributes only the total: a stage, even a regressed one, carries none', () => {
    expect(verdicts.filter((v) => v.attribution).map((v) => v.case)).toEqual(['cold-recreate / total']);
    const entries = regressionEntries(verdicts);
    expect(entries.map((e) => [e.case, e.attribution])).toEqual([
      ['cold-recreate / total', 'cold-recreate / total +1.21 s: devpod-up +1.10 s (91%), tools +0.08 s (7%), 1 other +0.03 s (2%)'],
      ['cold-recreate / devpod-up', undefined],
      ['cold-recreate / tools', undefined],
    ]);
    expect(regressionAnnotations(verdicts)[0]?.message).toMatch(/; by stage: cold-recreate \/ total \+1\.21 s: devpod-up \+1\.10 s \(91%\)/);
  });

  it('names a stage that moved against the total', () => {
    const v = attribute([
      made('warm', 'total', 2.5, 2.0, 'regressed'),
      made('warm', 'devpod-up', 1.1, 0.5, 'regressed'),
      made('warm', 'attach', 1.4, 1.5, 'improved'),
    ]);
    const a = byCase(v, 'warm / total').attribution!;
    expect(a.against.map((s) => [s.stage, s.delta])).toEqual([['attach', -0.1]]);
    expect(a.against[0]?.share).toBeCloseTo(-0.1 / 0.5, 12);
    expect(a.owners[0]?.share).toBeCloseTo(0.6 / 0.5, 12);
    expect(attributionLines(v)).toEqual(['warm / total +500 ms: devpod-up +600 ms (120%); against: attach -100 ms (-20%)']);
  });

  it('gives no line for a total whose stages were not benched', () => {
    const v = attribute([made('warm', 'total', 2.5, 2.0, 'regressed'), made('cold', 'attach', 3, 1, 'regressed')]);
    expect(v.every((x) => x.attribution === undefined)).toBe(true);
    expect(attributionLines(v)).toEqual([]);
    expect(regressionEntries(v).every((e) => !('attribution' in e))).toBe(true);
  });

  it('says which stages have no baseline rather than inventing one', () => {
    const some = attribute([made('warm', 'total', 2.5, 2.0, 'regressed'), made('warm', 'attach', 2.0, 1.5), made('warm', 'tools', 0.5, undefined, 'not-enough-history')]);
    expect(byCase(some, 'warm / total').attribution?.withoutBaseline).toEqual(['tools']);
    expect(attributionLines(some)).toEqual(['warm / total +500 ms: attach +500 ms (100%); no baseline yet: tools']);

    const none = attribute([made('warm', 'total', 2.5, 2.0, 'regressed'), made('warm', 'tools', 0.5, undefined, 'not-enough-history')]);
    expect(attributionLines(none)).toEqual(['warm / total +500 ms: no stage with a baseline moved with it; no baseline yet: tools']);

    // Part of the change lies in a stage that cannot be judged yet, so the rest is not "outside the stages".
    const part = attribute([made('warm', 'total', 2.5, 2.0, 'regressed'), made('warm', 'attach', 1.8, 1.5), made('warm', 'tools', 0.7, undefined, 'not-enough-history')]);
    expect(attributionLines(part)).toEqual(['warm / total +500 ms: attach +300 ms (60%), outside the stages compared +200 ms (40%); no baseline yet: tools']);
  });

  it('attributes only a total judged worse at this commit', () => {
    for (const kind of ['unchanged', 'watch', 'improved', 'step', 'not-enough-history'] as const) {
      const v = attribute([made('warm', 'total', 2.5, 2.0, kind), made('warm', 'attach', 2.0, 1.5)]);
      expect(attributionLines(v)).toEqual([]);
      expect(byCase(v, 'warm / total').attribution).toBeUndefined();
    }
  });

  it('takes the stages of the total’s own shape and unit, as the points name the shape', () => {
    const v = attribute([
      made('warm', 'total', 2.5, 2.0, 'regressed'),
      made('warm', 'attach', 2.0, 1.5),
      // Another shape whose name starts like this one, and a stage measured in another unit.
      made('warm / big', 'attach', 9, 1),
      made('warm', 'rss', 900, 300, 'unchanged', 'MB'),
    ]);
    expect(attributionLines(v)).toEqual(['warm / total +500 ms: attach +500 ms (100%)']);
    const nested = attribute([made('warm / big', 'total', 3, 2, 'regressed'), made('warm / big', 'attach', 2.5, 1.5), made('warm', 'attach', 2, 1)]);
    expect(attributionLines(nested)).toEqual(['warm / big / total +1.00 s: attach +1.00 s (100%)']);
  });
});

/** A cold-recreate record of three runs whose stages sum to the total in every run. */
function record(rng: Random, steps: Readonly<Record<string, number>> = {}, noisy = true): string {
  const job = noisy ? Math.exp(0.02 * rng.normal()) : 1;
  const runs = [0.99, 1, 1.01].map((f) => {
    const stages = Object.fromEntries(Object.entries(STAGES).map(([s, [before]]) => [s, (before + (steps[s] ?? 0)) * job * f]));
    const total = Object.values(stages).reduce((t, x) => t + x, 0);
    return { wall_seconds: total + 0.1, total_seconds: total, stages };
  });
  return JSON.stringify({ command: ['dl', 'owner/repo'], n: 3, shape: 'cold-recreate', runs });
}

const pointsOf = (text: string): Point[] => buildPoints([parseRecord('cold-recreate.json', text)]).points;
const SLOWER = { 'devpod-up': 1.1, tools: 0.3, attach: -0.2 };

/** Checks an attribution against the verdicts it was made from, stage by stage. */
function expectFromVerdicts(verdicts: readonly CaseVerdict[]): void {
  const total = byCase(verdicts, 'cold-recreate / total');
  const a = total.attribution!;
  expect(a.delta).toBeCloseTo(total.value - total.baseline!.median, 9);
  const stages = verdicts.filter((v) => v !== total);
  expect(stages.map((v) => v.case).sort()).toEqual(Object.keys(STAGES).map((s) => `cold-recreate / ${s}`).sort());
  for (const s of [...a.owners, ...a.against]) {
    const v = byCase(verdicts, `cold-recreate / ${s.stage}`);
    expect(s.before).toBe(v.baseline!.median);
    expect(s.after).toBe(v.value);
  }
  // Every run's stages sum to its total and all cases share one baseline window here, so the shares add up.
  const shares = [...a.owners, ...a.against].reduce((t, s) => t + s.share, 0) + a.unaccounted / a.delta;
  expect(shares).toBeCloseTo(1, 9);
  expect(Math.abs(a.unaccounted)).toBeLessThan(1e-9);
  expect(a.owners[0]?.stage).toBe('devpod-up');
  expect(a.owners[0]?.share).toBeGreaterThan(0.8);
  expect(a.against.map((s) => s.stage)).toContain('attach');
}

describe('attribution where a regression is found', () => {
  it('publish: the regressed total carries its stages’ shares in the outcome and regressions-json', async () => {
    const trend = new MemoryTrend();
    const rng = new Random(21);
    let outcome: RegressionOutcome | undefined;
    // The slower stages move most of the suite's cases from commit 31 on, which without control
    // cases may be the runner (the run would wait while the rest keeps moving, steps 5d′ and 5d″);
    // the untouched host-prep is named a control case, so the run of two is raised at commit 32.
    const settings = { ...DEFAULT_ALERT_SETTINGS, controlCases: ['cold-recreate / host-prep'] };
    for (let n = 1; n <= 32; n++) {
      const deriver = regressionDeriver('default', settings);
      await trend.publish({ commit: commit(n), points: pointsOf(record(rng, n > 30 ? SLOWER : {})), alerts: deriver.derive });
      outcome = deriver.outcome();
    }
    const verdicts = outcome!.verdicts;
    expect(byCase(verdicts, 'cold-recreate / total').kind).toBe('regressed');
    expect(byCase(verdicts, 'cold-recreate / total').run?.count).toBe(2);
    expectFromVerdicts(verdicts);
    const entry = outcome!.regressions.find((r) => r.case === 'cold-recreate / total');
    expect(entry?.attribution).toBe(attributionLine(byCase(verdicts, 'cold-recreate / total').attribution!));
    expect(entry?.attribution).toMatch(/^cold-recreate \/ total \+1\.\d\d s: devpod-up \+1\.\d\d s \(\d\d%\)/);
    expect(entry?.attribution).toMatch(/; against: attach -0\.\d\d s \(-\d+%\)/);
    expect(outcome!.regressions.filter((r) => r.attribution).map((r) => r.case)).toEqual(['cold-recreate / total']);
  });

  it('pull request: the head’s total worse than the base trend is attributed the same way', async () => {
    const trend = new MemoryTrend();
    const rng = new Random(22);
    for (let n = 1; n <= 30; n++) await trend.publish({ commit: commit(n), points: pointsOf(record(rng)) });
    const verdicts = await comparePullRequest(trend.read, LOCATION, 'default', pointsOf(record(rng, SLOWER, false)), 'f'.repeat(40), DEFAULT_ALERT_SETTINGS);
    expect(byCase(verdicts, 'cold-recreate / total').kind).toBe('regressed');
    expectFromVerdicts(verdicts);
    expect(attributionLines(verdicts)).toHaveLength(1);
  });

  it('pull request against an empty trend: nothing regressed, nothing attributed', async () => {
    const verdicts = await comparePullRequest(new MemoryTrend().read, LOCATION, 'default', pointsOf(record(new Random(1), SLOWER)), 'f'.repeat(40), DEFAULT_ALERT_SETTINGS);
    expect(verdicts.every((v) => v.kind === 'not-enough-history' && v.attribution === undefined)).toBe(true);
  });
});

const NASTY = '<img src=x onerror=alert(1)> @octocat *x* #12';

/** Markdown back to the characters it shows: backslash escapes and the zero-width spaces removed. */
const shown = (md: string) => md.replace(/\\([!-/:-@[-`{-~])/g, '$1').replace(/\u200b/g, '');

describe('attribution where a maintainer reads it', () => {
  const verdicts = attribute([
    made('warm', 'total', 2.5, 2.0, 'regressed'),
    made('warm', NASTY, 1.1, 0.5, 'regressed'),
    made('warm', 'attach', 1.4, 1.5, 'improved'),
  ]);
  const [line] = attributionLines(verdicts);
  const bullets = (md: string) => md.split('\n').filter((l) => l.startsWith('- '));

  it('has the line the issue asks for, with the stage named as it is', () => {
    expect(line).toBe(`warm / total +500 ms: ${NASTY} +600 ms (120%); against: attach -100 ms (-20%)`);
  });

  it('commit comment: one line per regressed total under the table, escaped, kept when the comment is rewritten', () => {
    const rows = verdicts.map(rowFromVerdict).filter((r): r is CommentRow => r !== undefined);
    const data = { suite: 'default', sha: SHA, rows, cases: verdicts.length, attributions: attributionLines(verdicts) };
    const body = renderCommitComment(data);
    const lines = body.split('\n');
    const lastRow = lines.findLastIndex((l) => l.startsWith('| '));
    // The folded cases' table (when the group has more than one) closes before the split.
    const after = lines.slice(lastRow + 1).join('\n').replace(/^\n<\/details>\n\n/, '\n').split('\n');
    expect(after.slice(0, 4)).toEqual(['', 'Where the total moved, stage by stage (each stage against its own baseline):', '', bullets(body)[0]]);
    expect(bullets(body).map(shown)).toEqual([`- ${line}`]);
    // Text, never markup: no tag, no mention, no issue link.
    expect(bullets(body)[0]).not.toMatch(/(?<!\\)[<>*]/);
    expect(bullets(body)[0]).not.toMatch(/@[a-z]/);
    expect(bullets(body)[0]).toContain('\\#\u200b12');

    const stored = parseCommitCommentData(body);
    expect(stored?.attributions).toEqual([line]);
    const confirmed = refreshCommentRows(stored, [{ kind: 'regression', suite: 'default', case: 'warm / total', sha: SHA, seq: 31, status: 'confirmed', reason: 'confirmed: a lasting step' }], () => undefined);
    const again = renderCommitComment({ ...stored!, rows: confirmed });
    expect(again).toContain('**confirmed**');
    expect(bullets(again).map(shown)).toEqual([`- ${line}`]);
  });

  it('commit comment without a table (comment-always with the total still regressed) keeps the line', () => {
    const body = renderCommitComment({ suite: 'default', sha: SHA, rows: [], cases: 3, ongoing: [{ case: 'warm / total', since: 'b'.repeat(40) }], attributions: [line as string] });
    expect(body).toContain('no regression starts at');
    expect(body.indexOf('Where the total moved')).toBeGreaterThan(body.indexOf('Still beyond the limit'));
    expect(bullets(body).map(shown)).toEqual([`- ${line}`]);
  });

  it('no line when no total regressed', () => {
    const quiet = attribute([made('warm', 'total', 2.0, 2.0), made('warm', 'attach', 1.5, 1.5)]);
    expect(renderCommitComment({ suite: 'default', sha: SHA, rows: [], cases: 2, attributions: attributionLines(quiet) })).not.toContain('Where the total moved');
    expect(renderVerdictTable(quiet, 'quiet')).not.toContain('Where the total moved');
  });

  it('job summary: under the verdict table', () => {
    const table = renderVerdictTable(verdicts, 'Regressions in default');
    const lines = table.split('\n');
    const at = lines.findIndex((l) => l.startsWith('Where the total moved'));
    expect(at).toBeGreaterThan(lines.findLastIndex((l) => l.startsWith('| ')));
    expect(at).toBeLessThan(lines.findIndex((l) => l.startsWith('Change is against')));
    expect(bullets(table).map(shown)).toEqual([`- ${line}`]);
  });

  it('pull-request comment: under its table', () => {
    const body = renderPullRequestComment({ suite: 'default', sha: SHA, base: 'main', verdicts });
    expect(body).toContain('Where the total moved');
    expect(bullets(body).map(shown)).toEqual([`- ${line}`]);
  });
});
