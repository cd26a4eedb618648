import { conditionFieldsOf as registryConditionFields } from '@oa/shared/modules/define-module';
import { MODULES, moduleByCode, recordRoute } from '@oa/shared/modules/registry';
import type { ConditionField, FormFieldRef } from './designer/designer-types';

/** What the designer needs of a business module: its condition fields and its form fields. */

/** Modules that go through approval (the ones a process definition can serve). */
export const APPROVAL_MODULES = MODULES.filter((m) => m.kind === 'approval').map((m) => ({ value: m.code, label: m.name }));

export const moduleName = (code: string): string => moduleByCode(code)?.name ?? code;

/** The fields branch conditions may test: the module registry's own list (the server validates with the same). */
export function conditionFieldsOf(moduleCode: string): ConditionField[] {
  const m = moduleByCode(moduleCode);
  return m
    ? registryConditionFields(m).map((f) => ({
        field: f.field,
        label: f.label,
        kind: f.kind,
        options: f.options?.map((o) => ({ value: o.value, label: o.label })),
      }))
    : [];
}

/**
 * The condition fields the applicant fills in: what a simulation asks for. Fields set later by the
 * system or an action (readonly on the form, e.g. a loan's 已还金额 and 还款状态) are left out.
 */
export function applicantConditionFieldsOf(moduleCode: string): ConditionField[] {
  const m = moduleByCode(moduleCode);
  return conditionFieldsOf(moduleCode).filter((f) => !m?.fields[f.field]?.readonlyOnForm);
}

export function formFieldsOf(moduleCode: string): FormFieldRef[] {
  const m = moduleByCode(moduleCode);
  if (!m) return [];
  return Object.entries(m.fields).map(([code, f]) => ({ field: code, label: f.label, isUser: f.kind === 'user' }));
}

/** The route of a module's record preview, e.g. '/stampPreview?id=…'. */
export function previewPath(moduleCode: string, recordId: string): string | null {
  const m = moduleByCode(moduleCode);
  return m ? recordRoute(m.code, recordId) : null;
}
