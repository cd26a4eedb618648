import type { Paged } from '@oa/shared/contract/envelope';
import {
  SPACE_API,
  SPACE_KINDS,
  type PostBody,
  type SpaceKind,
  type TopicBody,
  type TopicDetail,
  type TopicItem,
} from '@oa/shared/contract/spaces';
import { http, unwrap } from '../../lib/http-client';

export const spacesApi = {
  list: async (q: { kind: SpaceKind; keyword?: string; mine?: 'Y' | 'N'; pageNumber: number; pageSize: number }) =>
    unwrap(await http.get<Paged<TopicItem>>(SPACE_API.list, q)),
  latest: async (limit = 6) => unwrap(await http.get<TopicItem[]>(SPACE_API.latest, { limit })),
  detail: async (id: string) => unwrap(await http.get<TopicDetail>(SPACE_API.detail, { id })),
  saveTopic: async (b: TopicBody) => unwrap(await http.post<{ id: string }>(SPACE_API.topic, b)),
  deleteTopic: async (id: string) => unwrap(await http.delete<null>(SPACE_API.topic, undefined, { params: { id } })),
  post: async (b: PostBody) => unwrap(await http.post<{ id: string }>(SPACE_API.post, b)),
  deletePost: async (id: string) => unwrap(await http.delete<null>(SPACE_API.post, undefined, { params: { id } })),
};

/** The space a route belongs to: /publicSubject*, /share*, /deptsubject*. */
export function kindOfPath(path: string): SpaceKind {
  const p = path.toLowerCase();
  if (p.startsWith('/share')) return 'share';
  if (p.startsWith('/deptsubject')) return 'dept';
  return SPACE_KINDS[0];
}
