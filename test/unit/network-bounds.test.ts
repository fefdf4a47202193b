import { describe, expect, it } from 'vitest';
import { authFor } from '../../src/effects/git.js';
import { isRateLimited, isTransientApiError, rateLimitWaitMs } from '../../src/effects/github-api.js';
import { DEFAULT_BOUNDS, withTimeout, TimeoutError } from '../../src/effects/timeouts.js';
import { networkBounds } from '../../src/runner.js';

const error = (status: number, headers: Record<string, string>) => ({ status, response: { headers } });

describe('authFor: the token only goes to http(s) remotes on its own server', () => {
  it.each([
    ['https://github.com/o/r.git', true],
    ['https://GitHub.com/o/r.git', true],
    ['http://github.com/o/r.git', false],
    ['https://github.com.evil.example/o/r.git', false],
    ['https://gitlab.com/o/r.git', false],
    ['file:///tmp/r.git', false],
    ['/tmp/r.git', false],
    ['git@github.com:o/r.git', false],
  ])('%s: %s', (remote, sends) => {
    expect(authFor('https://github.com', remote, 'ghs_x0123456789') !== undefined).toBe(sends);
  });
  it('sends nothing without a token', () => {
    expect(authFor('https://github.com', 'https://github.com/o/r.git', undefined)).toBeUndefined();
  });
});

describe('rate limits', () => {
  it('a 403 with x-ratelimit-remaining: 0 is a rate limit and transient, a plain 403 is neither', () => {
    expect(isRateLimited(error(403, { 'x-ratelimit-remaining': '0' }))).toBe(true);
    expect(isTransientApiError(error(403, { 'x-ratelimit-remaining': '0' }))).toBe(true);
    expect(isRateLimited(error(403, { 'x-ratelimit-remaining': '12' }))).toBe(false);
    expect(isTransientApiError(error(403, {}))).toBe(false);
  });
  it('a 403 that says it is a secondary rate limit is one, without either header', () => {
    const secondary = { ...error(403, {}), message: 'You have exceeded a secondary rate limit. Please wait a few minutes before you try again.' };
    expect(isRateLimited(secondary)).toBe(true);
    expect(isTransientApiError(secondary)).toBe(true);
    expect(isRateLimited({ ...error(403, {}), message: 'Resource not accessible by integration' })).toBe(false);
  });
  it('waits for Retry-After, else until the reset, else the minute GitHub asks for', () => {
    expect(rateLimitWaitMs(error(429, { 'retry-after': '7' }), 0)).toBe(7000);
    expect(rateLimitWaitMs(error(403, { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': '100' }), 40_000)).toBe(60_000);
    expect(rateLimitWaitMs(error(429, {}), 0)).toBe(60_000);
  });
  it('reads a Retry-After given as an HTTP date, as RFC 9110 allows', () => {
    const now = Date.parse('2026-12-07T14:00:00Z');
    expect(rateLimitWaitMs(error(429, { 'retry-after': 'Mon, 07 Dec 2026 14:00:05 GMT' }), now)).toBe(5000);
    expect(rateLimitWaitMs(error(503, { 'retry-after': 'Mon, 07 Dec 2026 13:59:00 GMT' }), now)).toBe(0);
    expect(rateLimitWaitMs(error(429, { 'retry-after': 'soon' }), now)).toBe(60_000);
  });
});

describe('networkBounds', () => {
  it('defaults to what the docs say, and takes overrides from the environment', () => {
    expect(networkBounds({})).toEqual({ requestMs: 20_000, budgetMs: 60_000, raceBudgetMs: 300_000 });
    expect(networkBounds({ BENCHTREND_REQUEST_TIMEOUT_MS: '1500', BENCHTREND_NETWORK_BUDGET_MS: '4000', BENCHTREND_RACE_BUDGET_MS: '9000' })).toEqual({ requestMs: 1500, budgetMs: 4000, raceBudgetMs: 9000 });
  });
  it('a typo keeps the bound instead of turning it off', () => {
    expect(networkBounds({ BENCHTREND_NETWORK_BUDGET_MS: 'sixty' }).budgetMs).toBe(DEFAULT_BOUNDS.budgetMs);
    expect(networkBounds({ BENCHTREND_NETWORK_BUDGET_MS: '0' }).budgetMs).toBe(DEFAULT_BOUNDS.budgetMs);
  });
  it('withTimeout abandons a call that never settles', async () => {
    await expect(withTimeout(new Promise(() => {}), 20, 'the upload')).rejects.toThrow(TimeoutError);
    await expect(withTimeout(Promise.resolve(3), 1000, 'x')).resolves.toBe(3);
  });
});
