import { EventEmitter } from 'node:events';
import type * as ioredis from 'ioredis';
import { lazyRequire } from '../lib/lazy-require';
import type { StreamEvent } from '@oa/shared/contract/workflow';

/** Live events to the users' browsers: Redis pub/sub across instances when REDIS_URL is set, in-process otherwise. */
export interface EventBus {
  publish(userCode: string, ev: StreamEvent): void;
  subscribe(userCode: string, fn: (ev: StreamEvent) => void): () => void;
  close(): Promise<void>;
}

const CHANNEL = 'oa:wf:events';
const loadIoredis = lazyRequire<typeof ioredis>('ioredis');

export function createEventBus(redisUrl: string | undefined, onError: (e: unknown) => void): EventBus {
  const local = new EventEmitter();
  local.setMaxListeners(0);
  if (!redisUrl) {
    return {
      publish: (u, ev) => void local.emit(u, ev),
      subscribe: (u, fn) => {
        local.on(u, fn);
        return () => void local.off(u, fn);
      },
      close: async () => void local.removeAllListeners(),
    };
  }
  const { Redis } = loadIoredis();
  const pub = new Redis(redisUrl, { maxRetriesPerRequest: 2 });
  const sub = new Redis(redisUrl, { maxRetriesPerRequest: 2 });
  pub.on('error', onError);
  sub.on('error', onError);
  sub.subscribe(CHANNEL).catch(onError);
  sub.on('message', (_ch: string, msg: string) => {
    try {
      const { u, ev } = JSON.parse(msg) as { u: string; ev: StreamEvent };
      local.emit(u, ev);
    } catch (e) {
      onError(e);
    }
  });
  return {
    publish: (u, ev) => void pub.publish(CHANNEL, JSON.stringify({ u, ev })).catch(onError),
    subscribe: (u, fn) => {
      local.on(u, fn);
      return () => void local.off(u, fn);
    },
    close: async () => {
      local.removeAllListeners();
      await Promise.allSettled([pub.quit(), sub.quit()]);
    },
  };
}
