import type { CaseInfo, Manifest, Segment } from '../src/core/trend/types.js';
import type { CaseChart, ChartGroup } from './chart.js';
import type { DataIndex } from './loader.js';
import type { BarMode } from './lib/hover-text.js';
import type { CardTable } from './table.js';
import { buildModel, type TrendModel } from './lib/trend-model.js';

/**
 * What one open page knows: created once by the entry (main.ts) and handed to every part, so no
 * module holds state of its own and a test or a second page could make another.
 */

export interface Card {
  readonly info: CaseInfo;
  readonly root: HTMLElement;
  readonly plot: HTMLElement;
  /** What the chart shows, in words: its description (hidden; a screen reader reads it). */
  readonly about: HTMLElement;
  readonly note: HTMLElement;
  readonly markers: HTMLElement;
  /** The card's points as a table, shown on request (table.ts). */
  readonly table: CardTable;
  chart?: CaseChart;
  /** The model this card's chart was last drawn from: a card in view is redrawn when it is not the current one. */
  drawnFrom?: TrendModel;
  /** The model its note was last written from: a card far from the window gets its note, not yet its chart. */
  describedFrom?: TrendModel;
}

export interface PageState {
  manifest: Manifest | undefined;
  /** What reading the data needs of the manifest (loader.ts). */
  index: DataIndex | undefined;
  /** Every loaded segment by seq: a file read twice (or overlapping another) adds nothing twice. */
  readonly segments: Map<number, Segment>;
  /** Oldest loaded seq: everything in [from, manifest.segments) is loaded. */
  from: number;
  model: TrendModel;
  mode: BarMode;
  readonly cards: Map<string, Card>;
  readonly byRoot: Map<Element, Card>;
  readonly groups: Map<string, ChartGroup>;
  readonly shapeSections: Map<string, HTMLElement>;
  readonly suiteSections: Map<string, HTMLElement>;
  loading: boolean;
  /** A publish to load back to once the load under way ends (loadBackTo). */
  backTo: number | undefined;
  /** The commit the address names on a card, still to be found (older history loaded back to it) and shown. */
  wanted: { readonly key: string; readonly commit: string } | undefined;
  /** The commit a link opened a card's chart at: marked on it. */
  linked: { readonly key: string; readonly sha: string } | undefined;
  /** Paths of files that could not be read: asked for again, they are revalidated, not taken from the cache. */
  readonly unread: Set<string>;
  /** The chart under the cursor: only it shows the tooltip. */
  active: CaseChart | null;
  firstDrawn: boolean;
  /** Weak: a chart let go when its card left the window must not be kept alive, canvas and all. */
  readonly drawnOnce: WeakSet<CaseChart>;
  drawnCount: number;
  /** Charts to draw before `benchtrend:all-charts` is marked. */
  expected: number;
  observer: IntersectionObserver | undefined;
  /** What a chart's keys are still to say once they rest (interaction.ts). */
  liveTimer: ReturnType<typeof setTimeout> | undefined;
  /** The address still to follow a chart's last move once the moves rest (interaction.ts). */
  shareTimer: ReturnType<typeof setTimeout> | undefined;
  /** The width of a shown card's plot, as last read (layout.ts, plotWidth); undefined until read. */
  plotWidth: number | undefined;
  /** Reads `want` more publishes back in the log (loading.ts): cards and charts ask for it. */
  readonly loadOlder: (want: number) => Promise<void>;
}

export function createState(loadOlder: (want: number) => Promise<void>): PageState {
  return {
    manifest: undefined,
    index: undefined,
    segments: new Map(),
    from: 0,
    model: buildModel([]),
    mode: 'quartiles',
    cards: new Map(),
    byRoot: new Map(),
    groups: new Map(),
    shapeSections: new Map(),
    suiteSections: new Map(),
    loading: false,
    backTo: undefined,
    wanted: undefined,
    linked: undefined,
    unread: new Set(),
    active: null,
    firstDrawn: false,
    drawnOnce: new WeakSet(),
    drawnCount: 0,
    expected: 0,
    observer: undefined,
    liveTimer: undefined,
    shareTimer: undefined,
    plotWidth: undefined,
    loadOlder,
  };
}

/**
 * Loads history back to publish `seq` (a case's last publish, an alert's commit) when it is not
 * loaded. Asked while a load is under way, it is done when that one ends (loading.ts).
 */
export function loadBackTo(state: PageState, seq: number): void {
  if (!Number.isSafeInteger(seq) || seq < 0 || seq >= state.from) return;
  if (state.loading) state.backTo = Math.min(state.backTo ?? seq, seq);
  else void state.loadOlder(state.from - seq);
}

export function manifestOf(state: PageState): Manifest {
  if (!state.manifest) throw new Error('manifest not loaded');
  return state.manifest;
}

export function cardKey(suite: string, name: string): string {
  return `${suite}\u0000${name}`;
}

/** `data-state` on <html>, for readers that wait for the page: loading, ready, error. */
export function setPageState(s: 'loading' | 'ready' | 'error'): void {
  document.documentElement.dataset['state'] = s;
}
