import { describe, expect, it } from 'vitest';
import { memoryRateLimiter } from './rate-limit';

describe('memory rate limiter', () => {
  it('allows up to the limit within a window, then refuses', async () => {
    const rl = memoryRateLimiter();
    const results = [];
    for (let i = 0; i < 4; i++) results.push((await rl.hit('k', 3, 60_000)).allowed);
    expect(results).toEqual([true, true, true, false]);
    expect((await rl.hit('other', 3, 60_000)).allowed).toBe(true);
  });
  it('opens a new window after it expires', async () => {
    const rl = memoryRateLimiter();
    await rl.hit('k', 1, 5);
    expect((await rl.hit('k', 1, 5)).allowed).toBe(false);
    await new Promise((r) => setTimeout(r, 10));
    expect((await rl.hit('k', 1, 5)).allowed).toBe(true);
  });
});
