import type { AppContext } from '../../core/context';
import { pingDatabase } from './health.repository';

const within = <T>(p: Promise<T>, ms: number) =>
  Promise.race([p, new Promise<never>((_, reject) => setTimeout(() => reject(new Error('timeout')), ms).unref())]);

const answers = async (ping: () => Promise<unknown>): Promise<'ok' | 'down'> => {
  try {
    await within(ping(), 2000);
    return 'ok';
  } catch {
    return 'down';
  }
};

/** Whether the database and Redis (when configured) answer, each within 2 s; 'down' when either does not. */
export async function health(ctx: AppContext) {
  const [database, redis] = await Promise.all([
    answers(() => pingDatabase(ctx.db)),
    ctx.redisPing ? answers(ctx.redisPing) : Promise.resolve('off' as const),
  ]);
  const status = database === 'ok' && redis !== 'down' ? ('ok' as const) : ('down' as const);
  return { status, db: ctx.dialect, version: ctx.config.version, database, redis };
}
