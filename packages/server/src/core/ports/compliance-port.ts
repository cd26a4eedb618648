import type { ComplianceEvidence, ComplianceState } from '@oa/shared/contract/compliance';
import type { AppContext } from '../context';

/**
 * The 等保 self-check's controls (GB/T 22239-2019 level 3). A control is one entry: its id, the clause, a Chinese
 * title and the requirement in short, and `check`, which reads the configured state and answers it with the facts
 * it rests on (settings, counts from the database) — never prose alone. The controls of the self-check itself are
 * declared in `features/compliance/compliance.controls.ts`; another area adds its own when its routes register
 * (`registerComplianceControl`), and one registered with the id of a declared control takes that control's place.
 */
export interface CheckContext {
  ctx: AppContext;
  /** the time of the check (ISO, UTC) */
  now: string;
}

export interface ControlResult {
  state: ComplianceState;
  evidence: ComplianceEvidence[];
}

export interface ComplianceControlDef {
  /** a short kebab-case id, unique among controls, e.g. 'two-factor' */
  id: string;
  /** 身份鉴别, 访问控制, 安全审计, 剩余信息保护, 个人信息保护 */
  category: string;
  /** the clause, e.g. '8.1.4.1 d)' */
  clause: string;
  title: string;
  requirement: string;
  check(c: CheckContext): Promise<ControlResult>;
}

declare module '../context' {
  interface AppContext {
    complianceControls?: ComplianceControlDef[];
  }
}

/** Registers (or replaces, by id) a control on this app. */
export function registerComplianceControl(ctx: AppContext, control: ComplianceControlDef): void {
  ctx.complianceControls = [...(ctx.complianceControls ?? []).filter((c) => c.id !== control.id), control];
}

/** The declared controls with the registered ones: a registered control replaces the declared one of its id, others follow. */
export function controlsOf(ctx: Pick<AppContext, 'complianceControls'>, declared: readonly ComplianceControlDef[]): ComplianceControlDef[] {
  const extra = ctx.complianceControls ?? [];
  const byId = new Map(extra.map((c) => [c.id, c]));
  return [...declared.map((c) => byId.get(c.id) ?? c), ...extra.filter((c) => !declared.some((d) => d.id === c.id))];
}

/** One line of evidence: what was read, and its value as the page and the PDF show it. */
export const ev = (label: string, value: string | number): ComplianceEvidence => ({ label, value: String(value) });

/** 达标 when every condition holds, 未达标 when none does, 部分达标 between. */
export function stateOf(conditions: readonly boolean[]): ComplianceState {
  const met = conditions.filter(Boolean).length;
  return met === conditions.length ? 'pass' : met === 0 ? 'fail' : 'partial';
}
