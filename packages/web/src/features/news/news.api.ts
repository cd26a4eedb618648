import type { Paged } from '@oa/shared/contract/envelope';
import { NEWS_API } from '@oa/shared/contract/news-api';
import type {
  ArticleBody,
  ArticleDetail,
  ArticleItem,
  ArticlePage,
  ColumnBody,
  DeptScore,
  NewsColumn,
  RecommendBody,
  RemindResult,
} from '@oa/shared/contract/news';
import { http, unwrap } from '../../lib/http-client';

interface Readers {
  readCount: number;
  readers: Array<{ userCode: string; userName: string; deptName: string | null; readAt: string }>;
  unread: Array<{ userCode: string; userName: string; deptName: string | null }>;
}

/** The news API (contract: @oa/shared/contract/news). */
export const newsApi = {
  columns: async () => unwrap(await http.get<NewsColumn[]>(NEWS_API.columns)),
  createColumn: async (b: ColumnBody) => unwrap(await http.post<null>(NEWS_API.column, b)),
  updateColumn: async (b: ColumnBody) => unwrap(await http.put<null>(NEWS_API.column, b)),
  deleteColumn: async (columnCode: string) => unwrap(await http.delete<null>(NEWS_API.column, undefined, { params: { columnCode } })),
  list: async (q: { view?: string; columnCode?: string; keyword?: string; status?: string; pageNumber: number; pageSize: number }) =>
    unwrap(await http.get<ArticlePage>(NEWS_API.list, q)),
  latest: async (limit = 8, columns?: string[]) =>
    unwrap(await http.get<ArticleItem[]>(NEWS_API.latest, { limit, columns: columns?.join(',') })),
  detail: async (id: string) => unwrap(await http.get<ArticleDetail>(NEWS_API.detail, { id })),
  view: async (id: string) => unwrap(await http.get<ArticleDetail>(NEWS_API.view, { id })),
  readers: async (id: string) => unwrap(await http.get<Readers>(NEWS_API.readers, { id })),
  remind: async (id: string) => unwrap(await http.post<RemindResult>(NEWS_API.remind, { id })),
  save: async (b: ArticleBody) => unwrap(await http.post<{ id: string }>(NEWS_API.save, b)),
  submit: async (b: ArticleBody) => unwrap(await http.post<{ id: string }>(NEWS_API.submit, b)),
  withdraw: async (id: string) => unwrap(await http.post<null>(NEWS_API.withdraw, { id })),
  remove: async (id: string) => unwrap(await http.post<null>(NEWS_API.remove, { id })),
  recommend: async (b: RecommendBody) => unwrap(await http.post<null>(NEWS_API.recommend, b)),
  cancelRecommend: async (id: string) => unwrap(await http.delete<null>(NEWS_API.recommend, undefined, { params: { id } })),
  recommended: async (q: { pageNumber: number; pageSize: number; state?: string; target?: string }) =>
    unwrap(await http.get<Paged<ArticleItem>>(NEWS_API.recommendList, q)),
  scores: async (year: number) => unwrap(await http.get<DeptScore[]>(NEWS_API.scores, { year })),
};
