import { describe, expect, it } from 'vitest';
import { apiErrorText } from '../../src/effects/github-api.js';

describe('apiErrorText', () => {
  it('takes the token out and keeps a short answer whole, on one line', () => {
    expect(apiErrorText('bad credentials for ghs_secret\nretry later', 'ghs_secret')).toBe('bad credentials for *** retry later');
  });

  it('cuts a long answer at its last full sentence, marked, never mid-word', () => {
    const text = `${'The server is busy. '.repeat(20)}Tail that would be cut in the middle`;
    const out = apiErrorText(text, undefined);
    expect(out.length).toBeLessThanOrEqual(302);
    expect(out).toMatch(/busy\. …$/);
  });

  it('cuts one long sentence at a word boundary', () => {
    const text = Array.from({ length: 100 }, (_, i) => `word${i}`).join(' ');
    const out = apiErrorText(text, undefined);
    expect(out).toMatch(/ word\d+ …$/);
    expect(text.startsWith(out.slice(0, -2))).toBe(true);
  });
});
