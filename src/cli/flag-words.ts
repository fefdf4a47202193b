/**
 * The shared code (settings, publish, imports) words its refusals and warnings for the action,
 * naming its inputs: `data-dir: ...`, `... needs alert-threshold`. A CLI user types flags, so what
 * the CLI prints on stderr names its flags instead, through this one table rather than a second
 * copy of every message. So do the reasons in its text tables (`... in control-cases to tell`),
 * which the trend stores in the action's words for the page and the comments: they are said in
 * flags as they are shown, never rewritten where they are stored, and --json and --markdown keep
 * them as the action's outputs and job summary carry them.
 */

/** Each action input that a CLI message can name, as the flag that sets it. */
const FLAG_OF: Readonly<Record<string, string>> = {
  'data-dir': '--dir',
  'gh-pages-branch': '--branch',
  repository: '--repo',
  'require-stages': '--require-stages-on',
  'compare-min-effect': '--min-effect',
  ...Object.fromEntries(
    [
      'alert-method',
      'alert-threshold',
      'alert-window',
      'alert-after',
      'alert-confidence',
      'min-effect',
      'absolute-floor',
      'control-cases',
      'import-from',
      'direction-overrides',
      'max-attempts',
      'go-force-package-suffix',
    ].map((n) => [n, `--${n}`]),
  ),
};

/** Where a command's flag for an input has another name than the other commands'. */
const COMMAND_FLAG_OF: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  compare: { 'control-cases': '--control' },
};

/** Single-word inputs (`repository`) are common words too; only a message's lead is theirs. */
const hyphenated = (name: string) => name.includes('-');

/**
 * `text` with the action's input names said as `command`'s flags: the name leading a line
 * (`data-dir: ...`), and a hyphenated name anywhere as a word of its own (`needs alert-threshold`).
 * Quoted values ("...", JSON-escaped, as messages quote what the user gave) and names inside
 * paths or longer words are left as they are.
 */
export function inFlagWords(text: string, command: string): string {
  const table = { ...FLAG_OF, ...COMMAND_FLAG_OF[command] };
  const flag = (name: string) => table[name];
  return text
    .split(/("(?:[^"\\\n]|\\.)*")/)
    .map((part, i) => {
      if (i % 2 === 1) return part;
      return part
        .replace(/(^|\n)((?:benchtrend: )?(?:warning: )?)([a-z][a-z-]*)(?=:)/g, (m, start: string, lead: string, name: string) => (flag(name) ? `${start}${lead}${flag(name)}` : m))
        .replace(/(?<![\w./\\-])([a-z]+(?:-[a-z]+)+)(?![\w/\\-]|\.\w)/g, (m, name: string) => (hyphenated(name) && flag(name) ? (flag(name) as string) : m));
    })
    .join('');
}

/** Each item with its reason in `command`'s flags, for a table a terminal shows. */
export function reasonsInFlagWords<T extends { readonly reason: string }>(items: readonly T[], command: string): T[] {
  return items.map((item) => ({ ...item, reason: inFlagWords(item.reason, command) }));
}
