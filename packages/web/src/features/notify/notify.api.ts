import type { KeysetPaged } from '@oa/shared/contract/envelope';
import {
  NOTIFY_API,
  type AttemptItem,
  type ChannelItem,
  type DeliveryItem,
  type NotifyChannel,
  type SaveChannelBody,
  type TestSendAnswer,
} from '@oa/shared/contract/notify';
import { http, unwrap } from '../../lib/http-client';

/** Messages that leave the system (contract: @oa/shared/contract/notify). */
export const notifyApi = {
  channels: async () => unwrap(await http.get<ChannelItem[]>(NOTIFY_API.channels)),
  saveChannel: async (b: SaveChannelBody) => unwrap(await http.post<null>(NOTIFY_API.saveChannel, b)),
  testSend: async (channel: NotifyChannel) => unwrap(await http.post<TestSendAnswer>(NOTIFY_API.testSend, { channel })),
  log: async (q: { pageNumber: number; pageSize: number; after?: string; status?: DeliveryItem['status'] }) =>
    unwrap(await http.get<KeysetPaged<DeliveryItem>>(NOTIFY_API.log, q)),
  attempts: async (deliveryId: string) => unwrap(await http.get<AttemptItem[]>(NOTIFY_API.attempts, { deliveryId })),
};
