import type { AppContext } from '../../core/context';
import { pingDatabase } from './health.repository';

/** 'ok' with the dialect and version once the database answers. */
export async function health(ctx: AppContext) {
  await pingDatabase(ctx.db);
  return { status: 'ok' as const, db: ctx.dialect, version: ctx.config.version };
}
