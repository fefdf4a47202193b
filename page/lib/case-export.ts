import type { StoredPoint } from '../../src/core/trend/types.js';
import type { CommitRow } from './trend-model.js';

/** The downloads of one case: every loaded point with its commit, as CSV and as JSON. */

export interface CaseExport {
  readonly suite: string;
  readonly case: string;
  readonly unit: string;
  readonly direction: string;
  readonly commits: readonly CommitRow[];
  readonly points: readonly (StoredPoint | null)[];
}

const COLUMNS = [
  'sha', 'timestamp', 'author', 'message', 'value', 'q1', 'q3', 'min', 'max', 'stdev', 'runs', 'n', 'unit', 'extra', 'range', 'samples',
] as const;

/**
 * A spreadsheet opens a cell starting with = + - @ as a formula; commit messages and authors are
 * written by anyone with push access, so text cells get a leading apostrophe (OWASP's advice).
 */
function textCell(s: string): string {
  return /^[=+\-@\t\r]/.test(s) ? `'${s}` : s;
}

function quote(cell: string): string {
  return /[",\r\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell;
}

function firstLine(message: string): string {
  const nl = message.search(/\r?\n/);
  return nl < 0 ? message : message.slice(0, nl);
}

/** RFC 4180 CSV, oldest commit first, one row per point (missing commits have no row). */
export function caseCsv(data: CaseExport): string {
  const rows = [COLUMNS.join(',')];
  data.points.forEach((p, i) => {
    const c = data.commits[i];
    if (!p || !c) return;
    const cells = [
      textCell(c.commit.sha),
      textCell(c.commit.timestamp),
      textCell(c.commit.author),
      textCell(firstLine(c.commit.message)),
      String(p.value),
      String(p.q1),
      String(p.q3),
      String(p.min),
      String(p.max),
      p.stdev === null ? '' : String(p.stdev),
      String(p.runs),
      String(p.n),
      textCell(p.unit),
      textCell(p.extra ?? ''),
      textCell(p.range ?? ''),
      p.samples.join(' '),
    ];
    rows.push(cells.map(quote).join(','));
  });
  return `${rows.join('\r\n')}\r\n`;
}

/** The stored points as published, each with its commit, oldest first. */
export function caseJson(data: CaseExport): string {
  const points = [];
  for (let i = 0; i < data.points.length; i++) {
    const p = data.points[i];
    const c = data.commits[i];
    if (!p || !c) continue;
    points.push({ commit: c.commit, ...(c.runUrl !== undefined ? { runUrl: c.runUrl } : {}), point: p });
  }
  return `${JSON.stringify({ suite: data.suite, case: data.case, unit: data.unit, direction: data.direction, points }, null, 2)}\n`;
}

/** A file name for a case: readable, and without characters a file system refuses. */
export function exportFileName(suite: string, caseName: string, ext: 'csv' | 'json'): string {
  const base = [suite, caseName]
    .filter((x) => x !== '')
    .join('-')
    .replace(/[^A-Za-z0-9._-]+/g, '_')
    .replace(/^[._-]+|[._-]+$/g, '')
    .slice(0, 120);
  return `${base === '' ? 'case' : base}.${ext}`;
}
