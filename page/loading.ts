import { ROLLUP_FANOUT, type Manifest, type Segment } from '../src/core/trend/types.js';
import { byId } from './elements.js';
import { announce, shareWhole } from './interaction.js';
import { formatDate } from './lib/hover-text.js';
import { followCommit, permalinked, showPermalinked, wireControls } from './controls.js';
import { notice, renderHeader, renderStatus, status } from './header.js';
import { drawAll, ensureSections, inViewport, watchViewport } from './layout.js';
import { FIRST_VIEW_SEGMENTS, FIRST_WINDOW_SEGMENTS, planBefore, planWindow, type Chunk } from './lib/load-plan.js';
import { buildModel, groupCases } from './lib/trend-model.js';
import { fetchNewest, newestOf, readChunks, readManifest } from './loader.js';
import { loadBackTo, manifestOf, setPageState, type PageState } from './state.js';
import { initTheme } from './theme.js';

/**
 * Reading the trend, newest first: manifest.json, then the newest few publishes (data/newest.json,
 * or where there is none a first window of FIRST_WINDOW_SEGMENTS from the chunks) from which the
 * charts in view are drawn, then the rest of the first view,
 * after which every chart fills in; older history when asked. Marks `benchtrend:start`,
 * `manifest`, `data`, `model`, `cards` and `first-view` on the performance timeline
 * (bench/page.mjs reads them); `data-state` stays `loading` until the whole first view is drawn.
 */

/** A fan-out this page does not know means rollup paths it cannot compute: read segments only. */
function knownFanout(m: Manifest): boolean {
  return m.fanout === ROLLUP_FANOUT;
}

/** Adds segments to what is loaded and rebuilds the model; `from` moves back to the oldest file read. */
function addSegments(state: PageState, segments: readonly Segment[], chunks: readonly Chunk[]): void {
  for (const s of segments) state.segments.set(s.seq, s);
  if (chunks.length > 0) state.from = Math.min(state.from, ...chunks.map((c) => c.from));
  state.model = buildModel([...state.segments.values()]);
}

/** A card for every case the manifest lists or the loaded data holds. */
function showCases(state: PageState): void {
  const m = manifestOf(state);
  ensureSections(state, groupCases(m.suites, m.cases, state.model));
}

