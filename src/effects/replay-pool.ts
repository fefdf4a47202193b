/**
 * A replay's cases judged on worker threads (issue #17: 2,000 commits x 40 cases within 10 s).
 * The cases of a suite are independent once their witnesses for the machine are known (planReplay
 * computes those from the points alone), so each case goes whole to whichever worker is free and
 * the results are merged in the plan's order: the same alerts, in the same order, as in-process.
 *
 * A worker starts from the bundled file that is running (dist/cli.js, or the action's
 * dist/index.js), which the door names with configureReplayWorkers; that file serves the worker
 * when it sees REPLAY_WORKER in its workerData. Without a named entry (a test importing the
 * source), with one case or with one core, or with fewer than WORKER_POINTS points to judge unless
 * BENCHTREND_REPLAY_WORKERS asks for workers, the replay starts in this thread; there, once it has
 * taken SPILL_MS and the cases judged say the rest would take twice that (a real history's points
 * can cost ten times a generated one's), the rest goes to the workers after all.
 */
import { availableParallelism } from 'node:os';
import { Worker, type MessagePort } from 'node:worker_threads';
import {
  mergeReplays,
  planReplay,
  replayCase,
  type CaseReplayJob,
  type CaseReplayResult,
  type ReplayedAlert,
} from '../core/regress/replay-trend.js';
import type { AlertSettings } from '../core/regress/settings.js';
import type { Segment, StoredAlert } from '../core/trend/types.js';

/** workerData marker of a replay worker. */
export const REPLAY_WORKER = 'benchtrend-replay-worker';

interface WorkerData {
  readonly role: typeof REPLAY_WORKER;
  readonly settings: AlertSettings;
}

interface Request {
  readonly id: number;
  readonly job: CaseReplayJob;
}

interface Reply {
  readonly id: number;
  readonly result: CaseReplayResult;
}

let entry: URL | undefined;
let workerCount: number | undefined;

/**
 * A replay in this thread hands the rest of its cases to the workers once it has taken this long
 * (milliseconds) and the cases judged so far, at their pace per point, say the rest would take
 * twice as long: a real history's points can cost ten times a generated one's (cardano-ledger's
 * 10,000: 7 s), so WORKER_POINTS alone leaves them in one thread. A replay done within it never
 * pays for a worker, nor does the first case alone, slow while the engine warms up, start one; and
 * a rest of a second or so is not worth the workers' start and heap (an import of 20,000 x 10,
 * about a second of judging, handed over after its first case took 4.8 s and 400 to 460 MB rather
 * than 4.3 s and 330).
 */
export const SPILL_MS = 1_000;
let spillMs = SPILL_MS;

/** A worker and whether it has stopped (an error or an exit before the replay took it). */
interface Started {
  readonly worker: Worker;
  readonly settings: AlertSettings;
  ended: boolean;
}

/** Workers started ahead by startReplayWorkers, for the next replay to take. */
let warm: Started[] = [];

function spawn(file: URL, settings: AlertSettings): Started {
  const worker = new Worker(file, { workerData: { role: REPLAY_WORKER, settings } satisfies WorkerData });
  const started: Started = { worker, settings, ended: false };
  worker.on('error', () => (started.ended = true));
  worker.once('exit', () => (started.ended = true));
  return started;
}

/**
 * Named by the door at start: the bundled file a worker loads, how many workers at most
 * (undefined: os.availableParallelism(); 1: always in this thread), and SPILL_MS as
 * BENCHTREND_REPLAY_SPILL_MS sets it.
 */
export function configureReplayWorkers(file: string | URL | undefined, workers?: number, spill = SPILL_MS): void {
  entry = file === undefined ? undefined : new URL(file);
  workerCount = workers;
  spillMs = spill;
}

/**
 * The most workers BENCHTREND_REPLAY_WORKERS asks for (1: in this thread). Like the network
 * bounds (src/runner.ts), anything but a whole number from 1 keeps the default.
 */
export function replayWorkersFrom(text: string | undefined): number | undefined {
  const n = text === undefined || text.trim() === '' ? NaN : Number(text);
  return Number.isInteger(n) && n >= 1 ? n : undefined;
}

/** BENCHTREND_REPLAY_SPILL_MS: a whole number of milliseconds from 0; anything else keeps SPILL_MS. */
export function replaySpillFrom(text: string | undefined): number {
  const n = text === undefined || text.trim() === '' ? NaN : Number(text);
  return Number.isInteger(n) && n >= 0 ? n : SPILL_MS;
}

