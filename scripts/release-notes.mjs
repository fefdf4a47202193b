// `node scripts/release-notes.mjs vX.Y.Z`: the release workflow's gate and its release notes. Refuses,
// in one line, a tag that is not `v` + package.json's version (a tag pushed before
// `npm run release:version`, or on the wrong commit) and a version CHANGELOG.md has no entry for;
// otherwise prints that entry, which becomes the GitHub release's text.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;

/** The body of `## <version>` in a changesets CHANGELOG.md, without its heading; undefined when absent. */
export function changelogEntry(changelog, version) {
  const lines = changelog.split('\n');
  const start = lines.findIndex((l) => l.trim() === `## ${version}`);
  if (start < 0) return undefined;
  const next = lines.findIndex((l, i) => i > start && /^## /.test(l));
  const body = lines.slice(start + 1, next < 0 ? undefined : next).join('\n').trim();
  return body === '' ? undefined : body;
}

/** The notes for `tag`, or an Error saying what is wrong. */
export function releaseNotes(tag, pkg, changelog) {
  if (!/^v\d+\.\d+\.\d+$/.test(tag ?? '')) return new Error(`release: ${JSON.stringify(tag)} is not a version tag vX.Y.Z`);
  if (tag !== `v${pkg.version}`) {
    return new Error(`release: tag ${tag} does not match package.json's version ${pkg.version}; run npm run release:version, commit, and tag that commit`);
  }
  const entry = changelogEntry(changelog, pkg.version);
  if (entry === undefined) return new Error(`release: CHANGELOG.md has no "## ${pkg.version}" entry; run npm run release:version`);
  return entry;
}

if (process.argv[1] && new URL(import.meta.url).pathname === process.argv[1]) {
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  const notes = releaseNotes(process.argv[2], pkg, readFileSync(join(root, 'CHANGELOG.md'), 'utf8'));
  if (notes instanceof Error) {
    console.error(notes.message);
    process.exit(1);
  }
  process.stdout.write(`${notes}\n`);
}
