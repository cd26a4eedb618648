import type { AppConfig } from '../config';
import type { Db, Dialect } from '../db/database';
import type { RateLimiter } from '../lib/rate-limit';
import type { SmsProvider } from './identity/sms-provider';
import type { EventBus } from './event-bus';
import type { FieldKeyring } from '../lib/field-cipher';

/** What every route, service and plugin may use; built once in app.ts. */
export interface AppContext {
  config: AppConfig;
  db: Db;
  dialect: Dialect;
  rateLimiter: RateLimiter;
  sms: SmsProvider;
  jwtKey: Uint8Array;
  /** SM4 keys of the sensitive fields (core/crypto/field-cipher.ts) */
  fieldKeys: FieldKeyring;
  /** Live events to the users' browsers (the workflow's to-do counts, notifications). */
  events: EventBus;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}
