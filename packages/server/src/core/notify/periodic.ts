import type { FastifyInstance } from 'fastify';
import { trackJob } from '../metrics';

/**
 * Runs a periodic message job (会前提醒, 督办亮灯, 周报待提交) every `everyMs` in this instance, counted as `job`
 * and never overlapping itself; stopped when the app closes. The job itself must write each message once (a key
 * claimed with `claimOnce`), since every instance runs it.
 */
export function runEvery(app: FastifyInstance, job: string, everyMs: number, run: (now: Date) => Promise<unknown>): void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    trackJob(app.ctx, job, () => run(new Date()))
      .catch((e: unknown) => app.log.error({ err: e }, `${job} failed`))
      .finally(() => {
        running = false;
      });
  }, everyMs);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
