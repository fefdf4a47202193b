/** The body of `## <version>` in a changesets CHANGELOG.md, without its heading; undefined when absent. */
export function changelogEntry(changelog: string, version: string): string | undefined;
/** The release notes for `tag`, or an Error saying in one line what is wrong. */
export function releaseNotes(tag: string | undefined, pkg: { version: string }, changelog: string): string | Error;
