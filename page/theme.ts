/**
 * Light and dark: the system's preference unless the reader picked one with the toggle (kept in
 * localStorage). Chart colours come from the stylesheet's custom properties, read once per change.
 */

export type Theme = 'light' | 'dark';

export interface Palette {
  readonly fg: string;
  readonly muted: string;
  readonly grid: string;
  readonly line: string;
  readonly bar: string;
  readonly alert: string;
  readonly annotation: string;
  readonly change: string;
  readonly labelBg: string;
}

const KEY = 'benchtrend-theme';
const media = window.matchMedia('(prefers-color-scheme: dark)');
let cached: Palette | undefined;
let chosen: Theme | undefined = readChoice();

function readChoice(): Theme | undefined {
  try {
    const v = window.localStorage.getItem(KEY);
    return v === 'light' || v === 'dark' ? v : undefined;
  } catch {
    // Storage can be disabled (privacy settings); the toggle then lasts until the page closes.
    return undefined;
  }
}

function saveChoice(theme: Theme | undefined): void {
  try {
    if (theme === undefined) window.localStorage.removeItem(KEY);
    else window.localStorage.setItem(KEY, theme);
  } catch {
    // As above: an in-memory choice is the best available.
  }
}

function systemTheme(): Theme {
  return media.matches ? 'dark' : 'light';
}

export function currentTheme(): Theme {
  return chosen ?? systemTheme();
}

/** While printing: paper is white whatever the screen's theme (browsers leave backgrounds out). */
let printing = false;

function apply(): void {
  document.documentElement.dataset['theme'] = printing ? 'light' : currentTheme();
  cached = undefined;
}

/**
 * Light colours for a print, the reader's again after it. In dark mode the page printed its
 * light text and grid on white paper, where they could not be read. Returns whether the colours
 * changed, so the charts are redrawn only then.
 */
export function isPrinting(): boolean {
  return printing;
}

export function setPrinting(on: boolean): boolean {
  const before = document.documentElement.dataset['theme'];
  printing = on;
  apply();
  return document.documentElement.dataset['theme'] !== before;
}

export function palette(): Palette {
  if (cached) return cached;
  const css = getComputedStyle(document.documentElement);
  const v = (name: string): string => css.getPropertyValue(name).trim();
  cached = {
    fg: v('--fg'),
    muted: v('--muted'),
    grid: v('--grid'),
    line: v('--line'),
    bar: v('--bar'),
    alert: v('--alert'),
    annotation: v('--annotation'),
    change: v('--change'),
    labelBg: v('--label-bg'),
  };
  return cached;
}

/** Applies the theme now and calls `redraw` whenever it changes (toggle or system). */
export function initTheme(toggle: HTMLButtonElement, redraw: () => void): void {
  const label = (): void => {
    const dark = currentTheme() === 'dark';
    toggle.textContent = dark ? 'Light mode' : 'Dark mode';
    toggle.setAttribute('aria-pressed', String(dark));
  };
  apply();
  label();
  toggle.addEventListener('click', () => {
    const next: Theme = currentTheme() === 'dark' ? 'light' : 'dark';
    // Choosing the system's own theme returns to following the system.
    chosen = next === systemTheme() ? undefined : next;
    saveChoice(chosen);
    apply();
    label();
    redraw();
  });
  media.addEventListener('change', () => {
    apply();
    label();
    redraw();
  });
}
