import { z } from 'zod';
import { pageQuery, paged } from './envelope';

/** News and information (issue 15): columns (tree, read scope), articles through approval, reads, recommendations. */

export const NEWS_MODULE = 'oa_information';
export const ARTICLE_STATUSES = ['draft', 'review', 'returned', 'published', 'withdrawn'] as const;
export type ArticleStatus = (typeof ARTICLE_STATUSES)[number];
/** What an article is for people: a published one whose publish time has not come is 待发布 (`scheduled`). */
export const ARTICLE_STAGES = ['draft', 'review', 'returned', 'scheduled', 'published', 'withdrawn'] as const;
export type ArticleStage = (typeof ARTICLE_STAGES)[number];
export const ARTICLE_STAGE_LABEL: Record<ArticleStage, string> = {
  draft: '草稿',
  review: '审核中',
  returned: '已退回',
  scheduled: '待发布',
  published: '已发布',
  withdrawn: '已撤回',
};
/** The one rule of an article's stage at `now` (ISO): published and its time reached is 已发布, before it 待发布. */
export function articleStage(a: { status: string; publishedAt: string | null }, now: string): ArticleStage {
  if (a.status !== 'published') return a.status as ArticleStatus;
  return a.publishedAt && a.publishedAt <= now ? 'published' : 'scheduled';
}
export const RECOMMEND_TARGETS = { front: '推荐至首页', upward: '向上级报送' } as const;
export const RECOMMEND_STATES = { recommended: '已推荐', adopted: '已采用', commended: '领导批示表扬', declined: '未采用' } as const;
export type RecommendTarget = keyof typeof RECOMMEND_TARGETS;
export type RecommendState = keyof typeof RECOMMEND_STATES;
/** department scoring: 1 point a published submission, more when it was used or commended */
export const SCORE_RULES = { submission: 1, adopted: 2, commended: 3 } as const;

const fileId = z
  .string()
  .trim()
  .regex(/^f[0-9a-f]{30}$/, { message: '文件标识无效' });
const idQ = z.string({ message: '缺少编号 id' }).trim().min(1, { message: '缺少编号 id' }).max(64, { message: '编号 id 无效' });
export const newsIdQuery = z.object({ id: idQ });

export const scopeEntry = z.object({
  kind: z.enum(['dept', 'user'], { message: '范围类型须为部门或人员' }),
  code: z.string().trim().min(1).max(64),
  name: z.string().optional(),
});
export type ScopeEntry = z.infer<typeof scopeEntry>;

export const newsColumn = z.object({
  columnCode: z.string(),
  columnName: z.string(),
  parentCode: z.string().nullable(),
  sortNo: z.number().int(),
  readScope: z.enum(['all', 'scoped']),
  readers: z.array(scopeEntry),
  remark: z.string().nullable(),
  canPublish: z.boolean(),
  canRead: z.boolean(),
  articleCount: z.number().int(),
});
export type NewsColumn = z.infer<typeof newsColumn>;

export const columnBody = z.object({
  columnCode: z
    .string({ message: '请输入栏目编码' })
    .trim()
    .regex(/^[a-zA-Z][a-zA-Z0-9_]{1,63}$/, { message: '栏目编码须以字母开头，只含字母、数字和下划线' }),
  columnName: z.string({ message: '请输入栏目名称' }).trim().min(1, { message: '请输入栏目名称' }).max(64, { message: '栏目名称过长' }),
  parentCode: z.string().trim().max(64).nullable().optional(),
  sortNo: z.number().int().min(0).max(99999).default(0),
  readScope: z.enum(['all', 'scoped'], { message: '阅读范围无效' }).default('all'),
  readers: z.array(scopeEntry).max(500, { message: '阅读范围过多' }).default([]),
  remark: z.string().trim().max(200, { message: '备注过长' }).nullable().optional(),
});
export type ColumnBody = z.infer<typeof columnBody>;
export const columnCodeQ = z.object({ columnCode: z.string({ message: '缺少栏目编码' }).trim().min(1).max(64) });

export const articleFile = z.object({ fileId: z.string(), fileName: z.string() });
export type ArticleFile = z.infer<typeof articleFile>;

export const articleItem = z.object({
  id: z.string(),
  columnCode: z.string(),
  columnName: z.string(),
  title: z.string(),
  summary: z.string().nullable(),
  coverFile: z.string().nullable(),
  source: z.string().nullable(),
  deptCode: z.string().nullable(),
  deptName: z.string().nullable(),
  author: z.string(),
  authorName: z.string(),
  isTop: z.enum(['Y', 'N']),
  publishAt: z.string().nullable(),
  status: z.enum(ARTICLE_STATUSES),
  /** the status as people read it (`articleStage`) */
  stage: z.enum(ARTICLE_STAGES),
  readCount: z.number().int(),
  submittedAt: z.string().nullable(),
  publishedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  recommend: z
    .object({ target: z.string(), state: z.string(), byName: z.string(), at: z.string(), note: z.string().nullable() })
    .nullable(),
});
export type ArticleItem = z.infer<typeof articleItem>;

