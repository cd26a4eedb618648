import type { HandoverPerson, HandoverPreview, HandoverResult } from '@oa/shared/contract/handover';
import { http, unwrap } from '../../lib/http-client';

const P = '/api/auth/oa/handover';

export const handoverApi = {
  people: async (keyword?: string) => unwrap(await http.get<HandoverPerson[]>(`${P}/people`, { keyword })),
  preview: async (userCode: string) => unwrap(await http.get<HandoverPreview>(`${P}/preview`, { userCode })),
  confirm: async (userCode: string, successor: string) => unwrap(await http.post<HandoverResult>(`${P}/confirm`, { userCode, successor })),
};
