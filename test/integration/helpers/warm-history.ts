/**
 * A quiet published history of a warm launch (host-prep, attach, total) to judge new points
 * against, as the regression tests through the CLI need it.
 */
import { buildPoints } from '../../../src/core/cases.js';
import type { Random } from '../../../src/core/regress/prng.js';
import { DEFAULT_ALERT_SETTINGS } from '../../../src/core/regress/settings.js';
import { parseRecord } from '../../../src/formats/record.js';
import { publishTrend } from '../../../src/jobs/publish.js';
import { regressionDeriver } from '../../../src/jobs/regressions.js';
import { runCli } from '../../helpers/run-action.js';
import type { GitSandbox } from './git-server.js';

/** The n-th test commit's sha. */
export const sha = (n: number): string => n.toString(16).padStart(2, '0').repeat(20);

/** Three runs with 2% job noise; attach scaled by `slower`, the total `outside` seconds beyond its stages. */
export function warmRecord(rng: Random, slower = 1, outside = 0): string {
  const job = Math.exp(0.02 * rng.normal());
  const runs = [0.99, 1, 1.01].map((f) => {
    const prep = 0.2 * job * f;
    const attach = 1.5 * job * f * slower;
    return { total_seconds: prep + attach + outside * f, stages: { 'host-prep': prep, attach } };
  });
  return JSON.stringify({ shape: 'warm', runs });
}

/**
 * Publishes commits `first`..count (1.. by default) of quiet warm records to `remote`, judged as the
 * action judges; commit n is `shaOf(n)`, a real repository's commit where a test needs git to know it.
 */
export async function publishWarmHistory(sb: GitSandbox, remote: string, count: number, rng: Random, { first = 1, shaOf = sha }: { first?: number; shaOf?: (n: number) => string } = {}): Promise<void> {
  for (let n = first; n <= count; n++) {
    await publishTrend(
      { repository: remote, branch: 'gh-pages', dataDir: 'dev/bench', suite: 'default', maxAttempts: 2 },
      {
        points: buildPoints([parseRecord('warm.json', warmRecord(rng))]).points,
        commit: { sha: shaOf(n), message: `commit ${n}`, author: 'Ada', timestamp: `2024-01-01T00:00:${String(n).padStart(2, '0')}Z` },
        serverUrl: 'https://github.com',
        cwd: sb.root,
        env: sb.env,
        tempRoot: sb.root,
        publishedAt: '2024-02-01T00:00:00Z',
      },
      { alerts: regressionDeriver('default', DEFAULT_ALERT_SETTINGS).derive },
    );
  }
}

/** `benchtrend publish FILE` of commit n through the bundled CLI. */
export function cliPublish(sb: GitSandbox, remote: string, file: string, n: number, extra: string[] = []) {
  return runCli(['publish', file, '--repo', remote, '--commit', sha(n), '--message', `commit ${n}`, '--author', 'Ada', '--timestamp', `2024-01-01T00:01:${String(n).padStart(2, '0')}Z`, ...extra], sb.root, sb.env);
}
