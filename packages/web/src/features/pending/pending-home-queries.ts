import { pendingApi } from './pending.api';

/**
 * The queries of the pending area's 首页 widgets, shared by the widgets and the home page's early start
 * (app/home/home-prefetch.ts), which asks for them beside a fresh session's user info.
 */
export const myStatsQuery = { queryKey: ['pending', 'myStats', 6], queryFn: () => pendingApi.myStats(6) };
export const todoWidgetQuery = {
  queryKey: ['pending', 'todo', 'widget'],
  queryFn: () => pendingApi.todo({ pageNumber: 1, pageSize: 5 }),
};
export const notificationsWidgetQuery = {
  queryKey: ['pending', 'notifications', 'widget'],
  queryFn: () => pendingApi.notifications({ pageNumber: 1, pageSize: 6 }),
};
