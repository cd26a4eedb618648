import { Redis } from 'ioredis';

/** The Redis the tests use (OA_TEST_REDIS_URL; .ci/run starts one when none answers). */
export const REDIS_URL = process.env.OA_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

async function redisAnswers(): Promise<boolean> {
  const r = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null, connectTimeout: 1000 });
  try {
    await r.connect();
    return (await r.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    r.disconnect();
  }
}

/** Whether the Redis tests run: always under CI=true (.ci/run has checked that Redis answers: never skipped there),
 * elsewhere when Redis answers. */
export const HAS_REDIS = process.env.CI === 'true' || (await redisAnswers());
