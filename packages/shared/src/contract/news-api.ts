/** The news area's routes (kept apart from the schemas: the dashboard's first loads name them without zod). */
export const NEWS_API = {
  columns: '/api/auth/oa/news/columns',
  column: '/api/auth/oa/news/column',
  list: '/api/auth/oa/news/list',
  latest: '/api/auth/oa/news/latest',
  detail: '/api/auth/oa/news/detail',
  view: '/api/auth/oa/news/view',
  save: '/api/auth/oa/news/save',
  submit: '/api/auth/oa/news/submit',
  withdraw: '/api/auth/oa/news/withdraw',
  remove: '/api/auth/oa/news/remove',
  readers: '/api/auth/oa/news/readers',
  remind: '/api/auth/oa/news/remind',
  upload: '/api/auth/oa/news/upload',
  recommend: '/api/auth/oa/news/recommend',
  recommendList: '/api/auth/oa/news/recommendList',
  scores: '/api/auth/oa/news/scores',
} as const;
