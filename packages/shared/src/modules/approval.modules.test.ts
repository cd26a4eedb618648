import { describe, expect, it } from 'vitest';
import { toChineseMoney } from '../format/chinese-money';
import { annualLeaveEntitlement, calendarDays, columnSum, workingDays, yearsOfService } from './approval-kit';
import { APPROVAL_SAMPLES, type SpoiledCase } from '../../test/approval-samples';
import { APPROVAL_MODULE_CODES } from './approval-codes';
import { conditionFieldsOf } from './define-module';
import { validateRecord } from './field-schema';
import { moduleByCode, moduleByRoute, moduleRoutes } from './registry';

const mod = (code: string) => {
  const m = moduleByCode(code);
  if (!m) throw new Error(`module ${code} is not registered`);
  return m;
};

describe('approval modules of issue 6', () => {
  it('are all registered as approval modules with a sample', () => {
    for (const code of APPROVAL_MODULE_CODES) {
      expect(mod(code).kind).toBe('approval');
      expect(APPROVAL_SAMPLES.some((s) => s.code === code)).toBe(true);
    }
  });

  it('resolve their routes, single-route modules and variants included', () => {
    expect(moduleByRoute('/Leave')).toMatchObject({ module: mod('oa_leave'), page: 'list' });
    expect(moduleByRoute('/leavemanage')).toMatchObject({ module: mod('oa_leave'), page: 'manage' });
    expect(moduleByRoute('/contract/edit')).toMatchObject({ module: mod('oa_contract'), page: 'edit' });
    expect(moduleByRoute('/resignationFormView')).toMatchObject({ module: mod('oa_employment'), page: 'edit', variant: 'resign' });
    const mine = moduleRoutes().filter((r) => APPROVAL_MODULE_CODES.includes(moduleByRoute(r)?.module.code ?? ''));
    expect(new Set(mine.map((r) => r.toLowerCase())).size).toBe(mine.length);
  });

  describe.each(APPROVAL_SAMPLES.map((s) => [`${s.code}${s.variant ? `/${s.variant}` : ''}`, s] as const))('%s', (_name, s) => {
    const m = mod(s.code);
    const opts = { variant: s.variant ?? null };
    const spoil = (c: SpoiledCase) => validateRecord(m, { ...s.data, ...c.patch }, opts);

    it('accepts the valid sample', () => {
      const r = validateRecord(m, s.data, opts);
      expect(r.ok ? 'ok' : r.issues).toBe('ok');
    });
    it('refuses a missing required field, naming it', () => {
      const data = { ...s.data };
      delete data[s.missing];
      const r = validateRecord(m, data, opts);
      expect(r.ok ? [] : r.issues.map((i) => i.field)).toContain(s.missing);
    });
    it.each([
      ['bad phone', s.badPhone],
      ['negative amount', s.negative],
      ['end before start', s.reversed],
    ] as const)('refuses a %s, naming the field', (_what, c) => {
      if (!c) return;
      const r = spoil(c);
      expect(r.ok ? [] : r.issues.map((i) => i.field)).toContain(c.field);
    });
  });
});

describe('computed fields and cross-field rules', () => {
  const sample = (code: string, variant?: string) => APPROVAL_SAMPLES.find((s) => s.code === code && s.variant === variant)!.data;

  it('totals expense lines and device lines, shown in capitals', () => {
    const r = validateRecord(mod('oa_payment'), sample('oa_payment'));
    expect(r).toMatchObject({ ok: true, data: { total: 1520.5 } });
    expect(toChineseMoney(1520.5)).toBe('人民币壹仟伍佰贰拾元伍角');
    expect(validateRecord(mod('oa_device'), sample('oa_device'))).toMatchObject({ ok: true, data: { total: 17998 } });
    expect(mod('oa_payment').fields.total).toMatchObject({ kind: 'money', capitals: true });
  });

  it('counts leave in working days and trips in calendar days', () => {
    expect(workingDays(['2026-11-20', '2026-11-23'])).toBe(2); // Fri + Mon
    expect(calendarDays(['2026-11-20', '2026-11-23'])).toBe(4);
    expect(validateRecord(mod('oa_leave'), { ...sample('oa_leave'), dateRange: ['2026-11-21', '2026-11-22'] })).toMatchObject({
      ok: false,
      issues: [{ field: 'dateRange', message: '请假时间内没有工作日' }],
    });
    expect(
      validateRecord(mod('oa_leave'), { ...sample('oa_leave'), leaveType: '病假', dateRange: ['2026-12-01', '2026-12-03'] }),
    ).toMatchObject({ ok: false, issues: [{ field: 'files' }] });
    expect(columnSum([{ a: 0.1 }, { a: 0.2 }], 'a')).toBe(0.3);
  });

  it('gives annual leave by years of service', () => {
    expect(yearsOfService('2019-07-15', '2026-07-14')).toBe(6);
    expect(yearsOfService('2019-07-15', '2026-07-15')).toBe(7);
    expect([0, 1, 9, 10, 19, 20, 35].map(annualLeaveEntitlement)).toEqual([0, 5, 5, 10, 10, 15, 15]);
  });

  it('checks conditional requirements', () => {
    expect(validateRecord(mod('oa_payment'), { ...sample('oa_payment'), bankAccount: '' })).toMatchObject({
      ok: false,
      issues: [{ field: 'bankAccount' }],
    });
    expect(validateRecord(mod('oa_borrow'), { ...sample('oa_borrow'), method: '银行转账' })).toMatchObject({
      ok: false,
      issues: [{ field: 'bankCard' }],
    });
    expect(validateRecord(mod('oa_certificate'), { ...sample('oa_certificate'), useRange: null })).toMatchObject({
      ok: false,
      issues: [{ field: 'useRange' }],
    });
    expect(validateRecord(mod('oa_conference'), { ...sample('oa_conference'), foreignCount: 400 })).toMatchObject({
      ok: false,
      issues: [{ field: 'foreignCount' }],
    });
    expect(validateRecord(mod('oa_car'), { ...sample('oa_car'), carType: '轿车', passengers: 5 })).toMatchObject({
      ok: false,
      issues: [{ field: 'passengers' }],
    });
    expect(validateRecord(mod('oa_contract'), { ...sample('oa_contract'), creditCode: '123' })).toMatchObject({
      ok: false,
      issues: [{ field: 'creditCode' }],
    });
    expect(validateRecord(mod('oa_legal'), { ...sample('oa_legal'), changeType: '法定代表人变更' })).toMatchObject({
      ok: false,
      issues: [{ field: 'representative' }],
    });
    expect(
      validateRecord(mod('oa_supplies'), {
        ...sample('oa_supplies'),
        items: [
          { name: '笔', quantity: 1 },
          { name: '笔', quantity: 2 },
        ],
      }),
    ).toMatchObject({ ok: false, issues: [{ field: 'items.1.name' }] });
    expect(validateRecord(mod('oa_email'), { ...sample('oa_email'), account: 'Bad Name' })).toMatchObject({
      ok: false,
      issues: [{ field: 'account' }],
    });
  });

  it('validates only the fields of the chosen variant', () => {
    const entry = validateRecord(mod('oa_employment'), sample('oa_employment', 'entry'), { variant: 'resign' });
    expect(entry.ok ? [] : entry.issues.map((i) => i.field)).toContain('handoverTo');
  });

  it('offers condition fields for the default processes', () => {
    expect(conditionFieldsOf(mod('oa_payment')).map((f) => f.field)).toContain('total');
    expect(conditionFieldsOf(mod('oa_leave')).map((f) => f.field)).toEqual(expect.arrayContaining(['leaveType', 'days']));
  });
});
