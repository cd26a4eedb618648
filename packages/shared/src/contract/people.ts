import { z } from 'zod';
import { pageQuery } from './envelope';
import { MESSAGES } from '../validate/messages';
import { isMobile, isPhoneOrLandline } from '../validate/phone';
import { PLATFORM_CODE } from '../validate/plain-text';

/**
 * Address book, business card and personal centre (spec §3, §7 "Personal and address book").
 * Shapes keep the spec's nesting: users / usersDeptMember / usersContactInfo / usersDepartment.
 * `mobile` is masked (138****1234) unless the viewer may see it (role 013, administrators, oneself).
 */
const optText = (label: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, { message: `${label}不能超过${max}个字符` });

export const addressBookQuery = z.object({
  keyword: z.string().trim().max(50, { message: '搜索内容过长' }).optional().default(''),
  orgCode: z.string().max(32).optional(),
  platformCode: z.string().regex(PLATFORM_CODE, { message: '平台编码只能是数字' }).optional(),
  /** 'Y': departments with member counts only (members come page by page from addressBookMembers) */
  brief: z.enum(['Y', 'N'], { message: 'brief 只能是 Y 或 N' }).optional(),
});

/** One page of a department's members (the address book drawer loads members as a department opens). */
export const addressMembersQuery = pageQuery.extend({
  deptCode: z.string().max(64, { message: '部门编码过长' }).optional().default(''),
  keyword: z.string().trim().max(50, { message: '搜索内容过长' }).optional().default(''),
  platformCode: z.string().regex(PLATFORM_CODE, { message: '平台编码只能是数字' }).optional(),
});

export const addressMember = z.object({
  users: z.object({ sex: z.string().nullable(), icon: z.string().nullable() }),
  usersDeptMember: z.object({ userName: z.string(), userCode: z.string(), position: z.string().nullable() }),
  usersContactInfo: z.object({
    room: z.string().nullable(),
    tel: z.string().nullable(),
    email: z.string().nullable(),
    mobile: z.string().nullable(),
  }),
});
export type AddressMember = z.infer<typeof addressMember>;

export const addressDept = z.object({
  deptCode: z.string(),
  deptName: z.string(),
  member: z.array(addressMember),
  /** members matching (brief answers carry no members, only this count) */
  memberCount: z.number().int().optional(),
});
export type AddressDept = z.infer<typeof addressDept>;

export const deptBrief = z.object({
  deptCode: z.string(),
  deptName: z.string(),
  parentCode: z.string().nullable(),
  memberCount: z.number().int(),
});
export type DeptBrief = z.infer<typeof deptBrief>;

export const userByDeptQuery = z.object({ deptCode: z.string({ message: '请选择部门' }).trim().min(1, { message: '请选择部门' }).max(32) });

export const usersOrgBasicQuery = z.object({
  keyword: z.string().trim().max(50).optional().default(''),
  deptCode: z.string().trim().max(32).optional(),
});
export const userBasic = z.object({
  userCode: z.string(),
  userName: z.string(),
  deptCode: z.string().nullable(),
  deptName: z.string().nullable(),
  sex: z.string().nullable(),
  icon: z.string().nullable(),
  position: z.string().nullable(),
});
export type UserBasic = z.infer<typeof userBasic>;

export const cardQuery = z.object({
  userCode: z.string({ message: '请指定用户' }).trim().min(1, { message: '请指定用户' }).max(64),
  platformCode: z.string().regex(PLATFORM_CODE, { message: '平台编码只能是数字' }).optional(),
  orgCode: z.string().max(32).optional(),
});

/** The business card (spec §3): users (icon, userName), usersContactInfo, usersDepartment. */
export const businessCard = z.object({
  users: z.object({
    userCode: z.string(),
    userName: z.string(),
    icon: z.string().nullable(),
    sex: z.string().nullable(),
    position: z.string().nullable(),
  }),
  usersContactInfo: z.object({
    tel: z.string().nullable(),
    mobile: z.string().nullable(),
    email: z.string().nullable(),
    room: z.string().nullable(),
    personalSign: z.string().nullable(),
  }),
  usersDepartment: z.object({ deptCode: z.string().nullable(), deptName: z.string().nullable() }),
});
export type BusinessCard = z.infer<typeof businessCard>;

export const personalCenterQuery = z.object({
  userCode: z.string().max(64).optional(),
  platformCode: z.string().regex(PLATFORM_CODE, { message: '平台编码只能是数字' }).optional(),
  orgCode: z.string().max(32).optional(),
});

/** GET myPersonalCenter: the card plus what only the owner sees. */
export const personalCenter = businessCard.extend({
  account: z.object({
    userCode: z.string(),
    mobile: z.string().nullable(),
    passwordChangedAt: z.string(),
    entryDate: z.string().nullable(),
    roles: z.array(z.string()),
  }),
});
export type PersonalCenter = z.infer<typeof personalCenter>;

/** PUT myPersonalCenter: what a user may change about themselves. A new mobile needs its SMS code. */
export const personalCenterUpdate = z.object({
  personalSign: optText('个性签名', 100).optional(),
  room: optText('办公室', 32).optional(),
  tel: z.union([z.literal(''), z.string().trim().refine(isPhoneOrLandline, { message: MESSAGES.phone })]).optional(),
  email: z.union([z.literal(''), z.string().trim().max(128).email({ message: '请输入正确的电子邮箱' })]).optional(),
  mobile: z.string().trim().refine(isMobile, { message: MESSAGES.mobile }).optional(),
  captcha: z
    .string()
    .trim()
    .regex(/^\d{6}$/, { message: '请输入6位短信验证码' })
    .optional(),
});
export type PersonalCenterUpdate = z.infer<typeof personalCenterUpdate>;

/** PUT setMyPic: the stored file id of an uploaded avatar (userIconUpload). */
export const setMyPicBody = z.object({
  icon: z
    .string({ message: '请先上传头像' })
    .trim()
    .regex(/^f[0-9a-f]{30}$/, { message: '头像文件无效' }),
});

export const mySession = z.object({
  id: z.string(),
  kind: z.string(),
  ip: z.string().nullable(),
  device: z.string(),
  userAgent: z.string().nullable(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  current: z.boolean(),
});
export type MySession = z.infer<typeof mySession>;
export const revokeSessionBody = z.object({ id: z.string().trim().min(1, { message: '请选择会话' }).max(64).optional() });
