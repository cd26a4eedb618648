import { z } from 'zod';
import { isBankCard } from '../validate/bank-card';
import { isEmptyValue } from '../validate/empty';
import { isIdCard } from '../validate/id-card';
import { isMobile, isPhoneOrLandline } from '../validate/phone';
import { MESSAGES } from '../validate/messages';
import type { AnyField, CellField } from './field';
import { fieldsFor, type AnyModule } from './define-module';

/**
 * One zod builder per field type (ARCHITECTURE.md §6). Every message is Chinese and names the field's
 * label. `draft: true` relaxes "required" (a draft may be incomplete) but keeps every format rule.
 */

export interface FieldIssue {
  field: string;
  message: string;
}
type Ctx = z.RefinementCtx;

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

export function isIsoDate(v: unknown): v is string {
  if (typeof v !== 'string' || !DATE.test(v)) return false;
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
}

function toNumber(v: unknown): number | null {
  if (typeof v === 'number') return Number.isFinite(v) ? v : null;
  if (typeof v === 'string' && /^-?\d+(\.\d+)?$/.test(v.trim())) return Number(v.trim());
  return null;
}

const requiredMessage = (f: AnyField): string =>
  f.kind === 'attachments'
    ? `请上传${f.label}`
    : ['select', 'user', 'dept', 'date', 'daterange'].includes(f.kind)
      ? `请选择${f.label}`
      : f.kind === 'table'
        ? `请填写${f.label}`
        : `请填写${f.label}`;

/** Checks one non-empty value; returns the clean value, or reports issues and returns undefined. */
function checkValue(f: AnyField, v: unknown, ctx: Ctx, path: Array<string | number>, label: string, draft: boolean): unknown {
  const bad = (message: string, p: Array<string | number> = path): undefined => {
    ctx.addIssue({ code: 'custom', message, path: p });
    return undefined;
  };
  switch (f.kind) {
    case 'text':
    case 'textarea':
    case 'richtext': {
      if (typeof v !== 'string') return bad(`${label}应为文本`);
      const t = f.kind === 'text' ? v.trim() : v;
      if (f.kind === 'text' && f.min !== undefined && t.length < f.min) return bad(`${label}不能少于${f.min}个字`);
      if (t.length > f.max) return bad(`${label}不能超过${f.max}个字`);
      return t;
    }
    case 'mobile':
    case 'phone':
    case 'email':
    case 'idcard':
    case 'bankcard': {
      if (typeof v !== 'string') return bad(`${label}应为文本`);
      const t = v.trim();
      const ok =
        f.kind === 'mobile'
          ? isMobile(t)
          : f.kind === 'phone'
            ? isPhoneOrLandline(t)
            : f.kind === 'email'
              ? EMAIL.test(t) && t.length <= 128
              : f.kind === 'idcard'
                ? isIdCard(t)
                : isBankCard(t);
      const msg =
        f.kind === 'mobile'
          ? MESSAGES.mobile
          : f.kind === 'phone'
            ? MESSAGES.phone
            : f.kind === 'email'
              ? '请输入正确的电子邮箱'
              : f.kind === 'idcard'
                ? MESSAGES.idCard
                : MESSAGES.bank;
      return ok ? t : bad(`${label}：${msg}`);
    }
    case 'int':
    case 'money': {
      const n = toNumber(v);
      if (n === null) return bad(`${label}应为数字`);
      if (f.kind === 'int' && !Number.isInteger(n)) return bad(`${label}必须是整数`);
      if (f.kind === 'money' && Math.round(n * 100) !== Number((n * 100).toFixed(6))) return bad(`${label}最多保留两位小数`);
      if (f.min !== undefined && n < f.min) return bad(`${label}不能小于${f.min}`);
      if (f.max !== undefined && n > f.max) return bad(`${label}不能大于${f.max}`);
      return n;
    }
    case 'date':
      return isIsoDate(v) ? v : bad(`${label}的日期格式不正确`);
    case 'daterange': {
      if (!Array.isArray(v) || v.length !== 2) return bad(`请选择${label}的开始和结束日期`);
      if (!isIsoDate(v[0]) || !isIsoDate(v[1])) return bad(`${label}的日期格式不正确`);
      if (v[1] < v[0]) return bad(`${label}的结束日期不能早于开始日期`);
      return [v[0], v[1]];
    }
    case 'select':
      return typeof v === 'string' && f.options.some((o) => o.value === v) ? v : bad(`${label}的取值不在可选范围内`);
    case 'dept':
      return typeof v === 'string' && v.length <= 32 ? v : bad(`${label}不正确`);
    case 'user': {
      const one = (x: unknown) => typeof x === 'string' && x.length > 0 && x.length <= 64;
      if (f.multiple) {
        if (!Array.isArray(v) || !v.every(one)) return bad(`${label}不正确`);
        if (v.length > 200) return bad(`${label}最多选择200人`);
        return [...new Set(v as string[])];
      }
      return one(v) ? v : bad(`${label}不正确`);
    }
    case 'attachments': {
      if (!Array.isArray(v)) return bad(`${label}不正确`);
      if (v.length > f.maxFiles) return bad(`${label}最多${f.maxFiles}个文件`);
      const out = [];
      for (const a of v) {
        const r = attachment.safeParse(a);
        if (!r.success) return bad(`${label}中有无效的文件`);
        out.push(r.data);
      }
      return out;
    }
    case 'table': {
      if (!Array.isArray(v)) return bad(`${label}不正确`);
      if (v.length > f.maxRows) return bad(`${label}最多${f.maxRows}行`);
      if (!draft && v.length < f.minRows) return bad(`${label}至少填写${f.minRows}行`);
      return v.map((row, i) => {
        const out: Record<string, unknown> = {};
        const r = (row ?? {}) as Record<string, unknown>;
        if (typeof row !== 'object' || Array.isArray(row)) return bad(`${label}第${i + 1}行不正确`, [...path, i]);
        for (const [name, col] of Object.entries(f.columns)) {
          out[name] = checkField(col as CellField, r[name], ctx, [...path, i, name], `${label}第${i + 1}行${col.label}`, draft);
        }
        return out;
      });
    }
  }
}

