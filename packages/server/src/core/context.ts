import type { AppConfig } from '../config';
import type { Db, Dialect } from '../db/database';
import type { RateLimiter } from '../lib/rate-limit';
import type { SmsProvider } from './identity/sms-provider';
import type { EventBus } from './event-bus';

/** What every route, service and plugin may use; built once in app.ts. */
export interface AppContext {
  config: AppConfig;
  db: Db;
  dialect: Dialect;
  rateLimiter: RateLimiter;
  sms: SmsProvider;
  jwtKey: Uint8Array;
  /** Live events to the users' browsers (the workflow's to-do counts, notifications). */
  events: EventBus;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}
