/**
 * A card's points as a table, for a reader who cannot see the chart or wants its numbers: commit,
 * date, median, spread, runs and alerts, newest first, one page of rows at a time.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatValue } from '../../src/core/magnitude.js';
import type { StoredAlert, StoredPoint } from '../../src/core/trend/types.js';
import { IN_CI } from '../helpers/paths.js';
import { HAS_CHROMIUM } from './browser.js';
import { card } from './chart-reading.js';
import { readyTab, servedTrend, type ServedTrend } from './built-page.js';
import { syntheticHistory, trendFiles, type Publish } from './trend-fixture.js';

const PREFIX = 'benchtrend-page-table-';
const NAME = 'warm / total';
const REPO = 'https://github.com/o/r';
let trend: ServedTrend;
let history: Publish[];

const pointOf = (i: number): StoredPoint => (history[i] as Publish).points.find((p) => p.case === NAME) as StoredPoint;

describe.skipIf(!HAS_CHROMIUM && !IN_CI)('a chart as a table', () => {
  beforeAll(async () => {
    history = syntheticHistory({ suite: 'main', commits: 120, seed: 11, repository: REPO, shapes: [{ shape: 'warm', stages: ['total'] }], steps: [{ case: NAME, at: 100, factor: 1.4 }] });
    const at = history[100] as Publish;
    const alert: StoredAlert = { kind: 'regression', suite: 'main', case: NAME, sha: at.commit.sha, seq: 100, status: 'confirmed', baseline: 1, value: 1.4, change: 0.4, reason: 'beyond the limit' };
    trend = await servedTrend(PREFIX, trendFiles(history, { updated: '2024-01-09T00:00:00Z', format: 2, repository: REPO, alerts: [alert] }));
  });
  afterAll(() => trend?.close());

  it('shows the points newest first, a page at a time, with their spread and alerts', async () => {
    const tab = await readyTab(trend);
    const toggle = tab.getByRole('button', { name: `Show ${NAME} as a table`, exact: true });
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    expect(await card(tab, NAME).locator('table').count()).toBe(0);
    await toggle.click();
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    const table = card(tab, NAME).getByRole('table');
    // The page reads the newest publishes first; the table says what it holds, and follows the rest as it loads.
    expect(await table.locator('caption').textContent()).toMatch(new RegExp(`^${NAME}: points 1 to 50 of \\d+, newest first \\(older history not loaded\\)$`));
    await tab.locator('#load-all').click();
    await table.locator('caption', { hasText: `${NAME}: points 1 to 50 of 120, newest first` }).waitFor();
    expect(await table.locator('caption').textContent()).toBe(`${NAME}: points 1 to 50 of 120, newest first`);
    expect(await table.locator('th').allTextContents()).toEqual(['Commit', 'Date', 'Median', 'q1–q3', 'Runs', 'Alerts']);
    const rows = table.locator('tbody tr');
    expect(await rows.count()).toBe(50);
    const newest = history[119] as Publish;
    const p = pointOf(119);
    expect(await rows.first().locator('td').allTextContents()).toEqual([
      `${newest.commit.sha.slice(0, 7)} Change 119: tune the launcher`,
      `${newest.commit.timestamp.slice(0, 10)} ${newest.commit.timestamp.slice(11, 16)} UTC`,
      formatValue(p.value, 's', 4),
      `${formatValue(p.q1, 's', 4)} – ${formatValue(p.q3, 's', 4)}`,
      '5/5',
      '',
    ]);
    expect(await rows.first().getByRole('link').getAttribute('href')).toBe(`${REPO}/commit/${newest.commit.sha}`);
    // Commit 100 is the 20th row: its regression is in the last column.
    expect(await rows.nth(19).locator('td').last().textContent()).toBe('regression (confirmed): beyond the limit');

    await card(tab, NAME).getByRole('button', { name: `Older points of ${NAME}` }).click();
    expect(await table.locator('caption').textContent()).toBe(`${NAME}: points 51 to 100 of 120, newest first`);
    await card(tab, NAME).getByRole('button', { name: `Older points of ${NAME}` }).click();
    expect(await table.locator('caption').textContent()).toBe(`${NAME}: points 101 to 120 of 120, newest first`);
    expect(await rows.count()).toBe(20);
    expect(await rows.last().locator('td').first().textContent()).toBe(`${(history[0] as Publish).commit.sha.slice(0, 7)} Change 0: tune the launcher`);
    expect(await card(tab, NAME).getByRole('button', { name: `Older points of ${NAME}` }).isDisabled()).toBe(true);
    // The last page's Older button is disabled and takes no focus: the reader is left on Newer, not on the page's body.
    expect(await tab.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(`Newer points of ${NAME}`);

    await tab.locator('#bars').selectOption('extremes');
    expect(await table.locator('th').nth(3).textContent()).toBe('min–max');
    const oldest = pointOf(0);
    expect(await rows.last().locator('td').nth(3).textContent()).toBe(`${formatValue(oldest.min, 's', 4)} – ${formatValue(oldest.max, 's', 4)}`);

    await toggle.click();
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    expect(await card(tab, NAME).locator('table').count()).toBe(0);
    await tab.close();
  });
});
