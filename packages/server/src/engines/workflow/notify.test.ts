import { describe, expect, it } from 'vitest';
import type { StreamEvent } from '@oa/shared/contract/workflow';
import { createEventBus } from '../../core/event-bus';
import { HAS_REDIS, REDIS_URL } from '../../../test/test-redis';

const ev: StreamEvent = { kind: 'task', title: '待审批：测试', instanceId: 'i1' };
const next = (bus: ReturnType<typeof createEventBus>, user: string) =>
  new Promise<StreamEvent>((resolve) => {
    const off = bus.subscribe(user, (e) => {
      off();
      resolve(e);
    });
  });

describe('live event bus', () => {
  it("in-process: delivers to the user's subscribers only, and unsubscribes", async () => {
    const bus = createEventBus(undefined, () => undefined);
    const got: string[] = [];
    const off = bus.subscribe('a', (e) => got.push(`a:${e.title}`));
    bus.subscribe('b', (e) => got.push(`b:${e.title}`));
    bus.publish('a', ev);
    off();
    bus.publish('a', ev);
    expect(got).toEqual(['a:待审批：测试']);
    await bus.close();
  });

  it.skipIf(!HAS_REDIS)('through Redis pub/sub: an event published on one server reaches a stream held by another', async () => {
    const one = createEventBus(REDIS_URL, () => undefined);
    const two = createEventBus(REDIS_URL, () => undefined);
    await new Promise((r) => setTimeout(r, 200));
    const user = `u${Date.now()}`;
    const received = next(two, user);
    one.publish(user, ev);
    expect(await received).toEqual(ev);
    await Promise.all([one.close(), two.close()]);
  });
});
