import { z } from 'zod';
import { pageQuery } from './envelope';
import { scopeEntry } from './news';

/** Spaces (issue 15): information disclosure, resource sharing, department collaboration — topics with posts and files, visible by scope. */
export const SPACE_KINDS = ['public', 'share', 'dept'] as const;
export type SpaceKind = (typeof SPACE_KINDS)[number];
export const SPACE_META: Record<SpaceKind, { title: string; base: string; funCode: string; topicLabel: string }> = {
  public: { title: '信息公开', base: '/publicSubject', funCode: 'info_public', topicLabel: '公开事项' },
  share: { title: '资源共享', base: '/share', funCode: 'info_share', topicLabel: '共享资源' },
  dept: { title: '部门协作', base: '/deptsubject', funCode: 'info_dept', topicLabel: '协作主题' },
};

const kind = z.enum(SPACE_KINDS, { message: '空间类型无效' });
const fileId = z
  .string()
  .trim()
  .regex(/^f[0-9a-f]{30}$/, { message: '文件标识无效' });
const spaceFile = z.object({ fileId, fileName: z.string().trim().min(1).max(255) });
const html = z.string({ message: '请输入内容' }).max(200_000, { message: '内容过长' });
const idQ = z.string({ message: '缺少编号 id' }).trim().min(1, { message: '缺少编号 id' }).max(64);

export const spaceKindQuery = z.object({ kind });
export const topicListQuery = pageQuery.extend({
  kind,
  keyword: z.string().trim().max(100).optional(),
  mine: z.enum(['Y', 'N']).optional(),
});
export const topicIdQuery = z.object({ id: idQ });
export const latestTopicsQuery = z.object({ limit: z.coerce.number().int().min(1).max(20).default(6) });

export const topicBody = z.object({
  id: z.string().trim().max(64).optional(),
  kind,
  title: z.string({ message: '请输入标题' }).trim().min(1, { message: '请输入标题' }).max(200, { message: '标题最多 200 字' }),
  bodyHtml: html,
  scope: z.enum(['all', 'scoped'], { message: '可见范围无效' }),
  readers: z.array(scopeEntry).max(500, { message: '可见范围过多' }).default([]),
  files: z.array(spaceFile).max(30, { message: '附件最多 30 个' }).default([]),
});
export type TopicBody = z.infer<typeof topicBody>;

export const postBody = z.object({
  topicId: idQ,
  bodyHtml: html,
  files: z.array(spaceFile).max(10, { message: '附件最多 10 个' }).default([]),
});
export type PostBody = z.infer<typeof postBody>;

export const topicItem = z.object({
  id: z.string(),
  kind,
  title: z.string(),
  summary: z.string(),
  scope: z.enum(['all', 'scoped']),
  scopeText: z.string(),
  author: z.string(),
  authorName: z.string(),
  deptName: z.string().nullable(),
  postCount: z.number().int(),
  fileCount: z.number().int(),
  lastPostAt: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TopicItem = z.infer<typeof topicItem>;
export const spaceFileItem = z.object({
  fileId: z.string(),
  fileName: z.string(),
  size: z.number().int(),
  uploaderName: z.string().nullable(),
  createdAt: z.string(),
  postId: z.string().nullable(),
});
export const postItem = z.object({
  id: z.string(),
  bodyHtml: z.string(),
  author: z.string(),
  authorName: z.string(),
  createdAt: z.string(),
  files: z.array(spaceFileItem),
  canDelete: z.boolean(),
});
export const topicDetail = topicItem.extend({
  bodyHtml: z.string(),
  readers: z.array(scopeEntry),
  files: z.array(spaceFileItem),
  posts: z.array(postItem),
  can: z.object({ edit: z.boolean(), delete: z.boolean(), post: z.boolean() }),
});
export type TopicDetail = z.infer<typeof topicDetail>;
export type PostItem = z.infer<typeof postItem>;

export const SPACE_API = {
  list: '/api/auth/oa/spaces/list',
  latest: '/api/auth/oa/spaces/latest',
  detail: '/api/auth/oa/spaces/detail',
  topic: '/api/auth/oa/spaces/topic',
  post: '/api/auth/oa/spaces/post',
} as const;
