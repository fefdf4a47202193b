import { isMainThread, parentPort, workerData } from 'node:worker_threads';
import { configureReplayWorkers, isReplayWorker, replaySpillFrom, replayWorkersFrom, serveReplayWorker } from './effects/replay-pool.js';
import { stopGitCommands, stoppedText } from './effects/git.js';
import { removeClaimedFoldersNow } from './effects/stale-branches.js';
import { run } from './main.js';

// An import's judging replays its cases on worker threads that load this same file
// (src/effects/replay-pool.ts): there it serves the worker rather than running the action.
if (!isMainThread && isReplayWorker(workerData)) {
  serveReplayWorker(parentPort, workerData);
} else {
  configureReplayWorkers(import.meta.url, replayWorkersFrom(process.env['BENCHTREND_REPLAY_WORKERS']), replaySpillFrom(process.env['BENCHTREND_REPLAY_SPILL_MS']));
  // A cancelled job's signal reaches this process, not the git commands it runs in their own
  // process groups: a push would land after the step had ended. They are stopped with it.
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      process.stdout.write(`::warning::${stoppedText(signal, stopGitCommands(), true)}\n`);
      // As the CLI's Ctrl-C: a self-hosted runner keeps RUNNER_TEMP, and the publish's `finally`
      // never runs on this exit.
      removeClaimedFoldersNow();
      process.exit(1);
    });
  }
  await run();
  // An abandoned call (an artifact upload cut by its time bound) may still hold a socket open; the
  // job's work is done and its exit code set, so it must not wait for that socket.
  process.exit();
}
