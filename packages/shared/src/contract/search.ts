import { z } from 'zod';
import { pageQuery } from './envelope';

/** Search across the system (issue 15): only what the user may open; highlights as text segments (never HTML). */
export const SEARCH_KINDS = ['article', 'topic', 'post', 'record', 'document', 'register', 'person', 'file'] as const;
export type SearchKindName = (typeof SEARCH_KINDS)[number];
export const SEARCH_KIND_LABEL: Record<SearchKindName, string> = {
  article: '资讯',
  topic: '空间主题',
  post: '空间回复',
  record: '审批',
  document: '公文',
  register: '登记表',
  person: '人员',
  file: '文件',
};

export const searchQuery = pageQuery.extend({
  q: z.string({ message: '请输入搜索内容' }).trim().min(1, { message: '请输入搜索内容' }).max(50, { message: '搜索内容最多 50 字' }),
  kind: z.enum(SEARCH_KINDS, { message: '搜索类别无效' }).optional(),
});
export type SearchQuery = z.infer<typeof searchQuery>;

export const segment = z.object({ text: z.string(), hit: z.boolean() });
export type Segment = z.infer<typeof segment>;
export const searchHit = z.object({
  kind: z.enum(SEARCH_KINDS),
  refId: z.string(),
  title: z.array(segment),
  snippet: z.array(segment),
  link: z.string(),
  updatedAt: z.string(),
});
export type SearchHit = z.infer<typeof searchHit>;
/** total is counted up to ten pages past the asked one: `more` when there are more matches than that */
export const searchResult = z.object({
  list: z.array(searchHit),
  total: z.number().int(),
  more: z.boolean(),
  pageNumber: z.number().int(),
  pageSize: z.number().int(),
});
export type SearchResult = z.infer<typeof searchResult>;

export const SEARCH_API = { search: '/api/auth/oa/search' } as const;
