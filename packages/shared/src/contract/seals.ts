import { z } from 'zod';

/**
 * 印章管理 (issue 37, electronic seals): the registry of the association's and departments' seals — a transparent
 * PNG, its keepers, who may ask for it in a 用印 application, enabled or not — and the log of every use. A seal
 * reaches a document only at the dispatch's 印制, by a keeper or under an approved 用印 application naming it.
 */
export const SEAL_API = {
  /** GET: every seal (administrator) */
  list: '/api/auth/oa/seals/list',
  /** POST SealSave: add (no id) or edit a seal */
  save: '/api/auth/oa/seals/save',
  /** GET ?id: the seal's PNG (administrator, or someone who may use it) */
  image: '/api/auth/oa/seals/image',
  /** GET ?sealId&pageNumber&pageSize: the use log (administrator) */
  uses: '/api/auth/oa/seals/uses',
  /** GET: the seals the actor may put on a dispatch at 印制, each with the approved applications naming it */
  usable: '/api/auth/oa/seals/usable',
  /** GET: the roles a seal may name as those who may ask for it (code and name; administrator) */
  roles: '/api/auth/oa/seals/roles',
} as const;

export const SEAL_KINDS = { org: '协会印章', dept: '部门印章' } as const;
export type SealKind = keyof typeof SEAL_KINDS;

/** The image: a PNG with transparency, square-ish, big enough to print 42 mm sharp, small enough to keep. */
export const SEAL_IMAGE = { minPx: 200, maxPx: 1200, maxBytes: 300 * 1024 } as const;

const codes = (what: string) => z.array(z.string().min(1).max(64), { message: `${what}格式不正确` }).max(200, `${what}不能超过 200 个`);

export const sealSave = z.object({
  id: z.string().max(40).optional(),
  name: z.string({ message: '请输入印章名称' }).trim().min(1, '请输入印章名称').max(60, '印章名称不能超过 60 个字'),
  kind: z.enum(['org', 'dept'], { message: '请选择印章类别' }),
  deptCode: z.string().max(64).nullable().default(null),
  /** the PNG as base64 (no data: prefix); left out on an edit that keeps the image */
  imagePng: z
    .string({ message: '请上传印章图片' })
    .max(Math.ceil((SEAL_IMAGE.maxBytes * 4) / 3) + 8, '印章图片不能超过 300 KB')
    .optional(),
  keepers: codes('保管人').min(1, '请选择至少一名保管人'),
  requesterRoles: codes('可申请角色').default([]),
  requesterDepts: codes('可申请部门').default([]),
  enabled: z.enum(['Y', 'N'], { message: '请选择是否启用' }).default('Y'),
});
export type SealSave = z.infer<typeof sealSave>;

/** A role the registry may name under 可申请角色. */
export const sealRole = z.object({ code: z.string(), name: z.string() });
export type SealRole = z.infer<typeof sealRole>;

export const sealItem = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(['org', 'dept']),
  deptCode: z.string().nullable(),
  deptName: z.string().nullable(),
  width: z.number(),
  height: z.number(),
  bytes: z.number(),
  keepers: z.array(z.object({ code: z.string(), name: z.string() })),
  requesterRoles: z.array(sealRole),
  requesterDepts: z.array(z.object({ code: z.string(), name: z.string() })),
  enabled: z.enum(['Y', 'N']),
  updatedAt: z.string(),
});
export type SealItem = z.infer<typeof sealItem>;

export const sealIdQuery = z.object({ id: z.string({ message: '请选择印章' }).min(1, '请选择印章').max(40) });
export const sealUsesQuery = z.object({
  sealId: z.string().max(40).optional(),
  pageNumber: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});

export const SEAL_USE_VIA = { keeper: '保管人签发用印', application: '用印申请' } as const;

export const sealUseItem = z.object({
  id: z.string(),
  sealId: z.string(),
  sealName: z.string(),
  userCode: z.string(),
  userName: z.string(),
  usedAt: z.string(),
  docId: z.string().nullable(),
  docTitle: z.string().nullable(),
  recordId: z.string().nullable(),
  recordSerialNo: z.string().nullable(),
  via: z.enum(['keeper', 'application']),
});
export type SealUseItem = z.infer<typeof sealUseItem>;

export const usableSeal = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(['org', 'dept']),
  /** the actor keeps it: may stamp without an application */
  keeper: z.boolean(),
  applications: z.array(z.object({ id: z.string(), serialNo: z.string().nullable(), title: z.string() })),
});
export type UsableSeal = z.infer<typeof usableSeal>;