/** What to do about a page opened from disk, with README's command for its own folder. */
function fromDisk(pathname: string): string {
  let folder = pathname.slice(0, pathname.lastIndexOf('/') + 1);
  try {
    folder = decodeURIComponent(folder);
  } catch {
    // A malformed escape: the path as the address has it still names the folder.
  }
  // file:///C:/trend/index.html on Windows: the drive, not a folder below /.
  if (/^\/[A-Za-z]:\//.test(folder)) folder = folder.slice(1);
  if (folder.length > 1) folder = folder.replace(/\/$/, '');
  const arg = /^[\w./:\\-]+$/.test(folder) ? folder : `"${folder}"`;
  return `Browsers refuse to let a page read its data over file://. Serve this folder and open the address it prints: npx benchtrend serve ${arg}`;
}

/** What loadBackTo was asked for while a load was under way. */
function loadPendingBack(state: PageState): void {
  const back = state.backTo;
  state.backTo = undefined;
  if (back !== undefined) loadBackTo(state, back);
}

/**
 * What older history brought, for a screen reader's user: the charts grew to the left without a
 * sound, and the status line's count of publishes said neither how many commits nor from when.
 */
function arrivalWords(segments: readonly Segment[]): string {
  const bySeq = [...segments].sort((a, b) => a.seq - b.seq);
  const commits = new Set(bySeq.map((s) => s.commit.sha)).size;
  const first = formatDate(bySeq[0]?.commit.timestamp ?? '');
  const last = formatDate(bySeq[bySeq.length - 1]?.commit.timestamp ?? '');
  return commits === 1 ? `Older history loaded: 1 commit, of ${first}.` : `Older history loaded: ${commits} commits, from ${first} to ${last}.`;
}

export async function loadOlder(state: PageState, want: number): Promise<void> {
  // The buttons stay focusable while unavailable (renderStatus): a press before the manifest is
  // read, or with everything loaded, asks for nothing.
  if (!state.manifest || state.loading || state.from === 0) return;
  const m = state.manifest;
  state.loading = true;
  setPageState('loading');
  renderStatus(state);
  status('Loading older history…');
  try {
    const chunks = planBefore(state.from, want, m.segments, knownFanout(m) ? 2 : 0, m.version);
    const got = await readChunks(chunks, state.index, state.unread);
    const arrived = got.segments.filter((s) => !state.segments.has(s.seq));
    addSegments(state, got.segments, got.read);
    for (const p of got.problems) notice(p);
    showCases(state);
    for (const g of state.groups.values()) g.range = null;
    shareWhole(state);
    await drawAll(state, undefined);
    state.loading = false;
    renderStatus(state, got.failed?.message);
    if (arrived.length > 0) announce(state, arrivalWords(arrived));
    setPageState(got.failed ? 'error' : 'ready');
    if (!got.failed) {
      loadPendingBack(state);
      followCommit(state);
    }
  } catch (e) {
    state.loading = false;
    renderStatus(state);
    status(`Could not read older history: ${(e as Error).message}`);
    setPageState('error');
  }
}

export async function boot(state: PageState): Promise<void> {
  performance.mark('benchtrend:start');
  // Asked for first: every later step waits on it.
  const manifestRead = readManifest();
  const newestRead = fetchNewest();
  setPageState('loading');
  initTheme(byId<HTMLButtonElement>('theme'), () => {
    for (const c of state.cards.values()) c.chart?.u.redraw(false);
  });
  wireControls(state);
  try {
    const read = await manifestRead;
    const m = read.manifest;
    performance.mark('benchtrend:manifest');
    state.manifest = m;
    state.index = read.index;
    state.from = m.segments;
    renderHeader(state, m);
    for (const p of read.problems) notice(p);
    const known = knownFanout(m);
    state.loading = true;
    // The first file that could not be read: what came before it is drawn, and the load buttons
    // ask for it again.
    let failed: string | undefined;
    // The newest points file first: a few segments, whatever chunk holds them now.
    const newest = newestOf(await newestRead, m, read.index);
    if (newest) {
      state.from = newest.from;
      addSegments(state, newest.segments, []);
      for (const p of newest.problems) notice(p);
    } else {
      const first = known ? planWindow(m.segments, FIRST_WINDOW_SEGMENTS, m.version) : planBefore(m.segments, FIRST_WINDOW_SEGMENTS, m.segments, 0, m.version);
      const got = await readChunks(first, read.index, state.unread);
      addSegments(state, got.segments, got.read);
      for (const p of got.problems) notice(p);
      failed = got.failed?.message;
    }
    performance.mark('benchtrend:data');
    performance.mark('benchtrend:model');
    showCases(state);
    performance.mark('benchtrend:cards');
    renderStatus(state);
    const target = showPermalinked(state);
    // The charts in view first, from the first window; the others when they scroll into view.
    await drawAll(state, target, inViewport);
    watchViewport(state);

    // The rest of the first view, asked for only once the first charts are drawn.
    const loaded = m.segments - state.from;
    const rest = failed === undefined && state.from > 0 && loaded < FIRST_VIEW_SEGMENTS ? planBefore(state.from, FIRST_VIEW_SEGMENTS - loaded, m.segments, known ? 1 : 0, m.version) : [];
    if (rest.length > 0) {
      const got = await readChunks(rest, read.index, state.unread);
      addSegments(state, got.segments, got.read);
      for (const p of got.problems) notice(p);
      failed = got.failed?.message;
      showCases(state);
    }
    performance.mark('benchtrend:first-view');
    state.loading = false;
    renderStatus(state, failed);
    await drawAll(state, permalinked(state));
    if (state.drawnCount >= state.expected && performance.getEntriesByName('benchtrend:all-charts').length === 0) performance.mark('benchtrend:all-charts');
    setPageState(failed === undefined ? 'ready' : 'error');
    if (failed === undefined) {
      loadPendingBack(state);
      followCommit(state);
    }
  } catch (e) {
    state.loading = false;
    // With the manifest read, the buttons say again whether there is more to ask for.
    if (state.manifest) renderStatus(state);
    // Opened from disk (the demo prints index.html's path), fetch only says "Failed to fetch".
    if (!state.manifest && window.location.protocol === 'file:') status(fromDisk(window.location.pathname));
    else status(`Could not read the trend: ${(e as Error).message}`);
    setPageState('error');
  }
}
