import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { MODULE_NAMES, MODULE_PREFIXES, moduleCodeOf, moduleDisplayName } from './module-name';

describe('moduleDisplayName', () => {
  it.each([
    ['oa_stamp', '用印申请'],
    ['apply_stamp', '用印申请'],
    ['member_stamp', '用印申请'],
    ['stamp', '用印申请'],
    ['oa_device', '设备管理'],
    ['oa_btrip', '出差申请'],
    ['oa_lend', '物品借用'],
    ['oa_dispatch', '发文'],
    ['oa_receipt', '收文'],
    ['oa_reward', '劳务报酬'],
    ['oa_contract', '合同管理'],
    ['oa_sign', '签报'],
    ['oa_briefing', '工作简报'],
    ['oa_information', '信息发布'],
    ['oa_deptDispatch', '部门发文'],
    ['apply_subject', '课题申报'],
    ['apply_subjectContract', '课题合同'],
    ['member_memberFee', '会费开票'],
    ['member_memberJoin', '入会审核'],
    ['oa_payment', '费用报销'],
    ['oa_employment', '入离职'],
    // unknown: unchanged
    ['oa_unknown', 'oa_unknown'],
    ['other_stamp', 'other_stamp'],
    ['OA_STAMP', 'OA_STAMP'],
    ['oa_', 'oa_'],
    ['oa', 'oa'],
    ['oa_oa_stamp', 'oa_oa_stamp'],
    ['toString', 'toString'], // not fooled by Object.prototype
    ['oa_constructor', 'oa_constructor'],
    ['', ''],
    [null, ''],
    [undefined, ''],
  ])('%j → %j', (code, name) => {
    expect(moduleDisplayName(code)).toBe(name);
  });

  it('has the 18 modules of spec §9', () => {
    expect(Object.keys(MODULE_NAMES)).toHaveLength(18);
    expect(new Set(Object.values(MODULE_NAMES)).size).toBe(18);
  });

  it('maps every prefixed code to the bare name, and returns unknown codes unchanged', () => {
    const code = fc.constantFrom(...(Object.keys(MODULE_NAMES) as (keyof typeof MODULE_NAMES)[]));
    fc.assert(
      fc.property(code, fc.constantFrom(...MODULE_PREFIXES), (c, p) => {
        return moduleDisplayName(`${p}_${c}`) === MODULE_NAMES[c] && moduleCodeOf(`${p}_${c}`) === c;
      }),
    );
    fc.assert(fc.property(fc.string(), (s) => moduleCodeOf(s) !== null || moduleDisplayName(s) === s));
  });
});
