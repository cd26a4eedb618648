import type { ConditionField as ContractConditionField } from '@oa/shared/contract/workflow';
import type { AnyField } from '@oa/shared/modules/field';
import { MODULES, moduleByCode } from '@oa/shared/modules/registry';
import type { ConditionField, FormFieldRef } from './designer/designer-types';

/** What the designer needs of a business module: its condition fields and its form fields. */

const CONDITION_KIND: Partial<Record<AnyField['kind'], ConditionField['kind']>> = {
  int: 'number',
  money: 'number',
  date: 'date',
  select: 'select',
  user: 'user',
  dept: 'dept',
};

/** Modules that go through approval (the ones a process definition can serve). */
export const APPROVAL_MODULES = MODULES.filter((m) => m.kind === 'approval').map((m) => ({ value: m.code, label: m.name }));

export const moduleName = (code: string): string => moduleByCode(code)?.name ?? code;

export function conditionFieldsOf(moduleCode: string): ConditionField[] {
  const m = moduleByCode(moduleCode);
  if (!m) return [];
  const out: ConditionField[] = [];
  for (const [code, f] of Object.entries(m.fields)) {
    const kind = CONDITION_KIND[f.kind];
    if (!kind) continue;
    out.push({ field: code, label: f.label, kind, options: f.kind === 'select' ? f.options.map((o) => ({ value: o.value, label: o.label })) : undefined });
  }
  return out;
}

/** The fields as the server's validate / publish calls take them. */
export function contractConditionFields(moduleCode: string): ContractConditionField[] {
  const m = moduleByCode(moduleCode);
  if (!m) return [];
  return Object.entries(m.fields)
    .filter(([, f]) => CONDITION_KIND[f.kind])
    .map(([code, f]) => ({
      code,
      label: f.label,
      type: f.kind as ContractConditionField['type'],
      options: f.kind === 'select' ? f.options.map((o) => ({ value: o.value, label: o.label })) : undefined,
    }));
}

export function formFieldsOf(moduleCode: string): FormFieldRef[] {
  const m = moduleByCode(moduleCode);
  if (!m) return [];
  return Object.entries(m.fields).map(([code, f]) => ({ field: code, label: f.label, isUser: f.kind === 'user' }));
}

/** The route of a module's record preview, e.g. '/stampPreview?id=…'. */
export function previewPath(moduleCode: string, recordId: string): string | null {
  const m = moduleByCode(moduleCode);
  return m ? `${m.routes.preview}?id=${encodeURIComponent(recordId)}` : null;
}
