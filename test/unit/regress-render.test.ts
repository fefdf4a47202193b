import { describe, expect, it } from 'vitest';
import { parsePermalink } from '../../page/lib/permalink.js';
import { memoryOf, updateAlerts } from '../../src/core/regress/alerts.js';
import { assessCase, NO_MEMORY, type CaseVerdict, type SeriesPoint } from '../../src/core/regress/detect.js';
import { escapeMarkdown } from '../../src/core/markdown.js';
import { DEFAULT_ALERT_SETTINGS } from '../../src/core/regress/settings.js';
import {
  caseLink,
  ccLine,
  commitCommentMarker,
  parseCommitCommentData,
  refreshCommentRows,
  renderCommitComment,
  renderPullRequestComment,
  rowFromVerdict,
  type CommitCommentData,
} from '../../src/core/render-comment.js';
import { regressionAnnotations, regressionEntries, renderVerdictTable, sparkline } from '../../src/core/render-verdicts.js';
import { fitStepSummary, STEP_SUMMARY_LIMIT } from '../../src/core/render-summary.js';
import { docsUrlOf } from '../../src/runner.js';
import { attributeChange, attributionLine } from '../../src/core/attribution.js';
import { textTable } from '../../src/core/text-table.js';

const NASTY = '<img src=x onerror=alert(1)> | @octocat *bold* _it_ `code` #12 -->';

function verdictOf(name: string, values: readonly number[], unit = 's'): CaseVerdict {
  const points: SeriesPoint[] = values.map((value, i) => ({ sha: `${i}`.padStart(40, 'a'), seq: i, value, q1: value * 0.98, q3: value * 1.02, runs: 5, n: 5 }));
  return assessCase({ suite: 'nightly', case: name, unit, direction: 'smaller', points }, NO_MEMORY, DEFAULT_ALERT_SETTINGS, { suiteCases: 3 }).verdict;
}

const flat = (n: number, level = 1) => Array.from({ length: n }, (_, i) => level * (1 + 0.01 * Math.sin(i * 1.7)));
const regressed = verdictOf(NASTY, [...flat(30, 2), 2.6, 2.62]);
const quiet = verdictOf('warm / attach', flat(32, 0.4));

/** Table cells of a markdown row: split at pipes that are not backslash-escaped. */
function cells(line: string): string[] {
  return line
    .replace(/^\|/, '')
    .replace(/\|$/, '')
    .split(/(?<!\\)\|/)
    .map((c) => c.trim());
}

describe('markdown escaping', () => {
  it('leaves no markup, no mention and no issue link in a name', () => {
    const text = escapeMarkdown(NASTY);
    expect(text).not.toMatch(/(?<!\\)[<>]/);
    expect(text).not.toMatch(/@[A-Za-z]/);
    expect(text).toContain('@\u200boctocat');
    expect(text).toContain('\\#\u200b12');
    expect(text).toContain('\\*bold\\*');
    expect(text).toContain('\\`code\\`');
    expect(text).toContain('\\|');
    expect(text).not.toMatch(/(?<!\\)\|/);
  });

  it('links no issue through the GH-<number> form either', () => {
    // GitHub autolinks `GH-26` as it does `#26`, and the issue then shows the comment as a mention.
    expect(escapeMarkdown('fix GH-26 and gh-7 / warm')).toBe('fix GH\\-\u200b26 and gh\\-\u200b7 / warm');
    expect(escapeMarkdown('GHz-2 / MiGH-')).toBe('GHz\\-2 / MiGH\\-');
  });
});

describe('the link to the method', () => {
  const docsUrl = docsUrlOf('https://github.com', 'owner/benchtrend', 'v1');
  it('is the docs of the action at the ref the workflow runs, and nothing for a local or odd one', () => {
    expect(docsUrl).toBe('https://github.com/owner/benchtrend/blob/v1/docs/alerts.md');
    expect(docsUrlOf('https://github.com', '', '')).toBeUndefined();
    expect(docsUrlOf('https://github.com', 'owner/benchtrend', 'v1 (x)')).toBeUndefined();
  });
  it('turns a reason’s "(details: docs/alerts.md)" into a link in the comment and the job summary, and adds it under the comment', () => {
    expect(regressed.reason).toMatch(/\(details: docs\/alerts\.md\)$/);
    const data: CommitCommentData = { suite: 'nightly', sha: 'a'.repeat(40), rows: [rowFromVerdict(regressed)].filter((r) => r !== undefined), cases: 2 };
    const body = renderCommitComment(data, docsUrl ? { docsUrl } : {});
    expect(body).toContain(` ([details](${docsUrl})) |`);
    expect(body).toContain(`[How alerts are decided](${docsUrl})`);
    expect(renderVerdictTable([regressed], 'Benchmarks', docsUrl ? { docsUrl } : {})).toContain(` ([details](${docsUrl})) |`);
    // Without the address, the words stay plain text, escaped.
    expect(renderCommitComment(data)).toContain('\\(details\\: docs/alerts\\.md\\)');
  });
});

