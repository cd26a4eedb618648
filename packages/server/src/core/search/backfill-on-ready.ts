import type { FastifyInstance } from 'fastify';
import { runBackfill } from './search-index';

/** Every source back-filled at start: the bench waits for all of their marks before it measures. */
export const BACKFILL_SOURCES = ['search', 'news', 'spaces', 'documents', 'step-stats'] as const;
type BackfillSource = (typeof BACKFILL_SOURCES)[number];

/**
 * Runs a feature's start-up back-fill (`runBackfill`: once per database) when the app is ready; a pass
 * longer than a second continues in the background and the app waits for it on close.
 */
export function backfillOnReady(app: FastifyInstance, source: BackfillSource, steps: () => AsyncIterable<unknown>): void {
  let rest = Promise.resolve();
  app.addHook('onReady', async () => {
    const started = Date.now();
    const run = await runBackfill(app.ctx.db, source, steps());
    rest = run.rest.then(
      () => app.log.info({ source, ms: Date.now() - started }, 'start-up back-fill over'),
      (err: unknown) => app.log.error({ err, source }, 'start-up back-fill failed'),
    );
  });
  app.addHook('onClose', () => rest);
}
