import { z } from 'zod';
import { pageQuery } from './envelope';
import { RETENTIONS } from './documents';
import { DOC_KINDS, DOC_SCOPES } from './document-routes';

/** The archive (DA/T 22-2015): finished documents filed as items (件), optionally grouped in rolls (案卷). */
export const RETENTION_LABELS: Readonly<Record<(typeof RETENTIONS)[number], string>> = { Y: '永久', D30: '定期30年', D10: '定期10年' };
/** years a retention keeps an item (null: permanent) */
export const RETENTION_YEARS: Readonly<Record<(typeof RETENTIONS)[number], number | null>> = { Y: null, D30: 30, D10: 10 };
export const ARCHIVE_CATEGORIES = [
  { value: 'WS', label: '文书' },
  { value: 'KJ', label: '科技' },
  { value: 'KU', label: '会计' },
] as const;
/** 机构代码 of the association's departments (organisation code in the 档号) */
export const ORG_CODES: Readonly<Record<string, string>> = {
  D00: 'XH',
  D01: 'BGS',
  D02: 'HYFZ',
  D03: 'HYFW',
  D04: 'CWB',
  D05: 'RLZY',
  D06: 'XXZX',
  D07: 'GJHZ',
  D08: 'DQB',
};
export const DEFAULT_FONDS = 'A001';

/**
 * The series an item number (件号) runs in (DA/T 22): one fonds, category, year, retention period and
 * organisation; numbers run 1, 2, 3 … within it, never across retention periods. The archive's counter
 * key, for the service and the seed alike.
 */
export function itemSeries(p: { fonds: string; category: string; year: number; retention: string; orgCode: string }): string {
  return `item:${p.fonds}:${p.category}:${p.year}:${p.retention}:${p.orgCode}`;
}

/** `A001-WS·2026-D30-BGS-0012` */
export function archiveCode(p: {
  fonds: string;
  category: string;
  year: number;
  retention: string;
  orgCode: string;
  itemNo: number;
}): string {
  return `${p.fonds}-${p.category}·${p.year}-${p.retention}-${p.orgCode}-${String(p.itemNo).padStart(4, '0')}`;
}

const id = z.string({ message: '缺少 id' }).trim().min(1, { message: '缺少 id' }).max(64);
export const fileBody = z.object({
  docId: id,
  fonds: z
    .string({ message: '请输入全宗号' })
    .trim()
    .regex(/^[A-Z0-9]{4}$/, { message: '全宗号应为 4 位大写字母或数字' })
    .default(DEFAULT_FONDS),
  category: z.enum(['WS', 'KJ', 'KU'], { message: '请选择门类' }).default('WS'),
  retention: z.enum(RETENTIONS, { message: '请选择保管期限（Y / D30 / D10）' }),
  orgCode: z
    .string()
    .trim()
    .regex(/^[A-Z]{2,6}$/, { message: '机构代码应为 2–6 位大写字母' })
    .optional(),
  title: z.string().trim().max(300, { message: '题名不能超过 300 个字' }).optional(),
  pages: z.coerce.number({ message: '页数应为数字' }).int().min(1, { message: '页数至少为 1' }).max(99999).optional(),
  boxNo: z.string().trim().max(32, { message: '盒号不能超过 32 个字' }).optional(),
  remarks: z.string().trim().max(500, { message: '备注不能超过 500 个字' }).optional(),
});
export type FileBody = z.infer<typeof fileBody>;

export const archiveQuery = pageQuery.extend({
  year: z.coerce.number().int().min(1900).max(2100).optional(),
  retention: z.enum(RETENTIONS).optional(),
  orgCode: z.string().trim().max(8).optional(),
  kind: z.enum(DOC_KINDS).optional(),
  keyword: z.string().trim().max(100).optional(),
  rollId: z.string().trim().max(64).optional(),
  expired: z.enum(['Y', 'N']).optional(),
});
export type ArchiveQuery = z.infer<typeof archiveQuery>;

