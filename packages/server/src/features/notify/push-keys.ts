import webpush from 'web-push';
import type { AppContext } from '../../core/context';
import { configValueOnce } from '../../core/system.repository';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

const held = new WeakMap<object, Promise<VapidKeys>>();

/**
 * The VAPID key pair: OA_VAPID_PUBLIC_KEY / OA_VAPID_PRIVATE_KEY, else a pair generated once and kept in the
 * database (sys_config 'vapid_keys', as the JWT key is), so every instance signs with the same key and the
 * browsers' subscriptions stay valid across restarts.
 */
export function vapidKeys(ctx: Pick<AppContext, 'db' | 'config'>): Promise<VapidKeys> {
  const configured = ctx.config.notify.vapid;
  if (configured) return Promise.resolve(configured);
  let p = held.get(ctx.db);
  if (!p) {
    p = configValueOnce(ctx.db, 'vapid_keys', JSON.stringify(webpush.generateVAPIDKeys())).then((v) => JSON.parse(v) as VapidKeys);
    p.catch(() => held.delete(ctx.db));
    held.set(ctx.db, p);
  }
  return p;
}
