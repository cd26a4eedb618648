import { z } from 'zod';
import { pageQuery } from './envelope';

/** Published apps (spec §3, §7 "Apps"): id, qrCode, appUrl, isPublish. */
export const appPublish = z.object({
  id: z.number().int(),
  appName: z.string(),
  version: z.string().nullable(),
  platform: z.string(),
  qrCode: z.string().nullable(),
  appUrl: z.string().nullable(),
  fileId: z.string().nullable(),
  fileName: z.string().nullable(),
  isPublish: z.enum(['Y', 'N']),
  remark: z.string().nullable(),
  createdBy: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AppPublish = z.infer<typeof appPublish>;

export const appPublishListQuery = pageQuery.extend({ isPublish: z.enum(['Y', 'N']).optional() });
export const appIdQuery = z.object({ id: z.coerce.number({ message: '缺少应用编号 id' }).int().positive({ message: '应用编号 id 无效' }) });

const url = z
  .string()
  .trim()
  .max(500)
  .refine((v) => v === '' || /^(https?:\/\/|\/)/i.test(v), { message: '下载地址须以 http(s):// 或 / 开头' });
export const appPublishBody = z.object({
  appName: z.string({ message: '请输入应用名称' }).trim().min(1, { message: '请输入应用名称' }).max(100, { message: '应用名称过长' }),
  version: z.string().trim().max(32, { message: '版本号过长' }).optional().nullable(),
  platform: z.enum(['android', 'ios', 'other']).default('android'),
  qrCode: z.string().trim().max(500).optional().nullable(),
  appUrl: url.optional().nullable(),
  fileId: z
    .string()
    .trim()
    .regex(/^f[0-9a-f]{30}$/, { message: '安装包文件无效' })
    .optional()
    .nullable(),
  isPublish: z.enum(['Y', 'N']).default('N'),
  remark: z.string().trim().max(500).optional().nullable(),
});
export type AppPublishBody = z.infer<typeof appPublishBody>;
export const appPublishUpdate = appPublishBody.extend({ id: z.number({ message: '缺少应用编号 id' }).int().positive() });
