import { z } from 'zod';

/** The 等保 2.0 level-3 self-check (GB/T 22239-2019, application-level controls): /compliance, function sys_compliance. */

export const COMPLIANCE_STATES = ['pass', 'partial', 'fail'] as const;
export type ComplianceState = (typeof COMPLIANCE_STATES)[number];
export const COMPLIANCE_STATE_LABELS: Readonly<Record<ComplianceState, string>> = { pass: '达标', partial: '部分达标', fail: '未达标' };

/** One fact a control's state rests on: a setting, a count read from the database, a configuration value. */
export const complianceEvidence = z.object({ label: z.string(), value: z.string() });
export type ComplianceEvidence = z.infer<typeof complianceEvidence>;

export const complianceControl = z.object({
  id: z.string(),
  /** 身份鉴别, 访问控制, 安全审计, 剩余信息保护, 个人信息保护 … */
  category: z.string(),
  /** the clause of GB/T 22239-2019, e.g. '8.1.4.1 b)' */
  clause: z.string(),
  title: z.string(),
  /** what the clause asks, in short */
  requirement: z.string(),
  state: z.enum(COMPLIANCE_STATES),
  evidence: z.array(complianceEvidence),
});
export type ComplianceControl = z.infer<typeof complianceControl>;

export const complianceReport = z.object({
  /** ISO time of the check */
  checkedAt: z.string(),
  association: z.string(),
  controls: z.array(complianceControl),
  summary: z.object({ pass: z.number(), partial: z.number(), fail: z.number() }),
});
export type ComplianceReport = z.infer<typeof complianceReport>;

/** Paths as the web client calls them (the server serves them under /oa). */
export const COMPLIANCE_API = {
  report: '/api/auth/oa/compliance/report',
  pdf: '/api/auth/oa/compliance/pdf',
} as const;