export const articleDetail = articleItem.extend({
  bodyHtml: z.string(),
  attachments: z.array(articleFile),
  instanceId: z.string().nullable(),
  /** the cover is an image the author picked (else it is the body's first image, or none) */
  coverPicked: z.boolean(),
  /** the viewer wrote it or takes part in its approval (else a reader: the approval view sends them to /information/view) */
  inApproval: z.boolean(),
  /** when the unread readers were last reminded (提醒未读, at most once an hour) */
  remindedAt: z.string().nullable(),
  can: z.object({
    edit: z.boolean(),
    submit: z.boolean(),
    withdraw: z.boolean(),
    delete: z.boolean(),
    readers: z.boolean(),
    remind: z.boolean(),
    recommend: z.boolean(),
  }),
});
export type ArticleDetail = z.infer<typeof articleDetail>;

const html = z.string({ message: '请输入正文' }).max(500_000, { message: '正文过长（最多 50 万字符）' });
export const articleBody = z.object({
  id: z.string().trim().max(64).optional(),
  columnCode: z.string({ message: '请选择栏目' }).trim().min(1, { message: '请选择栏目' }).max(64),
  title: z.string({ message: '请输入标题' }).trim().min(1, { message: '请输入标题' }).max(200, { message: '标题最多 200 字' }),
  summary: z.string().trim().max(500, { message: '摘要最多 500 字' }).nullable().optional(),
  bodyHtml: html,
  coverFile: fileId.nullable().optional(),
  source: z.string().trim().max(100, { message: '来源最多 100 字' }).nullable().optional(),
  deptCode: z.string().trim().max(32).nullable().optional(),
  isTop: z.enum(['Y', 'N']).default('N'),
  publishAt: z
    .string()
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})?$/, { message: '定时发布时间格式不正确' })
    .nullable()
    .optional(),
  attachments: z
    .array(articleFile.extend({ fileId, fileName: z.string().trim().min(1).max(255) }))
    .max(20, { message: '附件最多 20 个' })
    .default([]),
});
export type ArticleBody = z.infer<typeof articleBody>;

export const articleListQuery = pageQuery.extend({
  columnCode: z.string().trim().max(64).optional(),
  keyword: z.string().trim().max(100).optional(),
  /** mine: my articles (any status); manage: all (managers); otherwise published only */
  view: z.enum(['published', 'mine', 'manage']).default('published'),
  status: z.enum(ARTICLE_STAGES, { message: '状态 status 无效' }).optional(),
});
export type ArticleListQuery = z.infer<typeof articleListQuery>;
export const latestQuery = z.object({
  columns: z.string().trim().max(500).optional(),
  limit: z.coerce.number().int().min(1).max(20).default(8),
});

export const reader = z.object({ userCode: z.string(), userName: z.string(), deptName: z.string().nullable(), readAt: z.string() });
export const readersData = z.object({
  readCount: z.number().int(),
  readers: z.array(reader),
  unread: z.array(z.object({ userCode: z.string(), userName: z.string(), deptName: z.string().nullable() })),
});

export const remindResult = z.object({ reminded: z.number().int(), remindedAt: z.string() });
export type RemindResult = z.infer<typeof remindResult>;

export const recommendBody = z.object({
  id: idQ,
  target: z.enum(['front', 'upward'], { message: '推荐方向无效' }),
  state: z.enum(['recommended', 'adopted', 'commended', 'declined'], { message: '推荐状态无效' }).default('recommended'),
  note: z.string().trim().max(300, { message: '推荐说明最多 300 字' }).nullable().optional(),
});
export type RecommendBody = z.infer<typeof recommendBody>;
export const recommendListQuery = pageQuery.extend({
  state: z.enum(['recommended', 'adopted', 'commended', 'declined']).optional(),
  target: z.enum(['front', 'upward']).optional(),
});
export const deptScore = z.object({
  deptCode: z.string(),
  deptName: z.string(),
  submissions: z.number().int(),
  adopted: z.number().int(),
  commended: z.number().int(),
  score: z.number().int(),
});
export type DeptScore = z.infer<typeof deptScore>;
export const scoreQuery = z.object({ year: z.coerce.number().int().min(2000).max(2100).optional() });

/** A column's page of articles: published lists are counted up to ten pages past the asked one (`more` beyond). */
export const articlePage = paged(articleItem).extend({ more: z.boolean().optional() });
export type ArticlePage = z.infer<typeof articlePage>;
