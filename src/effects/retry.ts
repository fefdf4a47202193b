/**
 * Retry with a predicate: only errors known to be transient are retried, with jittered
 * exponential backoff and a bound. Callers say in `isTransient` why an error is transient.
 */

export interface RetryOptions {
  /** Total attempts, the first included (input `max-attempts`); unbounded when absent, then `budgetMs` bounds. */
  readonly attempts?: number;
  /**
   * Time for all attempts together, from the first one's start: no wait takes more than half of
   * what it has left (a longer draw is cut to that), and none starts once it is spent. With
   * contention the number of attempts a publisher needs grows with the number of publishers, so a
   * count is the wrong bound; a time is what a job can afford.
   */
  readonly budgetMs?: number;
  /** Injected clock (ms) for the budget; performance.now by default, which a clock step cannot move. */
  readonly now?: () => number;
  /** Upper bound of the first wait; the bound doubles per retry. A function is asked before each wait. */
  readonly baseMs: number | (() => number);
  /** Cap on any single wait. A function is asked before each wait. */
  readonly maxMs?: number | (() => number);
  /** Injected so tests and benchmarks do not wait on a clock. */
  readonly sleep?: (ms: number) => Promise<void>;
  /** Injected source of [0, 1) jitter. */
  readonly random?: () => number;
  /** Told before each wait: which attempt failed, the error, and how long the wait is. */
  readonly onRetry?: (attempt: number, error: unknown, waitMs: number) => void;
}

export const sleepMs = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The error of the last attempt when every attempt failed transiently. */
export class RetriesExhaustedError extends Error {
  override readonly name = 'RetriesExhaustedError';
  constructor(
    readonly attempts: number,
    readonly last: unknown,
    /** From the first attempt's start to the give-up. */
    readonly elapsedMs = 0,
  ) {
    const took = elapsedMs >= 1000 ? ` in ${Math.round(elapsedMs / 1000)} s` : '';
    super(`gave up after ${attempts} attempt${attempts === 1 ? '' : 's'}${took}: ${last instanceof Error ? last.message : String(last)}`);
  }
}

/**
 * Runs `fn(attempt)` (attempt counts from 1) until it succeeds, a non-transient error is thrown
 * (rethrown at once, unchanged), or the attempts run out (RetriesExhaustedError).
 *
 * Waits use "full jitter" (a uniform draw below the exponential bound): racing publishers that
 * collided once are then unlikely to collide again, which a fixed or merely scaled backoff
 * does not give.
 */
export async function retryWithBackoff<T>(
  fn: (attempt: number) => Promise<T>,
  isTransient: (error: unknown) => boolean,
  options: RetryOptions,
): Promise<T> {
  const sleep = options.sleep ?? sleepMs;
  const random = options.random ?? Math.random;
  // A bound given as a function is asked again before each wait.
  const asked = (bound: number | (() => number)) => (typeof bound === 'function' ? bound() : bound);
  const now = options.now ?? (() => performance.now());
  const attempts = options.attempts === undefined ? Infinity : Math.max(1, Math.floor(options.attempts));
  const start = now();
  for (let attempt = 1; ; attempt++) {
    try {
      return await fn(attempt);
    } catch (error) {
      if (!isTransient(error)) throw error;
      const elapsed = now() - start;
      if (attempt >= attempts) throw new RetriesExhaustedError(attempt, error, elapsed);
      const bound = Math.min(asked(options.maxMs ?? 30_000), asked(options.baseMs) * 2 ** (Math.min(attempt, 30) - 1));
      let wait = Math.round(bound * random());
      if (options.budgetMs !== undefined) {
        // A long draw is cut to half of what the budget has left rather than ending the tries:
        // the bound grows with contention, and a racer that spent most of its budget waiting
        // would get one last attempt at most, against all the others.
        if (elapsed >= options.budgetMs) throw new RetriesExhaustedError(attempt, error, elapsed);
        wait = Math.min(wait, Math.floor((options.budgetMs - elapsed) / 2));
      }
      options.onRetry?.(attempt, error, wait);
      await sleep(wait);
    }
  }
}
