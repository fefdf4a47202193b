import { describe, expect, it } from 'vitest';
import { RetriesExhaustedError, retryWithBackoff } from '../../src/effects/retry.js';

class Flaky extends Error {}

describe('retryWithBackoff', () => {
  it('retries transient errors with full-jitter exponential waits, then returns', async () => {
    const waits: number[] = [];
    let calls = 0;
    const result = await retryWithBackoff(
      async (attempt) => {
        calls++;
        if (attempt < 4) throw new Flaky(`try ${attempt}`);
        return `landed on ${attempt}`;
      },
      (e) => e instanceof Flaky,
      { attempts: 8, baseMs: 100, random: () => 0.5, sleep: async (ms) => void waits.push(ms) },
    );
    expect(result).toBe('landed on 4');
    expect(calls).toBe(4);
    expect(waits).toEqual([50, 100, 200]);
  });

  it('caps each wait', async () => {
    const waits: number[] = [];
    await expect(
      retryWithBackoff(async () => { throw new Flaky(); }, () => true, { attempts: 6, baseMs: 1000, maxMs: 3000, random: () => 0.999, sleep: async (ms) => void waits.push(ms) }),
    ).rejects.toThrow(RetriesExhaustedError);
    expect(waits).toEqual([999, 1998, 2997, 2997, 2997]);
  });

  it('asks a cap given as a function before each wait', async () => {
    const waits: number[] = [];
    const caps = [3000, 250, 8000];
    await expect(
      retryWithBackoff(async () => { throw new Flaky(); }, () => true, { attempts: 4, baseMs: 2000, maxMs: () => caps.shift() as number, random: () => 0.5, sleep: async (ms) => void waits.push(ms) }),
    ).rejects.toThrow(RetriesExhaustedError);
    // Bounds 2000, 4000 and 8000, each under the cap asked for then: 3000, 250 and 8000.
    expect(waits).toEqual([1000, 125, 4000]);
  });

  it('cuts a draw to half of what the budget has left, and tries no more once it is spent', async () => {
    let clock = 0;
    const waits: number[] = [];
    let calls = 0;
    const error = await retryWithBackoff(
      async () => {
        calls++;
        clock += 300;
        throw new Flaky(`race ${calls}`);
      },
      () => true,
      { budgetMs: 1000, baseMs: 2000, random: () => 0.9, now: () => clock, sleep: async (ms) => { waits.push(ms); clock += ms; } },
    ).catch((e: unknown) => e);
    // Attempt 1 ends at 300: a draw of 1800 is cut to half the 700 left, 350; attempt 2 ends at
    // 950, and a draw of 3600 is cut to 25; attempt 3 ends at 1275, past the budget.
    expect(waits).toEqual([350, 25]);
    expect(calls).toBe(3);
    expect(error).toBeInstanceOf(RetriesExhaustedError);
    expect((error as RetriesExhaustedError).message).toBe('gave up after 3 attempts in 1 s: race 3');
  });

  it('rethrows a permanent error at once, without waiting', async () => {
    const waits: number[] = [];
    const refusal = new Error('pre-receive hook declined');
    let calls = 0;
    await expect(
      retryWithBackoff(async () => { calls++; throw refusal; }, (e) => e instanceof Flaky, { attempts: 8, baseMs: 10, sleep: async (ms) => void waits.push(ms) }),
    ).rejects.toBe(refusal);
    expect(calls).toBe(1);
    expect(waits).toEqual([]);
  });

  it('gives up after the bound, saying how many attempts and the last error', async () => {
    let calls = 0;
    const seen: number[] = [];
    const error = await retryWithBackoff(
      async () => { calls++; throw new Flaky(`race ${calls}`); },
      () => true,
      { attempts: 3, baseMs: 1, sleep: async () => {}, onRetry: (attempt) => seen.push(attempt) },
    ).catch((e: unknown) => e);
    expect(calls).toBe(3);
    expect(seen).toEqual([1, 2]);
    expect(error).toBeInstanceOf(RetriesExhaustedError);
    expect((error as RetriesExhaustedError).message).toBe('gave up after 3 attempts: race 3');
    expect((error as RetriesExhaustedError).last).toBeInstanceOf(Flaky);
  });
});
