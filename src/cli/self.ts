import { isAbsolute, relative } from 'node:path';

/** A word as a POSIX shell reads it back: quoted unless it is plainly safe. */
export function shellWord(word: string): string {
  return /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}

/**
 * The words that run benchtrend again from the user's shell, for a line that hands over a command
 * (`... serve ...`). The bare name is on PATH only after a global install: under npx, or from a
 * project's node_modules, the shell does not find it, and a clone or a copied dist/ runs the file
 * itself, whose path is relative to nowhere the user is but the folder they ran it from.
 */
export function selfCommand(script: string | undefined, cwd: string): string {
  if (script === undefined) return 'benchtrend';
  if (/[\\/]node_modules[\\/]\.bin[\\/]benchtrend$/.test(script)) return 'npx benchtrend';
  if (/(?:^|[\\/])cli\.[jt]s$/.test(script)) {
    const inside = relative(cwd, script);
    return `node ${shellWord(inside === '' || inside.startsWith('..') || isAbsolute(inside) ? script : inside)}`;
  }
  return 'benchtrend';
}
