import type { Paged } from '@oa/shared/contract/envelope';
import { APPROVAL_API, type PublishedBriefing } from '@oa/shared/contract/approval-modules';
import { http, unwrap } from '../../lib/http-client';

/** The published briefings (server: modules/oa_briefing/briefing.routes.ts). */
const P = `${APPROVAL_API}/briefings`;

export const briefingApi = {
  briefings: async (q: { pageNumber: number; pageSize: number; keyword?: string; category?: string }) =>
    unwrap(await http.get<Paged<PublishedBriefing>>(`${P}/list`, q)),
  briefing: async (id: string) => unwrap(await http.get<PublishedBriefing>(`${P}/get`, { id })),
};
