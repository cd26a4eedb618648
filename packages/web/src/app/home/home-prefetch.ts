import { latestNewsQuery } from '../../features/news/news-home-query';
import { myStatsQuery, notificationsWidgetQuery, todoWidgetQuery } from '../../features/pending/pending-home-queries';
import { queryClient } from '../providers';

/**
 * 首页's data, asked for by the guard beside a fresh session's user info and menus (on the way to the home page), so
 * the widgets' first render finds it rather than asking for it then: the first screen waits one round trip less.
 */
export function prefetchHome(): void {
  void queryClient.prefetchQuery(myStatsQuery);
  void queryClient.prefetchQuery(todoWidgetQuery);
  void queryClient.prefetchQuery(notificationsWidgetQuery);
  void queryClient.prefetchQuery(latestNewsQuery);
}
