import { boot, loadOlder } from './loading.js';
import { createState } from './state.js';

/**
 * The chart page's entry. The page is split by concern: state.ts (what one open page knows, made
 * here and passed to every part), loading.ts (reading the trend newest first), layout.ts (sections,
 * cards, drawing), interaction.ts (tooltip, clicks, downloads), controls.ts (toolbar, permalinks),
 * header.ts (what the trend is and what is loaded).
 */
const state = createState((want) => loadOlder(state, want));
void boot(state);
