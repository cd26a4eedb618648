import { EXCHANGE_API, type MemberUnit, type ReceiptRow, type Recognized } from '@oa/shared/contract/exchange';
import { http, unwrap } from '../../lib/http-client';

/** Exchange with member units, the sender's side, and recognising a received file (issue 37). */
export const exchangeApi = {
  units: async () => unwrap(await http.get<MemberUnit[]>(EXCHANGE_API.units)),
  receipts: async (id: string) =>
    unwrap(await http.get<{ rows: ReceiptRow[]; can: { send: boolean; urge: boolean } }>(EXCHANGE_API.receipts, { id })),
  send: async (id: string, unitIds: string[], dueAt: string | null) =>
    unwrap(await http.post<{ added: number }>(EXCHANGE_API.send, { id, unitIds, dueAt })),
  urge: async (id: string, unitIds?: string[]) => unwrap(await http.post<{ urged: number }>(EXCHANGE_API.urge, { id, unitIds })),
  recognize: async (fileId: string) => unwrap(await http.post<Recognized>(EXCHANGE_API.recognize, { fileId })),
};