const attachment = z
  .object({
    fileId: z.string().min(1).max(64),
    fileName: z.string().min(1).max(255),
    size: z.number().int().min(0).optional(),
    mime: z.string().max(128).optional(),
  })
  .strip();

/** Empty (null, undefined, '', [], blank) → null / [] unless required; otherwise the checked value. */
function checkField(f: AnyField, v: unknown, ctx: Ctx, path: Array<string | number>, label: string, draft: boolean): unknown {
  const empty =
    isEmptyValue(v) ||
    (Array.isArray(v) && v.length === 0 && f.kind !== 'daterange') ||
    (typeof v === 'string' && v.trim() === '' && f.kind !== 'textarea');
  if (empty) {
    if (f.required && !draft) ctx.addIssue({ code: 'custom', message: label === f.label ? requiredMessage(f) : `请填写${label}`, path });
    return f.kind === 'attachments' || f.kind === 'table' || (f.kind === 'user' && f.multiple) ? [] : null;
  }
  return checkValue(f, v, ctx, path, label, draft);
}

/** Fills computed fields (e.g. trip days from the date range). */
export function applyComputed(m: AnyModule, data: Record<string, unknown>): Record<string, unknown> {
  const out = { ...data };
  for (const [name, f] of Object.entries(m.fields)) if ((f.kind === 'int' || f.kind === 'money') && f.compute) out[name] = f.compute(out);
  return out;
}

/** A module's record schema per variant and draft, built once (an import checks thousands of rows with it). */
const schemas = new WeakMap<AnyModule, Map<string, z.ZodType<Record<string, unknown>>>>();
function recordSchema(m: AnyModule, variant: string | null, draft: boolean): z.ZodType<Record<string, unknown>> {
  const byKey = schemas.get(m) ?? schemas.set(m, new Map()).get(m)!;
  const key = `${draft ? 'draft' : 'final'}:${variant ?? ''}`;
  const known = byKey.get(key);
  if (known) return known;
  const fields = fieldsFor(m, variant);
  const schema = z.record(z.string(), z.unknown()).transform((obj, ctx) => {
    const out: Record<string, unknown> = {};
    for (const [name, f] of fields) out[name] = checkField(f, obj[name], ctx, [name], f.label, draft);
    return out;
  });
  byKey.set(key, schema);
  return schema;
}

/**
 * Validates a record's data against its module: per-field rules, then the module's cross-field rules.
 * Unknown keys are dropped; fields of other variants are dropped.
 */
export function validateRecord(
  m: AnyModule,
  input: Record<string, unknown>,
  opts: { variant?: string | null; draft?: boolean } = {},
): { ok: true; data: Record<string, unknown> } | { ok: false; issues: FieldIssue[] } {
  const variant = opts.variant ?? null;
  const draft = opts.draft ?? false;
  const r = recordSchema(m, variant, draft).safeParse(applyComputed(m, input ?? {}));
  if (!r.success) return { ok: false, issues: r.error.issues.map((i) => ({ field: i.path.join('.'), message: i.message })) };
  const data: Record<string, unknown> = { ...r.data, ...(variant ? { variant } : {}) };
  const issues: FieldIssue[] = [];
  for (const rule of m.rules ?? []) {
    const problem = rule(data as Parameters<typeof rule>[0]);
    if (problem) issues.push(problem);
  }
  return issues.length ? { ok: false, issues } : { ok: true, data };
}