/**
 * Starts the workers of the replay about to be made with these settings, so that they load the
 * bundle while the trend is read (about a tenth of a second each, otherwise spent after it). They
 * hold the process open only once the replay takes them; stopReplayWorkers ends any left over.
 */
export function startReplayWorkers(settings: AlertSettings): void {
  const count = workerCount ?? availableParallelism();
  if (entry === undefined || count <= 1 || warm.length > 0) return;
  try {
    for (let i = 0; i < count; i++) {
      const started = spawn(entry, settings);
      started.worker.unref();
      warm.push(started);
    }
  } catch {
    // Threads refused now are refused at the replay too, which then runs in this thread.
    stopReplayWorkers();
  }
}

/** Ends the workers started ahead that no replay took. */
export function stopReplayWorkers(): void {
  for (const w of warm) void w.worker.terminate();
  warm = [];
}

/** Up to `count` workers started ahead with these very settings, still running. */
function takeWarm(settings: AlertSettings, count: number): Worker[] {
  const usable = warm.filter((w) => !w.ended && w.settings === settings).slice(0, count);
  for (const w of warm) if (!usable.includes(w)) void w.worker.terminate();
  warm = [];
  return usable.map((w) => {
    w.worker.ref();
    return w.worker;
  });
}

export function isReplayWorker(data: unknown): data is WorkerData {
  return typeof data === 'object' && data !== null && (data as { role?: unknown }).role === REPLAY_WORKER;
}

/** The worker's side: replays each case it is sent and sends the result back. */
export function serveReplayWorker(port: MessagePort | null, data: WorkerData): void {
  if (!port) throw new Error('a replay worker needs its parent port');
  port.on('message', (m: Request) => {
    port.postMessage({ id: m.id, result: replayCase(m.job, data.settings) } satisfies Reply);
  });
}

/**
 * Below this many points to judge in all, a replay stays in this thread unless
 * BENCHTREND_REPLAY_WORKERS names a number: each worker starts the bundle and keeps a heap of its
 * own, which on an import of 20,000 x 10 (1,000 entries judged, 10,000 points) took its peak from
 * 415 to 441 MB with 2 workers (medians of 3; docs/performance.md holds it to 400), to share about
 * 2 s of CPU.
 */
export const WORKER_POINTS = 20_000;

/** The points a case's replay judges: from its first judged one (the first is only history). */
function judgedPointsOf(j: CaseReplayJob): number {
  return Math.max(0, j.points.length - Math.max(1, j.from ?? 1));
}

function judgedPoints(jobs: readonly CaseReplayJob[]): number {
  return jobs.reduce((n, j) => n + judgedPointsOf(j), 0);
}

/**
 * Whether a replay in this thread, `elapsed` ms into judging `done` points, hands the `rest` to
 * the workers: once `limit` ms have passed and the rest would take twice that at the same pace.
 */
export function spillsAt(elapsed: number, done: number, rest: number, limit: number): boolean {
  return done > 0 && rest > 0 && elapsed >= limit && (elapsed / done) * rest >= 2 * limit;
}

/**
 * How many workers a replay of these jobs takes (0: this thread), given the number
 * BENCHTREND_REPLAY_WORKERS asks for (undefined: as many as the cores, past WORKER_POINTS).
 */
export function workersFor(jobs: readonly CaseReplayJob[], asked: number | undefined, cores: number): number {
  if (asked === undefined && judgedPoints(jobs) < WORKER_POINTS) return 0;
  const n = Math.min(asked ?? cores, jobs.length);
  return n > 1 ? n : 0;
}

/**
 * replaySuites, the cases spread over the workers when there are several cases and cores;
 * `threads`: how many workers (0: this thread), `spilledAfter`: how many cases this thread judged
 * before it handed the rest to them.
 */
