import type { StreamEvent } from '@oa/shared/contract/workflow';
import type { EventBus } from '../../core/event-bus';
import type { Db } from '../../db/database';
import { insertNotifications, newId } from './runtime.repository';
import type { WfNotificationTable } from '../../db/schema/workflow';

export type NoticeKind = WfNotificationTable['kind'];
export interface Notice {
  kind: NoticeKind;
  title: string;
  content: string;
  instanceId: string | null;
  moduleCode: string | null;
  recordId: string | null;
  /** what people choose channels for (@oa/shared/notify/events, e.g. 'mention'); without it, the kind's own event */
  event?: string;
}

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
    await insertNotifications(
      db,
      users.map((u) => ({
        id: newId(),
        user_code: u,
        kind: n.kind,
        title: n.title.slice(0, 255),
        content: n.content.slice(0, 1000),
        instance_id: n.instanceId,
        module_code: n.moduleCode,
        record_id: n.recordId,
        created_at: at,
        read_at: null,
      })),
      n.event,
    );
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
