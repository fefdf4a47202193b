/** Types of gab-data.mjs for the tests that import it. */
export function gabDataJs(options: { entries: number; benches: number; suite?: string; repo?: string; start?: number }): string;