export async function replayOnWorkers(
  given: Iterable<Segment>,
  settings: AlertSettings,
  onlySuite?: string,
  judgeFrom?: ReadonlyMap<string, number>,
  older?: ReadonlySet<number>,
): Promise<{ alerts: ReplayedAlert[]; stored: StoredAlert[]; threads: number; spilledAfter?: number }> {
  const plan = planReplay(given, settings, onlySuite, judgeFrom, older);
  const cores = availableParallelism();
  const workers = entry === undefined ? 0 : workersFor(plan.jobs, workerCount, cores);
  // Only the default may spill: BENCHTREND_REPLAY_WORKERS, when it names a number, decides alone.
  let file = workerCount === undefined && cores > 1 ? entry : undefined;
  if (entry !== undefined && workers > 1) {
    try {
      return { ...mergeReplays(plan, await onWorkers(entry, workers, plan.jobs, settings)), threads: workers };
    } catch {
      // A worker that cannot start or stops early (a sandbox without threads, too little memory)
      // costs the speed, not the replay: every case is judged again here, with the same alerts. A
      // fault of the replay itself comes back from this thread too, with its own stack.
      file = undefined;
    }
  }
  stopReplayWorkers();
  const results: CaseReplayResult[] = new Array(plan.jobs.length);
  const queue = longestFirst(plan.jobs);
  const start = performance.now();
  let done = 0;
  let rest = judgedPoints(plan.jobs);
  for (let k = 0; k < queue.length; k++) {
    const id = queue[k] as number;
    const job = plan.jobs[id] as CaseReplayJob;
    results[id] = replayCase(job, settings);
    const points = judgedPointsOf(job);
    done += points;
    rest -= points;
    // One case left gains nothing from a worker.
    if (file === undefined || queue.length - k - 1 < 2 || !spillsAt(performance.now() - start, done, rest, spillMs)) continue;
    const left = queue.slice(k + 1);
    const count = Math.min(cores, left.length);
    try {
      const spilled = await onWorkers(file, count, left.map((i) => plan.jobs[i] as CaseReplayJob), settings);
      left.forEach((i, j) => (results[i] = spilled[j] as CaseReplayResult));
      return { ...mergeReplays(plan, results), threads: count, spilledAfter: k + 1 };
    } catch {
      // As above: workers that fail cost the speed; this loop judges the cases left.
      file = undefined;
    }
  }
  return { ...mergeReplays(plan, results), threads: 0 };
}

/** The jobs' indices, the longest case first, so that no worker is left with a long one at the end. */
function longestFirst(jobs: readonly CaseReplayJob[]): number[] {
  return jobs.map((_, i) => i).sort((a, b) => (jobs[b] as CaseReplayJob).points.length - (jobs[a] as CaseReplayJob).points.length || a - b);
}

/** manifest.alerts as publishing each commit would have left them (replayStoredAlerts); `judgeFrom` and `older` as planReplay's. */
export async function replayStoredAlertsOnWorkers(
  given: Iterable<Segment>,
  settings: AlertSettings,
  onlySuite?: string,
  judgeFrom?: ReadonlyMap<string, number>,
  older?: ReadonlySet<number>,
): Promise<StoredAlert[]> {
  return (await replayOnWorkers(given, settings, onlySuite, judgeFrom, older)).stored;
}

function onWorkers(file: URL, count: number, jobs: readonly CaseReplayJob[], settings: AlertSettings): Promise<CaseReplayResult[]> {
  const queue = longestFirst(jobs);
  const results: (CaseReplayResult | undefined)[] = new Array(jobs.length);
  let done = 0;
  let next = 0;
  const pool: Worker[] = [];
  return new Promise<CaseReplayResult[]>((resolve, reject) => {
    let settled = false;
    const finish = (error?: unknown) => {
      if (settled) return;
      settled = true;
      // The workers hold nothing worth waiting for; terminate() resolves once each has stopped.
      void Promise.all(pool.map((w) => w.terminate())).then(() => (error === undefined ? resolve(results as CaseReplayResult[]) : reject(error)), reject);
    };
    const feed = (w: Worker) => {
      if (next >= queue.length) return;
      const id = queue[next++] as number;
      w.postMessage({ id, job: jobs[id] as CaseReplayJob } satisfies Request);
    };
    const ready = takeWarm(settings, count);
    for (let i = 0; i < count; i++) {
      const w = ready[i] ?? spawn(file, settings).worker;
      pool.push(w);
      w.on('message', (m: Reply) => {
        results[m.id] = m.result;
        done++;
        if (done === jobs.length) finish();
        else feed(w);
      });
      w.on('error', (e) => finish(e));
      w.on('exit', (code) => {
        if (!settled) finish(new Error(`a replay worker stopped (exit code ${code}) before the replay was done`));
      });
      feed(w);
    }
  });
}
