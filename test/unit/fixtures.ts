import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The real inputs, kept in the repository: a clone has nothing beside it (test/fixtures/README.md). */
const ROOT = new URL('../fixtures/', import.meta.url);

/** Absolute path of a shared fixture, e.g. `fixturePath('hyperfine/example.hyperfine-1.15.json')`. */
export function fixturePath(rel: string): string {
  return fileURLToPath(new URL(rel, ROOT));
}

export function readFixture(rel: string): string {
  return readFileSync(fixturePath(rel), 'utf8');
}

export function readFixtureJson<T>(rel: string): T {
  return JSON.parse(readFixture(rel)) as T;
}

/** The data files of a fixture folder (not its README or LICENSE), relative to the fixtures root, sorted. */
export function fixtureFiles(dir: string): string[] {
  return readdirSync(fixturePath(dir))
    .filter((f) => !f.startsWith('.') && f !== 'README.md' && f !== 'LICENSE')
    .sort()
    .map((f) => `${dir}/${f}`);
}
