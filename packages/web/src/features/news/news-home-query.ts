import { newsApi } from './news.api';

/** The 首页 widget's latest articles, shared by the widget and the home page's early start (app/home/home-prefetch.ts). */
export const latestNewsQuery = { queryKey: ['news', 'latest'], queryFn: () => newsApi.latest(8) };
