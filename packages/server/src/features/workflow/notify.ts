import { EventEmitter } from 'node:events';
import { Redis } from 'ioredis';
import type { StreamEvent } from '@oa/shared/contract/workflow';
import type { Db } from '../../db/database';
import { newId } from './runtime.repository';
import type { WfNotificationTable } from './workflow.schema';

/** Live events to the users' browsers: Redis pub/sub across instances when REDIS_URL is set, in-process otherwise. */
export interface EventBus {
  publish(userCode: string, ev: StreamEvent): void;
  subscribe(userCode: string, fn: (ev: StreamEvent) => void): () => void;
  close(): Promise<void>;
}

const CHANNEL = 'oa:wf:events';

export function createEventBus(redisUrl: string | undefined, onError: (e: unknown) => void): EventBus {
  const local = new EventEmitter();
  local.setMaxListeners(0);
  if (!redisUrl) {
    return {
      publish: (u, ev) => void local.emit(u, ev),
      subscribe: (u, fn) => { local.on(u, fn); return () => void local.off(u, fn); },
      close: async () => void local.removeAllListeners(),
    };
  }
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
    subscribe: (u, fn) => { local.on(u, fn); return () => void local.off(u, fn); },
    close: async () => {
      local.removeAllListeners();
      await Promise.allSettled([pub.quit(), sub.quit()]);
    },
  };
}

export type NoticeKind = WfNotificationTable['kind'];
export interface Notice { kind: NoticeKind; title: string; content: string; instanceId: string | null; moduleCode: string | null; recordId: string | null }

/**
 * What an action does besides its rows: notifications written in the transaction, published to the
 * live stream only once it committed (`flush`).
 */
export class Effects {
  private readonly events: Array<{ userCode: string; ev: StreamEvent }> = [];
  constructor(private readonly bus: EventBus | null) {}

  async notify(db: Db, userCodes: readonly string[], n: Notice, at: string): Promise<void> {
    const users = [...new Set(userCodes)].filter((u) => u && u !== 'system');
    if (!users.length) return;
    await db.insertInto('wf_notification').values(users.map((u) => ({
      id: newId(), user_code: u, kind: n.kind, title: n.title.slice(0, 255), content: n.content.slice(0, 1000),
      instance_id: n.instanceId, module_code: n.moduleCode, record_id: n.recordId, created_at: at, read_at: null,
    }))).execute();
    for (const u of users) this.events.push({ userCode: u, ev: { kind: n.kind, title: n.title, instanceId: n.instanceId } });
  }

  flush(): void {
    if (this.bus) for (const e of this.events.splice(0)) this.bus.publish(e.userCode, e.ev);
  }

  /** For calls inside someone else's transaction (the records engine): publish shortly after. */
  flushLater(ms = 150): void {
    if (!this.events.length) return;
    setTimeout(() => this.flush(), ms).unref();
  }
}
