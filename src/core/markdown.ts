const ZWSP = '\u200b';

/**
 * Markdown text that renders as the characters given: ASCII punctuation backslash-escaped (which
 * GFM allows for every one of them, `|` included so tables hold), line breaks flattened, and a
 * zero-width space after `@` and before the number of a `#<digit>` or `GH-<digit>` reference so that GitHub, which links
 * mentions and issue numbers in the rendered text after a backslash escape is gone, links nothing:
 * a case named `@org/team` notifies no one when this text lands in a pull-request comment.
 */
export function escapeMarkdown(text: string): string {
  return text
    .replace(/[\r\n]+/g, ' ')
    .replace(/[\\`*_{}[\]()#+\-.!|<>~:=&$^]/g, (c) => `\\${c}`)
    .replace(/@/g, `@${ZWSP}`)
    .replace(/#(?=\d)/g, `#${ZWSP}`)
    // `GH-26` is an issue reference too (GitHub's autolinked references), whatever its case.
    .replace(/(GH\\-)(?=\d)/gi, `$1${ZWSP}`);
}
