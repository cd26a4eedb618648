import { APPROVAL_API, type SuppliesItem, type SuppliesItemBody } from '@oa/shared/contract/approval-modules';
import { http, unwrap } from '../../lib/http-client';

/** The office supplies stock (server: modules/oa_supplies/supplies.routes.ts). */
const P = `${APPROVAL_API}/supplies`;

export const suppliesApi = {
  supplies: async (keyword?: string) => unwrap(await http.get<SuppliesItem[]>(`${P}/list`, { keyword })),
  saveSupply: async (b: SuppliesItemBody) => unwrap(await http.post<SuppliesItem>(`${P}/save`, b)),
  stockIn: async (id: string, quantity: number) => unwrap(await http.post<SuppliesItem>(`${P}/stock-in`, { id, quantity })),
  removeSupply: async (id: string) => unwrap(await http.post<null>(`${P}/delete`, { id })),
};
