import type { Redis } from 'ioredis';

export interface RateLimiter {
  /** Counts one hit on `key`; allowed while the count in the window stays within `limit`. */
  hit(key: string, limit: number, windowMs: number): Promise<{ allowed: boolean; count: number; retryAfterMs: number }>;
  close(): Promise<void>;
}

/** Fixed-window counters in this process (one instance, or tests). */
export function memoryRateLimiter(): RateLimiter {
  const windows = new Map<string, { count: number; resetAt: number }>();
  let calls = 0;
  return {
    async hit(key, limit, windowMs) {
      const now = Date.now();
      if (++calls % 1000 === 0) for (const [k, w] of windows) if (w.resetAt <= now) windows.delete(k);
      let w = windows.get(key);
      if (!w || w.resetAt <= now) {
        w = { count: 0, resetAt: now + windowMs };
        windows.set(key, w);
      }
      w.count += 1;
      return { allowed: w.count <= limit, count: w.count, retryAfterMs: w.resetAt - now };
    },
    async close() {
      windows.clear();
    },
  };
}

/** Fixed-window counters in Redis, shared by every instance. */
export function redisRateLimiter(redis: Redis): RateLimiter {
  return {
    async hit(key, limit, windowMs) {
      const k = `oa:rl:${key}`;
      const [[, count], [, ttl]] = (await redis.multi().incr(k).pttl(k).exec()) as [[null, number], [null, number]];
      if (ttl < 0) await redis.pexpire(k, windowMs);
      return { allowed: count <= limit, count, retryAfterMs: ttl < 0 ? windowMs : ttl };
    },
    async close() {
      await redis.quit();
    },
  };
}