/** one file of an item's archive package: its path inside the zip, its size and its SM3 digest (hex) */
export const packageFile = z.object({ name: z.string(), size: z.number().int(), sm3: z.string() });
export type PackageFile = z.infer<typeof packageFile>;
export const archiveItem = z.object({
  id: z.string(),
  docId: z.string(),
  kind: z.enum(DOC_KINDS),
  scope: z.enum(DOC_SCOPES),
  archiveCode: z.string(),
  fonds: z.string(),
  category: z.string(),
  year: z.number().int(),
  retention: z.enum(RETENTIONS),
  orgCode: z.string(),
  itemNo: z.number().int(),
  docNo: z.string().nullable(),
  responsible: z.string(),
  title: z.string(),
  docDate: z.string(),
  secretLevel: z.string(),
  pages: z.number().int(),
  remarks: z.string().nullable(),
  boxNo: z.string().nullable(),
  rollId: z.string().nullable(),
  rollTitle: z.string().nullable(),
  filedBy: z.string(),
  filedByName: z.string(),
  filedAt: z.string(),
  expiresYear: z.number().int().nullable(),
  expired: z.boolean(),
  /** the files of the item's archive package (DA/T 22 unit) with their SM3 digests; null until it is made */
  packageFiles: z.array(packageFile).nullable(),
});
export type ArchiveItem = z.infer<typeof archiveItem>;
export const archiveDetail = archiveItem.extend({
  sheet: z.array(z.object({ node: z.string(), action: z.string(), actorName: z.string(), comment: z.string().nullable(), at: z.string() })),
  pdfFileId: z.string().nullable(),
  /** the item's red-header document can be downloaded as OFD (a filed dispatch) */
  ofd: z.boolean(),
  attachments: z.array(z.object({ fileId: z.string(), fileName: z.string() })),
});
export type ArchiveDetail = z.infer<typeof archiveDetail>;

/** what /archivePre shows before filing: the catalogue row the item will get */
export const archivePreview = z.object({
  docId: z.string(),
  kind: z.enum(DOC_KINDS),
  title: z.string(),
  docNo: z.string().nullable(),
  responsible: z.string(),
  docDate: z.string(),
  secretLevel: z.string(),
  year: z.number().int(),
  orgCode: z.string(),
  suggestedRetention: z.enum(RETENTIONS),
  nextItemNo: z.number().int(),
  archiveCode: z.string(),
  pages: z.number().int(),
  alreadyFiled: z.string().nullable(),
});
export type ArchivePreview = z.infer<typeof archivePreview>;
export const previewQuery = z.object({
  docId: id,
  retention: z.enum(RETENTIONS).optional(),
  fonds: z
    .string()
    .trim()
    .regex(/^[A-Z0-9]{4}$/, { message: '全宗号应为 4 位大写字母或数字' })
    .optional(),
});

export const pendingQuery = pageQuery.extend({ kind: z.enum(DOC_KINDS), keyword: z.string().trim().max(100).optional() });
export const pendingRow = z.object({
  docId: z.string(),
  kind: z.enum(DOC_KINDS),
  scope: z.enum(DOC_SCOPES),
  title: z.string(),
  docNo: z.string().nullable(),
  responsible: z.string(),
  deptName: z.string().nullable(),
  finishedAt: z.string().nullable(),
  status: z.string(),
});
export type PendingRow = z.infer<typeof pendingRow>;

export const rollRow = z.object({
  id: z.string(),
  fonds: z.string(),
  year: z.number().int(),
  retention: z.enum(RETENTIONS),
  rollNo: z.string(),
  title: z.string(),
  itemCount: z.number().int(),
  createdAt: z.string(),
});
export type RollRow = z.infer<typeof rollRow>;
export const rollBody = z.object({
  id: id.optional(),
  fonds: z
    .string()
    .trim()
    .regex(/^[A-Z0-9]{4}$/, { message: '全宗号应为 4 位大写字母或数字' })
    .default('A001'),
  year: z.coerce.number({ message: '请输入年度' }).int().min(1900, { message: '年度无效' }).max(2100, { message: '年度无效' }),
  retention: z.enum(RETENTIONS, { message: '请选择保管期限' }),
  rollNo: z.string({ message: '请输入案卷号' }).trim().min(1, { message: '请输入案卷号' }).max(32),
  title: z.string({ message: '请输入案卷题名' }).trim().min(1, { message: '请输入案卷题名' }).max(200),
});
export const assignRollBody = z.object({ rollId: id.nullable(), itemIds: z.array(id).min(1, { message: '请选择归档文件' }).max(500) });

export const ARCHIVE_API = {
  pending: '/api/auth/oa/archive/pending',
  preview: '/api/auth/oa/archive/preview',
  file: '/api/auth/oa/archive/file',
  list: '/api/auth/oa/archive/list',
  detail: '/api/auth/oa/archive/detail',
  export: '/api/auth/oa/archive/export',
  ofd: '/api/auth/oa/archive/ofd',
  package: '/api/auth/oa/archive/package',
  rolls: '/api/auth/oa/archive/rolls',
  rollSave: '/api/auth/oa/archive/rolls/save',
  assignRoll: '/api/auth/oa/archive/rolls/assign',
} as const;