describe('the commit comment', () => {
  const data: CommitCommentData = { suite: 'nightly', sha: 'a'.repeat(40), rows: [rowFromVerdict(regressed)].filter((r) => r !== undefined), cases: 2 };
  const body = renderCommitComment(data, { pagesUrl: 'https://owner.github.io/repo/dev/bench/', runUrl: 'https://github.com/owner/repo/actions/runs/1' }, ['@alice', 'bob', '@evil <script>']);

  it('starts with its marker and shows one row per regressed case with every column', () => {
    expect(body.startsWith(`${commitCommentMarker('nightly')}\n`)).toBe(true);
    const rows = body.split('\n').filter((l) => l.startsWith('| ') && !l.startsWith('| Case') && !l.startsWith('| ---'));
    expect(rows).toHaveLength(1);
    const [name, base, value, change, status, why] = cells(rows[0] as string);
    expect(name).toMatch(/^\[.*\]\(https:\/\/owner\.github\.io\/repo\/dev\/bench\/#case=.*&suite=nightly&commit=a{40}\)$/);
    expect(base).toMatch(/^(1\.99\d*|2(\.00\d*)?) s \(1\.9\d*–2\.0\d*\)$/);
    expect(value).toMatch(/^2\.62 s \(2\.5\d*–2\.6\d*\)$/);
    expect(change).toMatch(/^\+3\d% worse$/);
    expect(status).toBe('suspected');
    // The change is in its own column; the reason goes on from it.
    expect(why?.replace(/\\/g, '')).toMatch(/^2 commits in a row are above 2\.0\d* s, the most that the last 30 commits make plausible/);
  });

  it('mentions only the valid cc users, and nobody through a case name', () => {
    expect(body).toContain('cc @alice @bob');
    expect(body).not.toContain('@evil');
    expect(body.match(/(?<![\w\u200b])@[A-Za-z]/g)).toEqual(['@a', '@b']);
  });

  it('links each case to its chart with a permalink the page reads back', () => {
    const link = caseLink('https://owner.github.io/repo/dev/bench/', 'nightly', NASTY);
    expect(link).not.toMatch(/[()\s]/);
    expect(parsePermalink(new URL(link).hash)).toEqual({ case: NASTY, suite: 'nightly' });
  });

  it('links each row to the chart at the commit it is on, a link the page reads back', () => {
    const row = body.split('\n').find((l) => l.startsWith('| [')) as string;
    const link = /\]\((\S+)\) \|/.exec(row)?.[1] as string;
    expect(link).not.toMatch(/[()\s]/);
    expect(parsePermalink(new URL(link).hash)).toEqual({ case: NASTY, suite: 'nightly', commit: data.sha });
    // Not a sha: left out, rather than a link the page cannot follow.
    expect(caseLink('https://owner.github.io/repo/dev/bench/', 'nightly', 'a', 'HEAD) [x](y')).toBe('https://owner.github.io/repo/dev/bench/#case=a&suite=nightly');
  });

  it('carries its rows as data that survives any name, so a later run can rewrite it', () => {
    expect(parseCommitCommentData(body)).toEqual(data);
    expect(body.match(/-->/g)).toHaveLength(2);
    expect(parseCommitCommentData('no data here')).toBeUndefined();
  });

  it('keeps what was measured when a later run confirms the alert', () => {
    const rows = refreshCommentRows(data, [{ kind: 'regression', suite: 'nightly', case: NASTY, sha: data.sha, seq: 31, status: 'confirmed', reason: 'confirmed: a lasting step' }], () => undefined);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'confirmed', band: data.rows[0]?.band, value: data.rows[0]?.value, why: 'confirmed: a lasting step' });
    const again = renderCommitComment({ ...data, rows });
    expect(again).toContain('**confirmed**');
  });

  it('says there is no regression when asked to comment always', () => {
    const none = renderCommitComment({ suite: 'nightly', sha: 'b'.repeat(40), rows: [], cases: 12, watch: ['warm / total'] });
    expect(none).toContain('### benchtrend: no regression in suite `nightly` at bbbbbbb');
    expect(none).toContain('12 cases judged');
    expect(none).toContain('On watch');
    expect(none).not.toContain('cc ');
  });

  it('does not say none is beyond its limit above the cases it lists as beyond it', () => {
    const still = renderCommitComment({ suite: 'nightly', sha: 'b'.repeat(40), rows: [], cases: 9, watch: ['warm / a'], ongoing: [{ case: 'cold / parse', since: 'c'.repeat(40) }] });
    expect(still).toContain('### benchtrend: no regression starts at bbbbbbb in suite `nightly`');
    expect(still).toContain('9 cases judged against their recent history; 1 is worse, from a step that starts at an earlier commit.');
    expect(still).not.toContain('none is worse beyond its limit');
    const watch = renderCommitComment({ suite: 'nightly', sha: 'b'.repeat(40), rows: [], cases: 9, watch: ['warm / a'] });
    expect(watch).toContain('### benchtrend: no regression in suite `nightly` at bbbbbbb');
    expect(watch).not.toContain('none is worse beyond its limit');
    expect(watch).toContain('9 cases judged against their recent history; none raised a regression here.');
    const quietOnes = renderCommitComment({ suite: 'nightly', sha: 'b'.repeat(40), rows: [], cases: 9 });
    expect(quietOnes).toContain('9 cases judged against their recent history; none is worse beyond its limit.');
  });

  it('heads a group with the cases that still stand, as its title counts them and the page lists them', () => {
    const row = (name: string, change: number, status: 'suspected' | 'confirmed' | 'cleared') =>
      ({ case: name, unit: 's', direction: 'smaller', kind: 'regression', status, baseline: 1, value: 1 + change, change, why: 'x' }) as const;
    const rows = [row('cold / a', 0.3, 'confirmed'), row('cold / b', 0.2, 'cleared'), row('cold / c', 0.1, 'confirmed')];
    const body = renderCommitComment({ suite: 'nightly', sha: 'b'.repeat(40), rows });
    expect(body).toContain('### ⚠️ benchtrend: 2 regressions in suite `nightly` at bbbbbbb');
    expect(body).toContain('**2 cases \\+10% to \\+30% worse at bbbbbbb**');
    expect(body).toContain('~~cleared~~');
    const oneLeft = renderCommitComment({ suite: 'nightly', sha: 'b'.repeat(40), rows: rows.slice(0, 2) });
    expect(oneLeft).not.toMatch(/\*\*\d+ cases/);
    const none = renderCommitComment({ suite: 'nightly', sha: 'b'.repeat(40), rows: rows.map((r) => ({ ...r, status: 'cleared' as const })) });
    expect(none).toContain('were cleared');
    expect(none).not.toMatch(/\*\*\d+ cases/);
  });

  it('does not say "none is worse" of a commit where cases are still, or newly, beyond their limits', () => {
    const since = 'c'.repeat(40);
    const still = renderCommitComment({ suite: 'nightly', sha: 'b'.repeat(40), rows: [], cases: 12, ongoing: [{ case: 'warm / total', since }] });
    expect(still).toContain('### benchtrend: no regression starts at bbbbbbb in suite `nightly`');
    expect(still).toContain('12 cases judged against their recent history; 1 is worse, from a step that starts at an earlier commit.');
    expect(still).not.toContain('none is worse');
    const raised = renderCommitComment({ suite: 'nightly', sha: 'b'.repeat(40), rows: [], cases: 12, raisedElsewhere: [{ case: 'warm / total', at: since }, { case: 'warm / attach', at: since }] });
    expect(raised).toContain('### ⚠️ benchtrend: no regression starts at bbbbbbb in suite `nightly`');
    expect(raised).toContain('Raised by this run, each at the commit where its step starts: warm / total (at ccccccc), warm / attach (at ccccccc).');
    // Kept in the hidden data, so a later rewrite of this comment says it again.
    expect(parseCommitCommentData(raised)?.raisedElsewhere).toHaveLength(2);
  });

  it('names 30 cases on watch or still beyond the limit and counts the rest', () => {
    const names = Array.from({ length: 100 }, (_, i) => `warm / stage${i}`);
    const body = renderCommitComment({ suite: 'nightly', sha: 'b'.repeat(40), rows: [], cases: 100, watch: names, ongoing: names.map((n) => ({ case: n, since: 'c'.repeat(40) })) });
    expect(body).toContain('warm / stage29 and 70 more.');
    expect(body).toContain('warm / stage29 (since ccccccc) and 70 more.');
    expect(body).not.toContain('warm / stage30');
  });

  it('keeps the names it lists in its hidden data, and counts the rest there, so a rewrite says as much', () => {
    const names = Array.from({ length: 600 }, (_, i) => `bench_${'x'.repeat(400)}_${i}`);
    const first = renderCommitComment({ suite: 'nightly', sha: 'b'.repeat(40), rows: [], cases: 600, watch: names });
    expect(first.length).toBeLessThanOrEqual(65_536);
    const kept = parseCommitCommentData(first)!;
    expect(kept.watch?.length ?? 0).toBeLessThanOrEqual(30);
    const said = /On watch .*: (.*)\.$/m.exec(first)?.[1];
    expect(said).toMatch(/ and \d+ more$/);
    // A later run confirming a row rewrites it from that data: the same names, the same count.
    const again = renderCommitComment({ ...kept, suite: 'nightly', rows: [] });
    expect(/On watch .*: (.*)\.$/m.exec(again)?.[1]).toBe(said);
    expect(again).toBe(first);
  });

  it('cuts a long name in its title and rows, never the marker a later run finds it by', () => {
    const suite = 's'.repeat(100_000);
    const body = renderCommitComment({ ...data, suite, rows: [{ ...data.rows[0]!, case: `warm / ${'c'.repeat(5_000)}` }] }, { pagesUrl: 'https://o.github.io/r/dev/bench/' });
    expect(body.length).toBeLessThanOrEqual(65_536);
    expect(body.startsWith(commitCommentMarker(suite))).toBe(true);
    expect(commitCommentMarker(suite)).not.toBe(commitCommentMarker(`${suite}t`));
    expect(body).toMatch(/^### ⚠️ benchtrend: 1 regression in suite `s+…s+ \(99,820 characters left out\)` at aaaaaaa$/m);
    expect(body).toContain('warm / cccc');
    expect(body).toContain('\\(4,827 characters left out\\)');
    const pr = renderPullRequestComment({ suite, sha: 'a'.repeat(40), base: 'main', verdicts: [regressed] });
    expect(pr.length).toBeLessThanOrEqual(65_536);
  });

  it('holds the most significant rows that fit within a limit, shown and kept alike, and counts the others', () => {
    const rows = Array.from({ length: 40 }, (_, i) => ({ ...data.rows[0]!, case: `warm / stage${i}`, change: 0.1 + i / 100 }));
    const body = renderCommitComment({ ...data, rows }, {}, [], 8_000);
    expect(body.length).toBeLessThanOrEqual(8_000);
    const kept = parseCommitCommentData(body)!;
    expect(kept.rows.map((r) => r.case)).toEqual(rows.slice(-kept.rows.length).reverse().map((r) => r.case));
    expect(kept.rows.length + kept.more!).toBe(40);
    expect(body).toContain(`### ⚠️ benchtrend: 40 regressions in suite`);
    expect(body).toContain(`${kept.more} more cases raised here are not listed, to keep this comment within GitHub's 65,536 characters: each is in the job summary.`);
    // Not even one row fits: the comment still counts the regressions, never "no regression".
    const huge = renderCommitComment({ ...data, rows: [{ ...data.rows[0]!, case: 'x'.repeat(9_000) }] }, {}, [], 8_000);
    expect(huge.length).toBeLessThanOrEqual(8_000);
    expect(huge).toContain('### ⚠️ benchtrend: 1 regression in suite');
    expect(huge).toContain('1 more case raised here is not listed');
    // A later run that rewrites it from its data keeps the count.
    const again = parseCommitCommentData(renderCommitComment({ ...kept, rows: kept.rows.map((r) => ({ ...r, status: 'confirmed' as const })) }, {}, [], 8_000))!;
    expect(again.rows.length + again.more!).toBe(40);
  });

  it('mentions nobody when nothing is open: comment-always without a regression, or every alert cleared', () => {
    const none = renderCommitComment({ suite: 'nightly', sha: 'b'.repeat(40), rows: [], cases: 3 }, {}, ['@alice']);
    expect(none).not.toContain('@alice');
    const cleared = renderCommitComment({ ...data, rows: data.rows.map((r) => ({ ...r, status: 'cleared' as const })) }, {}, ['@alice']);
    expect(cleared).toContain('the alerts of suite `nightly` at aaaaaaa were cleared');
    expect(cleared).toContain('~~cleared~~');
    expect(cleared).not.toContain('@alice');
  });

  it('says which way is worse in words for either direction, with the real sign of every change', () => {
    const row = (direction: 'smaller' | 'bigger', change: number) =>
      renderCommitComment({ suite: 's', sha: 'c'.repeat(40), rows: [{ case: 'x', unit: 'ops/s', direction, kind: 'regression', status: 'suspected', baseline: 100, value: 80, change, why: 'w' }] })
        .split('\n')
        .find((l) => l.startsWith('| x '));
    expect(cells(row('bigger', 0.2) as string)[3]).toBe('-20% worse');
    expect(cells(row('bigger', -0.2) as string)[3]).toBe('+20% better');
    expect(cells(row('smaller', -0.034) as string)[3]).toBe('-3.4% better');
    expect(cells(row('smaller', 0.2) as string)[3]).toBe('+20% worse');
  });

  it('keeps a suite name inside its code span and a case name on its own table row', () => {
    const odd = renderCommitComment({ ...data, suite: 'a`b', rows: data.rows.map((r) => ({ ...r, case: 'line one\n| line two' })) });
    const heading = odd.split('\n').find((l) => l.startsWith('### ')) as string;
    expect(heading.match(/`/g)).toHaveLength(2);
    expect(heading).toContain('`aˋb`');
    const rows = odd.split('\n').filter((l) => l.startsWith('| ') && !l.startsWith('| Case') && !l.startsWith('| ---'));
    expect(rows).toHaveLength(1);
    expect(cells(rows[0] as string)).toHaveLength(6);
    expect(cells(rows[0] as string)[0]).toBe('line one \\| line two');
  });

  it('links only plain http(s) URLs', () => {
    const hostile = renderCommitComment(data, { pagesUrl: 'javascript:alert(1)', runUrl: 'https://x.test/run) [click](https://evil.test' });
    expect(hostile).not.toContain('javascript:');
    expect(hostile).not.toContain('evil.test');
    expect(hostile).not.toContain('[Charts]');
    expect(hostile).not.toContain('[Run]');
  });

  it('shows an error bar for the new value only when it has more than one run', () => {
    const points: SeriesPoint[] = [...flat(30, 2), 2.6, 2.62].map((value, i) => ({ sha: `${i}`.padStart(40, 'e'), seq: i, value, q1: value, q3: value, runs: 1, n: 1 }));
    const single = assessCase({ suite: 'nightly', case: 'one run', unit: 's', direction: 'smaller', points }, NO_MEMORY, DEFAULT_ALERT_SETTINGS, { suiteCases: 3 }).verdict;
    const row = rowFromVerdict(single);
    expect(row?.errorBar).toBeUndefined();
    const line = renderCommitComment({ suite: 'nightly', sha: 'e'.repeat(40), rows: [row].filter((r) => r !== undefined) })
      .split('\n')
      .find((l) => l.startsWith('| one run'));
    expect(cells(line as string)[2]).toBe('2.62 s');
    expect(rowFromVerdict(regressed)?.errorBar).toEqual([regressed.q1, regressed.q3]);
  });

  it('validates cc users strictly', () => {
    expect(ccLine(['@a-b', 'org/team', 'x y', '@@z'])).toBe('cc @a-b @org/team');
    expect(ccLine([])).toBe('');
  });
});

describe('the pull-request comment', () => {
  it('lists the worse cases first against the base branch', () => {
    const compare = (values: number[]) => {
      const points: SeriesPoint[] = values.map((value, i) => ({ sha: `${i}`.padStart(40, 'c'), seq: i, value, q1: value, q3: value, runs: 1, n: 1 }));
      return assessCase({ suite: 'default', case: `case ${values.length}`, unit: 'ms', direction: 'smaller', points }, NO_MEMORY, DEFAULT_ALERT_SETTINGS, { suiteCases: 2, mode: 'compare' }).verdict;
    };
    const ok = compare([...flat(20, 5), 5.01]);
    const bad = compare([...flat(21, 5), 7]);
    const body = renderPullRequestComment({ suite: 'default', sha: 'd'.repeat(40), base: 'main', verdicts: [ok, bad] });
    expect(body).toContain('1 case worse than main');
    const rows = body.split('\n').filter((l) => l.startsWith('| case'));
    expect(rows.map((r) => cells(r)[4])).toEqual(['⚠️ worse', 'unchanged']);
  });

  it('says the base branch has too little history rather than "no case worse" when it judged nothing', () => {
    const young = (values: number[]) => {
      const points: SeriesPoint[] = values.map((value, i) => ({ sha: `${i}`.padStart(40, 'c'), seq: i, value, q1: value, q3: value, runs: 1, n: 1 }));
      return assessCase({ suite: 'default', case: `case ${values.length}`, unit: 'ms', direction: 'smaller', points }, NO_MEMORY, DEFAULT_ALERT_SETTINGS, { suiteCases: 2, mode: 'compare' }).verdict;
    };
    const verdicts = [young([9]), young([...flat(3, 5), 9])];
    expect(verdicts.map((v) => v.kind)).toEqual(['not-enough-history', 'not-enough-history']);
    const body = renderPullRequestComment({ suite: 'default', sha: 'd'.repeat(40), base: 'main', verdicts });
    expect(body).toContain('### benchtrend: too little history on main to judge in suite `default` at ddddddd');
    expect(body).not.toContain('no case worse');
  });
});

describe('the job summary, annotations and outputs', () => {
  it('fits GitHub\'s 1 MiB per step, cut at a line end and saying how much was left out', () => {
    const short = '| a | b |\n| --- | --- |\n| x | 1 |';
    expect(fitStepSummary(short)).toEqual({ text: short, cut: false });
    // Names of two-byte characters: the limit is in bytes, not characters.
    const rows = Array.from({ length: 5000 }, (_, i) => `| é${'é'.repeat(100)} ${i} | regressed | 1 s |`);
    const report = ['### Verdicts', '', '| Case | Verdict | Median |', '| --- | --- | --- |', ...rows].join('\n');
    expect(new TextEncoder().encode(report).length).toBeGreaterThan(STEP_SUMMARY_LIMIT);
    const fitted = fitStepSummary(report);
    expect(fitted.cut).toBe(true);
    expect(new TextEncoder().encode(fitted.text).length).toBeLessThanOrEqual(STEP_SUMMARY_LIMIT);
    const kept = fitted.text.split('\n').filter((l) => l.startsWith('| é')).length;
    expect(kept).toBeGreaterThan(4000);
    expect(fitted.text).toContain(`**The summary stops here**: GitHub takes at most 1,048,576 bytes of it per step, and ${(5000 - kept).toLocaleString('en')} more lines were left out.`);
    expect(report.startsWith(fitted.text.slice(0, fitted.text.indexOf('\n\n**The summary stops here**')))).toBe(true);
  });

  it('draws recent medians as unicode bars', () => {
    expect(sparkline([1, 2, 3, 4, 5, 6, 7, 8])).toBe('▁▂▃▄▅▆▇█');
    expect(sparkline([3, 3, 3])).toBe('▄▄▄');
    expect(sparkline([])).toBe('');
  });

  it('lists every case with its verdict, worst first', () => {
    const table = renderVerdictTable([quiet, regressed], 'benchtrend: suite nightly at aaaaaaa');
    const rows = table.split('\n').filter((l) => l.startsWith('| ') && !l.startsWith('| Case') && !l.startsWith('| ---'));
    expect(rows).toHaveLength(2);
    expect(cells(rows[0] as string)[1]).toBe('⚠️ regressed');
    expect(cells(rows[1] as string)[0]).toBe('warm / attach');
    expect(cells(rows[1] as string)[1]).toBe('ok');
    expect(cells(rows[0] as string)[5]).toMatch(/^[▁▂▃▄▅▆▇█]{20}$/);
  });

  it('gives one annotation and one output entry per regression', () => {
    const notes = regressionAnnotations([quiet, regressed]);
    expect(notes).toHaveLength(1);
    expect(notes[0]?.title).toBe(`Performance regression: ${NASTY}`);
    expect(notes[0]?.message).toMatch(/2\.62 s against a baseline of (1\.99\d*|2(\.00\d*)?) s \(\+3\d% worse\)/);
    const entries = regressionEntries([quiet, regressed]);
    expect(entries).toEqual([
      expect.objectContaining({ suite: 'nightly', case: NASTY, kind: 'regression', status: 'suspected', new: true, value: 2.62 }),
    ]);
    expect(entries[0]?.change).toBeCloseTo(2.62 / (entries[0]?.baseline ?? 1) - 1, 9);
    expect(JSON.parse(JSON.stringify(entries))).toEqual(entries);
  });

  it('reports a regression still open since an earlier commit without announcing it again', () => {
    const values = [...flat(30, 2), 2.6, 2.62];
    const points = (vs: readonly number[]): SeriesPoint[] => vs.map((value, i) => ({ sha: `${i}`.padStart(40, 'f'), seq: i, value, q1: value * 0.98, q3: value * 1.02, runs: 5, n: 5 }));
    const series = (vs: readonly number[]) => ({ suite: 'nightly', case: 'warm / total', unit: 's', direction: 'smaller' as const, points: points(vs) });
    const first = assessCase(series(values), NO_MEMORY, DEFAULT_ALERT_SETTINGS, { suiteCases: 3 });
    expect(first.verdict.alert?.kind).toBe('regression');
    const stored = updateAlerts([], [first.verdict], [first.changePoints]);
    const next = assessCase(series([...values, 2.61]), memoryOf(stored, 'nightly', 'warm / total'), DEFAULT_ALERT_SETTINGS, { suiteCases: 3 }).verdict;
    expect(next.kind).toBe('regressed');
    expect(regressionAnnotations([next])).toEqual([]);
    expect(regressionEntries([next])).toEqual([expect.objectContaining({ case: 'warm / total', new: false, sha: first.verdict.alert?.sha, status: 'suspected', value: 2.61 })]);
    const row = renderVerdictTable([next], 't').split('\n').find((l) => l.startsWith('| warm / total'));
    expect(cells(row as string)[1]).toBe('⚠️ still regressed');
  });

  it('reports a lasting step found at an earlier commit as a confirmed change point on that commit', () => {
    const step: CaseVerdict = {
      ...quiet,
      kind: 'step',
      reason: 'a lasting step of +8.0% starts at 1234567',
      alert: { kind: 'change-point', sha: '1234567'.padEnd(40, '0'), seq: 12, baseline: 0.4, value: 0.432, change: 0.08, reason: 'a lasting step of +8.0% starts at 1234567' },
    };
    expect(regressionEntries([step])).toEqual([
      { suite: 'nightly', case: 'warm / attach', unit: 's', direction: 'smaller', kind: 'change-point', baseline: 0.4, value: 0.432, change: 0.08, changeText: '+8.0% worse', status: 'confirmed', new: true, sha: '1234567'.padEnd(40, '0'), reason: 'a lasting step of +8.0% starts at 1234567' },
    ]);
    expect(regressionAnnotations([step])).toEqual([{ title: 'Performance regression: warm / attach', message: 'warm / attach: 432 ms against a baseline of 400 ms (+8.0% worse); a lasting step of +8.0% starts at 1234567' }]);
  });
});

/**
 * The explicit direction still open at `at` in `text`, as the Unicode bidi algorithm (X1–X8)
 * counts it: embeddings and overrides (U+202A–U+202E, closed by U+202C), isolates (U+2066–U+2068,
 * closed by U+2069, which also closes what opened inside them). 0 means the text there is laid
 * out as the paragraph's own words, whatever came before it.
 */
function openAt(text: string, at: number): number {
  const stack: ('embed' | 'isolate')[] = [];
  for (const c of text.slice(0, at)) {
    if (/[\u202A\u202B\u202D\u202E]/.test(c)) stack.push('embed');
    else if (c === '\u202C' && stack.at(-1) === 'embed') stack.pop();
    else if (/[\u2066-\u2068]/.test(c)) stack.push('isolate');
    else if (c === '\u2069' && stack.includes('isolate')) while (stack.pop() !== 'isolate');
  }
  return stack.length;
}

describe('right-to-left names among other words', () => {
  const OVERRIDE = 'מהיר \u202Eevil';
  const CLOSER = 'x\u2069\u202Eevil';

  it('sets each name of a total’s line apart, so the amounts after it read as written', () => {
    for (const stage of [OVERRIDE, CLOSER, 'מהיר']) {
      const a = attributeChange({ case: 'cold / total', unit: 's', total: { before: 7.5, after: 8.03 }, before: new Map([[stage, 0.8], ['parse', 1]]), after: new Map([[stage, 1.08], ['parse', 1.25]]) });
      const line = attributionLine(a as NonNullable<typeof a>);
      expect(line.replace(/[\u2068\u2069]/g, '')).toBe(`cold / total +530 ms: ${stage.replace(/[\u2068\u2069]/g, '')} +280 ms (53%), parse +250 ms (47%)`);
      expect(openAt(line, line.indexOf(' +280 ms'))).toBe(0);
      expect(openAt(line, line.length)).toBe(0);
    }
  });

  it('isolates the names a comment lists on watch and still beyond the limit, and an annotation’s', () => {
    const body = renderCommitComment({ suite: 'nightly', sha: 'b'.repeat(40), rows: [], cases: 3, watch: [OVERRIDE, 'warm / total'], ongoing: [{ case: CLOSER, since: 'c'.repeat(40) }] });
    const still = body.split('\n').find((l) => l.startsWith('Still beyond')) as string;
    expect(openAt(still, still.indexOf(' (since ccccccc)'))).toBe(0);
    const watch = body.split('\n').find((l) => l.startsWith('On watch')) as string;
    expect(openAt(watch, watch.indexOf(', warm / total'))).toBe(0);
    const [note] = regressionAnnotations([verdictOf(OVERRIDE, [...flat(30, 2), 2.6, 2.62])]);
    expect(openAt(note?.message ?? '', (note?.message ?? '').indexOf(': 2.62 s'))).toBe(0);
    expect(openAt(note?.title ?? '', (note?.title ?? '').length)).toBe(0);
  });

  it('isolates a suite so named in a comment’s title, where the commit follows it', () => {
    for (const body of [
      renderCommitComment({ suite: OVERRIDE, sha: 'b'.repeat(40), rows: [], cases: 3 }),
      renderPullRequestComment({ suite: OVERRIDE, sha: 'b'.repeat(40), base: 'main', verdicts: [quiet] }),
    ]) {
      const title = body.split('\n').find((l) => l.startsWith('### ')) as string;
      expect(openAt(title, title.indexOf(' at bbbbbbb'))).toBe(0);
    }
  });

  it('keeps a terminal table’s columns in line and apart for such a name', () => {
    const lines = textTable(['CASE', 'CHANGE'], [[OVERRIDE, '+35% worse'], ['cold / parse', '+25% worse']]);
    const column = (l: string) => [...l.replace(/[\p{Cf}]/gu, '')].join('').indexOf('+');
    expect(column(lines[1] as string)).toBe(column(lines[2] as string));
    expect(openAt(lines[1] as string, (lines[1] as string).indexOf('+35%'))).toBe(0);
  });
});

describe('links to the chart at an alert\'s commit', () => {
  const pagesUrl = 'https://owner.github.io/repo/dev/bench/';
  const hashOf = (markdown: string): string | undefined => {
    const link = /\| \[[^\n]*?\]\((https:\/\/[^)\s]+)\) \|/.exec(markdown)?.[1];
    return link === undefined ? undefined : new URL(link).hash;
  };
  const alertSha = regressed.alert?.sha as string;

  it('links a published run\'s summary row to the commit its alert is raised at', () => {
    expect(alertSha).toMatch(/^[0-9a]{40}$/);
    expect(parsePermalink(hashOf(renderVerdictTable([regressed], 'Benchmarks', { pagesUrl }, true)) ?? '')).toEqual({ case: NASTY, suite: 'nightly', commit: alertSha });
  });

  it('links no commit of a pull request\'s own, which the trend does not hold; an alert open on the trend, at its commit', () => {
    expect(parsePermalink(hashOf(renderVerdictTable([regressed], 'Against main', { pagesUrl })) ?? '').commit).toBeUndefined();
    const pr = renderPullRequestComment({ suite: 'nightly', sha: 'b'.repeat(40), base: 'main', verdicts: [regressed] }, { pagesUrl });
    expect(parsePermalink(hashOf(pr) ?? '').commit).toBeUndefined();
    const open = { ...regressed, ongoing: { sha: 'c'.repeat(40), status: 'suspected' as const } };
    expect(parsePermalink(hashOf(renderVerdictTable([open], 'Against main', { pagesUrl })) ?? '').commit).toBe('c'.repeat(40));
    const openPr = renderPullRequestComment({ suite: 'nightly', sha: 'b'.repeat(40), base: 'main', verdicts: [open] }, { pagesUrl });
    expect(parsePermalink(hashOf(openPr) ?? '').commit).toBe('c'.repeat(40));
  });
});
