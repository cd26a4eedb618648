import type { AppConfig } from '../config';
import type { Db, Dialect } from '../db/database';
import type { RateLimiter } from '../lib/rate-limit';
import type { SmsProvider } from './sms-provider';

/** What every route, service and plugin may use; built once in app.ts. */
export interface AppContext {
  config: AppConfig;
  db: Db;
  dialect: Dialect;
  rateLimiter: RateLimiter;
  sms: SmsProvider;
  jwtKey: Uint8Array;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}
