import type { Db } from '../../db/database';
import { nowIso } from '../../lib/time';
import { insertSmsOutbox } from '../system.repository';
import { maskMobile } from './account-mobile';

/** Sends a text message. `console` keeps an outbox an administrator can read; `http` posts to a gateway. */
export interface SmsProvider {
  readonly name: string;
  send(mobile: string, content: string): Promise<void>;
}

export function consoleSmsProvider(db: Db, log: (msg: string) => void): SmsProvider {
  return {
    name: 'console',
    async send(mobile, content) {
      await insertSmsOutbox(db, mobile, content, nowIso());
      log(`[短信] ${maskMobile(mobile)}: ${content}`); // a log line never carries the number (docs/security.md)
    },
  };
}

/** Posts `{ mobile, content }` as JSON to OA_SMS_HTTP_URL with an optional bearer key. */
export function httpSmsProvider(url: string, apiKey: string | undefined): SmsProvider {
  return {
    name: 'http',
    async send(mobile, content) {
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(apiKey ? { authorization: `Bearer ${apiKey}` } : {}) },
        body: JSON.stringify({ mobile, content }),
        signal: AbortSignal.timeout(10_000),
      });
      if (!res.ok) throw new Error(`短信网关返回 ${res.status}`);
    },
  };
}
