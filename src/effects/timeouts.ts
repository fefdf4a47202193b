/**
 * How long benchtrend waits on the network. One place, so the docs (docs/troubleshooting.md,
 * "Timeouts and retries") and the code cannot drift apart. The doors read the overrides from the
 * environment (src/runner.ts networkBounds) and pass the bounds down; tests shorten them there
 * instead of waiting a minute per fault.
 */

export interface NetworkBounds {
  /** One request or one git fetch/push: cut after this long (BENCHTREND_REQUEST_TIMEOUT_MS). */
  readonly requestMs: number;
  /**
   * All the attempts against one service that keeps failing (hangs, resets, 5xx): after this long
   * the job warns and goes on, or fails a publish with the remote's words (BENCHTREND_NETWORK_BUDGET_MS).
   */
  readonly budgetMs: number;
  /** Racing for the gh-pages branch: lost races are retried for this long (BENCHTREND_RACE_BUDGET_MS). */
  readonly raceBudgetMs: number;
}

export const DEFAULT_BOUNDS: NetworkBounds = { requestMs: 20_000, budgetMs: 60_000, raceBudgetMs: 300_000 };

/** A call that took longer than its bound; its message says what and how long. */
export class TimeoutError extends Error {
  override readonly name = 'TimeoutError';
}

export function seconds(ms: number): string {
  return ms >= 10_000 ? `${Math.round(ms / 1000)} s` : `${Math.round(ms / 100) / 10} s`;
}

/**
 * `promise`, or a TimeoutError after `ms`. For libraries that take no abort signal (the artifact
 * client): the call is abandoned, not cancelled, so the caller must not wait on it afterwards.
 */
export function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new TimeoutError(`${what} did not finish within ${seconds(ms)}`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
