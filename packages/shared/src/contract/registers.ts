import { z } from 'zod';
import { listPageExtras, recordItem } from './records';

/**
 * The register side of the records API (issue 6): for modules of kind 'register' the routes
 * `/oa/api/auth/oa/records/<code>/<action>` mean list (what the actor may see), get, save (create or
 * update at once, no draft), delete, action, export, template, import — plus a few bespoke calls below.
 */

export const registerSaveBody = z.object({
  id: z.string().min(1).max(40).optional(),
  data: z.record(z.string(), z.unknown(), { message: '表单数据不正确' }),
});
export type RegisterSaveBody = z.infer<typeof registerSaveBody>;

/** What the current user may do on a register's page. */
export const registerCaps = z.object({ create: z.boolean(), manage: z.boolean(), import: z.boolean() });
export type RegisterCaps = z.infer<typeof registerCaps>;

export const registerRow = recordItem.extend({ canEdit: z.boolean(), canDelete: z.boolean(), actions: z.array(z.string()) });
export type RegisterRow = z.infer<typeof registerRow>;
export const registerPage = z.object({
  list: z.array(registerRow),
  total: z.number().int(),
  pageNumber: z.number().int(),
  pageSize: z.number().int(),
  ...listPageExtras,
  caps: registerCaps,
});
export type RegisterPage = z.infer<typeof registerPage>;

/** A refused row of an import: the sheet's row number, the column (field label) and why. */
export const importIssue = z.object({ row: z.number().int(), column: z.string().nullable(), message: z.string() });
export type ImportIssue = z.infer<typeof importIssue>;
export const registerImportResult = z.object({
  /** rows written */
  imported: z.number().int(),
  /** data rows read from the sheet */
  total: z.number().int(),
  errors: z.array(importIssue),
  /** false when nothing was written because some rows are wrong (and skipInvalid was not asked for) */
  committed: z.boolean(),
});
export type RegisterImportResult = z.infer<typeof registerImportResult>;
export const IMPORT_MAX_ROWS = 10_000;

// ---------------------------------------------------------------------------------------------- fees

const month = z.string({ message: '请选择月份' }).regex(/^\d{4}-(0[1-9]|1[0-2])$/, { message: '月份格式应为 2026-05' });
export const feeModuleCode = z.enum(['party_fee', 'party_union_fee'], { message: '不支持的费用台账' });
export const feeGenerateBody = z.object({ month });
export const feeGenerateResult = z.object({ created: z.number().int(), skipped: z.number().int(), noBase: z.array(z.string()) });
export type FeeGenerateResult = z.infer<typeof feeGenerateResult>;
export const arrearsQuery = z.object({ from: month, to: month });
export const arrearsItem = z.object({
  name: z.string(),
  idCard: z.string(),
  group: z.string().nullable(),
  months: z.array(z.string()),
  unpaidMonths: z.number().int(),
  amount: z.number(),
});
export type ArrearsItem = z.infer<typeof arrearsItem>;
export const arrearsResult = z.object({ list: z.array(arrearsItem), totalAmount: z.number(), members: z.number().int() });
export type ArrearsResult = z.infer<typeof arrearsResult>;

// ---------------------------------------------------------------------------------------------- attendance

export const attendanceSheetQuery = z.object({ month, dept: z.string().max(32).optional() });
export const attendanceSheetRow = z.object({
  userCode: z.string(),
  userName: z.string(),
  deptName: z.string().nullable(),
  recordId: z.string().nullable(),
  workDays: z.number().nullable(),
  actualDays: z.number().nullable(),
  lateTimes: z.number().nullable(),
  earlyTimes: z.number().nullable(),
  absentDays: z.number().nullable(),
  businessTripDays: z.number().nullable(),
  overtimeHours: z.number().nullable(),
  /** working days of approved leave in the month, by leave type */
  leave: z.record(z.string(), z.number()),
  leaveDays: z.number(),
});
export type AttendanceSheetRow = z.infer<typeof attendanceSheetRow>;
export const attendanceSheet = z.object({
  month: z.string(),
  workingDays: z.number().int(),
  leaveTypes: z.array(z.string()),
  rows: z.array(attendanceSheetRow),
});
export type AttendanceSheet = z.infer<typeof attendanceSheet>;
