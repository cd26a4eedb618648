import { describe, expect, it } from 'vitest';
import { validateRecord } from './field-schema';
import { importFields, registerOptionsOf } from './register-kit';
import { REGISTERS, registerByCode } from './registers';
import { sampleIdCard, sampleRow } from '../../test/registers.fixtures';
import { moduleByRoute, MODULES } from './registry';
import { partyFeeDue, partyFeeRate, unionFeeDue, monthsBetween } from './fee-rules';

const ctx = { users: ['admin', 'staff', 'leader'], depts: ['D01', 'D02'] };
const reg = (code: string) => registerByCode(code)!;
const issuesOf = (code: string, patch: Record<string, unknown>) => {
  const r = validateRecord(reg(code), { ...sampleRow(code, 1, ctx), ...patch });
  return r.ok ? [] : r.issues;
};

const ROUTES = [
  '/TelManage',
  '/CallLog',
  '/Express',
  '/Note',
  '/WorkPlan',
  '/MechanicalOverview',
  '/License',
  '/Branch',
  '/BranchManage',
  '/Suggestion',
  '/PersonManage',
  '/PartyFee',
  '/LabourManage',
  '/LabourFee',
  '/StaffManage',
  '/PersonalContractManage',
  '/AppraisalManage',
  '/Attendance',
  '/SeniorManage',
  '/personnelDynamics',
  '/dynamicsType',
  '/bulletinBoard',
  '/bulletinBoardEdit',
];

describe('register declarations', () => {
  it('cover every register route of MODULES.md, are in MODULES and are registers', () => {
    for (const r of ROUTES) {
      const hit = moduleByRoute(r);
      expect(hit, r).toBeDefined();
      expect(hit?.module.kind, r).toBe('register');
    }
    expect(REGISTERS).toHaveLength(22);
    for (const r of REGISTERS) expect(MODULES).toContain(r);
    expect(moduleByRoute('/bulletinBoardEdit')?.page).toBe('edit');
  });

  it.each(REGISTERS.map((r) => [r.code, r] as const))('%s accepts its sample and refuses a missing required field', (code, m) => {
    const ok = validateRecord(m, sampleRow(code, 7, ctx));
    expect(ok, JSON.stringify(ok)).toMatchObject({ ok: true });
    const required = importFields(m).find(([, f]) => f.required);
    expect(required, `${code} has a required field`).toBeDefined();
    const [name, f] = required!;
    const bad = validateRecord(m, { ...sampleRow(code, 7, ctx), [name]: null });
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.issues[0]).toMatchObject({ field: name, message: expect.stringContaining(f.label) });
  });

  it('checks formats with the shared kit', () => {
    expect(issuesOf('office_tel', { phoneNo: '12345' })[0]?.field).toBe('phoneNo');
    expect(issuesOf('office_tel', { month: '2026-13' })[0]).toEqual({ field: 'month', message: '账单月份格式应为“年-月”，如 2026-05' });
    expect(issuesOf('hr_staff', { idCard: '11010119900101123' })[0]?.field).toBe('idCard');
    expect(issuesOf('hr_staff', { bankCard: '6222020000000000001' })[0]?.field).toBe('bankCard');
    expect(issuesOf('hr_staff', { mobile: '1390000' })[0]?.field).toBe('mobile');
    expect(issuesOf('biz_branch', { email: 'not-mail' })[0]?.field).toBe('email');
    expect(issuesOf('office_express', { cost: 1.234 })[0]).toEqual({ field: 'cost', message: '快递费用最多保留两位小数' });
    expect(issuesOf('office_call_log', { callTime: '25:00' })[0]?.field).toBe('callTime');
  });

  it('applies cross-field rules', () => {
    expect(issuesOf('hr_contract', { endDate: '2023-01-01' })[0]?.field).toBe('endDate');
    expect(issuesOf('hr_contract', { contractType: '无固定期限劳动合同', endDate: null })).toEqual([]);
    expect(issuesOf('hr_contract', { endDate: null })[0]?.message).toContain('结束日期');
    expect(issuesOf('biz_work_plan', { state: '已完成', finishDate: null })[0]?.field).toBe('finishDate');
    expect(issuesOf('hr_attendance', { actualDays: 23 })[0]?.field).toBe('actualDays');
    expect(issuesOf('office_express', { direction: '寄件', state: '待领取' })[0]?.field).toBe('state');
    expect(issuesOf('party_fee', { state: '已缴' }).map((i) => i.field)).toEqual(['payDate', 'paid']);
    expect(issuesOf('hr_appraisal', { grade: '优秀', score: 80 })[0]?.field).toBe('score');
  });

  it('computes fees, the personal part of phone bills and year-on-year change', () => {
    const fee = validateRecord(reg('party_fee'), { ...sampleRow('party_fee', 1, ctx), salaryBase: 6500 });
    expect(fee.ok && fee.data).toMatchObject({ rate: 1.5, due: 97.5 });
    const union = validateRecord(reg('party_union_fee'), { ...sampleRow('party_union_fee', 1, ctx), salaryBase: 8123 });
    expect(union.ok && union.data).toMatchObject({ due: 40.62 });
    const tel = validateRecord(reg('office_tel'), sampleRow('office_tel', 1, ctx));
    expect(tel.ok && tel.data.personalPart).toBe(8.5);
    const ov = validateRecord(reg('biz_overview'), sampleRow('biz_overview', 1, ctx));
    expect(ov.ok && ov.data.yoy).toBe(12.23);
  });

  it('keeps readonly, computed and attachment fields out of the import columns', () => {
    const names = importFields(reg('biz_license')).map(([n]) => n);
    expect(names).not.toContain('lendState');
    expect(names).not.toContain('files');
    expect(importFields(reg('party_fee')).map(([n]) => n)).not.toContain('due');
  });

  it('declares visibility, uniqueness and references', () => {
    expect(registerOptionsOf(reg('office_note')).visibility).toBe('owner');
    expect(registerOptionsOf(reg('biz_suggestion')).visibility).toBe('self');
    expect(registerOptionsOf(reg('office_tel')).visibility).toBe('all');
    expect(registerOptionsOf(reg('hr_staff')).unique).toEqual(['staffNo', 'idCard']);
    expect(registerOptionsOf(reg('hr_dynamics')).refs.dynamicsType).toEqual({ module: 'hr_dynamics_type', field: 'typeName' });
    expect(registerOptionsOf(MODULES[0]).visibility).toBe('all');
    expect(new Set(REGISTERS.map((r) => r.serial.prefix)).size).toBe(REGISTERS.length);
  });
});

describe('fee rules', () => {
  it('follows the party rate table at the bracket edges', () => {
    expect([0, 3000, 3000.01, 5000, 5000.01, 10000, 10000.01].map(partyFeeRate)).toEqual([0.5, 0.5, 1, 1, 1.5, 1.5, 2]);
    expect(partyFeeDue(3000)).toBe(15);
    expect(partyFeeDue(4500)).toBe(45);
    expect(partyFeeDue(12000)).toBe(240);
    expect(partyFeeDue(null)).toBeNull();
    expect(unionFeeDue(6000)).toBe(30);
  });

  it('lists months across years', () => {
    expect(monthsBetween('2025-11', '2026-02')).toEqual(['2025-11', '2025-12', '2026-01', '2026-02']);
    expect(monthsBetween('2026-03', '2026-01')).toEqual([]);
  });

  it('generates distinct valid ID cards', () => {
    const ids = new Set(Array.from({ length: 5000 }, (_, i) => sampleIdCard(i)));
    expect(ids.size).toBe(5000);
  });
});
