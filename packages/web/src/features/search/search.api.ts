import { SEARCH_API, type SearchKindName, type SearchResult } from '@oa/shared/contract/search';
import { http, unwrap } from '../../lib/http-client';

export const searchApi = {
  search: async (q: { q: string; kind?: SearchKindName; pageNumber: number; pageSize: number }) =>
    unwrap(await http.get<SearchResult>(SEARCH_API.search, q)),
};
