import { z } from 'zod';
import { zMobile } from '../validate/zod';

/**
 * 成员单位 (issue 37): the document administrators keep the register of member units and their contacts — outside
 * accounts of platform 20 who log in to `/unitForWeb`. A new contact gets a one-time password, shown once to the
 * administrator and changed at the contact's first login; a contact's mobile is kept sealed, as an applicant's.
 */
export const MEMBER_UNIT_API = {
  list: '/api/auth/oa/memberUnits/list',
  save: '/api/auth/oa/memberUnits/save',
  status: '/api/auth/oa/memberUnits/status',
  contacts: '/api/auth/oa/memberUnits/contacts',
  contactSave: '/api/auth/oa/memberUnits/contact/save',
  contactStatus: '/api/auth/oa/memberUnits/contact/status',
  contactReset: '/api/auth/oa/memberUnits/contact/resetPassword',
} as const;

/** The function (menu page) of the register: the document administrators'. */
export const MEMBER_UNIT_FUNCTION = 'doc_member_unit';

const flag = z.enum(['Y', 'N'], { message: '状态应为启用或停用' });
const required = (label: string, max: number) =>
  z
    .string({ message: `请输入${label}` })
    .trim()
    .min(1, `请输入${label}`)
    .max(max, `${label}不超过 ${max} 个字`);
const unitId = z.string({ message: '请选择成员单位' }).trim().min(1, '请选择成员单位').max(64, '成员单位编号过长');

export const memberUnitRow = z.object({
  id: z.string(),
  code: z.string(),
  name: z.string(),
  sortNo: z.number().int(),
  enabled: flag,
  contactCount: z.number().int(),
});
export type MemberUnitRow = z.infer<typeof memberUnitRow>;

export const memberUnitList = z.object({
  list: z.array(memberUnitRow),
  /** what the asker may change (the server decides; the page shows its buttons by it) */
  can: z.object({ manage: z.boolean() }),
});

export const unitSaveBody = z.object({
  /** absent: a new unit */
  id: unitId.optional(),
  code: required('单位编码', 32).regex(/^[A-Za-z0-9_-]+$/, '单位编码只能包含字母、数字、下划线和横线'),
  name: required('单位名称', 100),
  sortNo: z.coerce
    .number({ message: '排序号应为数字' })
    .int('排序号应为整数')
    .min(0, '排序号不能小于 0')
    .max(99999, '排序号过大')
    .default(0),
});
export type UnitSaveBody = z.input<typeof unitSaveBody>;

export const unitStatusBody = z.object({ id: unitId, enabled: flag });
export const unitIdQuery = z.object({ unitId });

export const unitContactRow = z.object({
  userCode: z.string(),
  userName: z.string(),
  mobile: z.string().nullable(),
  email: z.string().nullable(),
  enabled: flag,
  /** the one-time password has not been changed yet */
  passwordReset: z.boolean(),
});
export type UnitContactRow = z.infer<typeof unitContactRow>;

export const contactSaveBody = z.object({
  unitId,
  /** the login account; fixed once made */
  userCode: z
    .string({ message: '请输入登录账号' })
    .trim()
    .min(2, '登录账号为 2 到 32 位')
    .max(32, '登录账号为 2 到 32 位')
    .regex(/^[A-Za-z][A-Za-z0-9_.-]*$/, '登录账号以字母开头，只能包含字母、数字、下划线、点和横线'),
  /** false: a new contact */
  existing: z.boolean().default(false),
  userName: required('联系人姓名', 32),
  mobile: zMobile('请输入手机号码').transform((v) => v!.trim()),
  email: z
    .union([z.literal(''), z.email({ message: '请输入正确的电子邮箱' }).max(128, '电子邮箱过长')])
    .nullish()
    .transform((v) => v || null),
});
export type ContactSaveBody = z.input<typeof contactSaveBody>;

export const contactStatusBody = z.object({ userCode: z.string().trim().min(1, '请选择联系人').max(64), enabled: flag });
export const contactResetBody = z.object({ userCode: z.string().trim().min(1, '请选择联系人').max(64) });

/** A contact made or a password reset: the one-time password, answered once and never stored in plain text. */
export const oneTimePasswordAnswer = z.object({ userCode: z.string(), password: z.string().nullable() });
