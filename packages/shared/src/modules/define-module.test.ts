import { describe, expect, it } from 'vitest';
import { conditionFieldsOf, defineModule, formatSerial, formTitle } from './define-module';
import { employmentModule } from './employment.module';
import { field, options } from './field';
import { validateRecord } from './field-schema';
import { btripModule } from './btrip.module';
import { lendModule } from './lend.module';
import { stampModule } from './stamp.module';
import { moduleByRoute, MODULES } from './registry';

describe('defineModule typing', () => {
  it('refuses columns and filters that name a missing field (compile time)', () => {
    const build = () =>
      defineModule({
        code: 'oa_typed',
        name: '类型测试',
        kind: 'register',
        routes: { list: '/a', edit: '/b', preview: '/c' },
        serial: { prefix: 'T' },
        fields: { title2: field.text('标题', { required: true }) },
        // @ts-expect-error 'nosuch' is neither a field nor a common column
        list: { columns: ['serialNo', 'title2', 'nosuch'], filters: ['status'] },
      });
    expect(build).toThrow(/unknown column nosuch/);
  });

  it('types rules by the fields (a rule naming a missing field does not compile)', () => {
    const m = defineModule({
      code: 'oa_rules',
      name: '规则测试',
      kind: 'register',
      routes: { list: '/a', edit: '/b', preview: '/c' },
      serial: { prefix: 'T' },
      fields: { n: field.int('数量') },
      // @ts-expect-error 'other' is not a field of this module
      rules: [(v) => (v.n !== null && v.n > 3 ? { field: 'other', message: 'x' } : null)],
      list: { columns: ['n'], filters: [] },
    });
    expect(m.permissions.approve).toBe('oa_rules:approve');
  });
});

describe('module engine', () => {
  it('formats serial numbers', () => {
    expect(formatSerial('{prefix}{yyyy}{seq:4}', 'YY', 2026, 7)).toBe('YY20260007');
    expect(formatSerial('{prefix}-{yyyy}-{seq}', 'CC', 2026, 12345)).toBe('CC-2026-12345');
  });

  it('resolves routes, variants included', () => {
    expect(moduleByRoute('/seniorEdit')).toMatchObject({ module: btripModule, page: 'edit', variant: 'senior' });
    expect(moduleByRoute('/STAMPPREVIEW')).toMatchObject({ module: stampModule, page: 'preview' });
    expect(new Set(MODULES.map((m) => m.code)).size).toBe(MODULES.length);
  });

  it("titles a form by its variant's application, never 申请 twice", () => {
    expect(formTitle(btripModule, 'senior')).toBe('领导出差申请');
    expect(formTitle(employmentModule, 'resign')).toBe('离职申请');
    expect(formTitle(employmentModule, 'entry')).toBe('入职登记申请');
    expect(formTitle(btripModule, null)).toBe(btripModule.name);
    expect(formTitle(btripModule, 'nosuch')).toBe(btripModule.name);
  });

  it('offers condition fields by kind', () => {
    const c = conditionFieldsOf(btripModule);
    expect(c).toContainEqual({ field: 'budget', label: '预计费用', kind: 'number' });
    expect(c.find((f) => f.field === 'transport')?.options?.length).toBe(6);
    expect(c.some((f) => f.field === 'companions')).toBe(false);
    expect(conditionFieldsOf(stampModule).map((f) => f.field)).toEqual(['sealType', 'copies']);
  });

  const stamp = { reason: '合同盖章', sealType: '公章', copies: 2, files: [{ fileId: 'f1', fileName: 'a.pdf' }] };

  it('validates with Chinese messages naming the label', () => {
    expect(validateRecord(stampModule, stamp)).toMatchObject({ ok: true });
    expect(validateRecord(stampModule, { ...stamp, copies: 0 })).toEqual({
      ok: false,
      issues: [{ field: 'copies', message: '用印份数不能小于1' }],
    });
    expect(validateRecord(stampModule, { ...stamp, copies: 1.5 })).toMatchObject({ issues: [{ message: '用印份数必须是整数' }] });
    expect(validateRecord(stampModule, { ...stamp, reason: '  ' })).toMatchObject({
      issues: [{ field: 'reason', message: '请填写用印事由' }],
    });
    expect(validateRecord(stampModule, { ...stamp, files: [] })).toMatchObject({ issues: [{ field: 'files', message: '请上传用印文件' }] });
    expect(validateRecord(stampModule, { ...stamp, sealType: '私章' })).toMatchObject({ issues: [{ field: 'sealType' }] });
    expect(validateRecord(stampModule, { ...stamp, reason: 'x'.repeat(201) })).toMatchObject({
      issues: [{ message: '用印事由不能超过200个字' }],
    });
  });

  it('relaxes required fields for drafts but keeps formats', () => {
    expect(validateRecord(stampModule, { reason: '草稿' }, { draft: true })).toMatchObject({ ok: true });
    expect(validateRecord(stampModule, { copies: 900 }, { draft: true })).toMatchObject({ ok: false, issues: [{ field: 'copies' }] });
  });

  it('checks shared formats, cross-field rules, sub-tables, variants and computed fields', () => {
    const lend = { item: '投影仪', quantity: 1, purpose: '会议', borrowDate: '2026-03-02', expectedReturnDate: '2026-03-05' };
    expect(validateRecord(lendModule, lend)).toMatchObject({ ok: true });
    expect(validateRecord(lendModule, { ...lend, contact: '12345' })).toMatchObject({
      issues: [{ field: 'contact', message: '联系电话：请输入正确的手机号码' }],
    });
    expect(validateRecord(lendModule, { ...lend, expectedReturnDate: '2026-03-01' })).toMatchObject({
      issues: [{ field: 'expectedReturnDate', message: '预计归还日期不能早于借用日期' }],
    });
    const trip = {
      destination: '上海',
      dateRange: ['2026-04-01', '2026-04-03'],
      transport: '高铁',
      budget: 1200.5,
      reason: '参会',
      itinerary: [{ date: '2026-04-01', from: '北京', to: '上海' }],
    };
    const ok = validateRecord(btripModule, trip);
    expect(ok).toMatchObject({ ok: true, data: { days: 3 } });
    expect(validateRecord(btripModule, { ...trip, budget: -1 })).toMatchObject({
      issues: [{ field: 'budget', message: '预计费用不能小于0' }],
    });
    expect(validateRecord(btripModule, { ...trip, dateRange: ['2026-04-03', '2026-04-01'] })).toMatchObject({
      issues: [{ field: 'dateRange', message: '出差时间的结束日期不能早于开始日期' }],
    });
    expect(validateRecord(btripModule, { ...trip, itinerary: [{ date: '2026-04-01', from: '', to: '上海' }] })).toMatchObject({
      issues: [{ field: 'itinerary.0.from', message: '请填写行程安排第1行出发地' }],
    });
    expect(validateRecord(btripModule, { ...trip, itinerary: [{ date: '2026-05-01', from: '北京', to: '上海' }] })).toMatchObject({
      issues: [{ field: 'itinerary' }],
    });
    expect(validateRecord(btripModule, trip, { variant: 'senior' })).toMatchObject({
      issues: [{ field: 'escortLevel', message: '请选择随行人员级别' }],
    });
    expect(validateRecord(btripModule, { ...trip, escortLevel: '处级' }, { variant: 'senior' })).toMatchObject({
      ok: true,
      data: { variant: 'senior', escortLevel: '处级' },
    });
    // fields of another variant are dropped
    const plain = validateRecord(btripModule, { ...trip, escortLevel: '处级' });
    expect(plain.ok && 'escortLevel' in plain.data).toBe(false);
  });

  it('builds options', () => {
    expect(options('a', { value: 'b', label: 'B' })).toEqual([
      { value: 'a', label: 'a' },
      { value: 'b', label: 'B' },
    ]);
  });

  it('writes out the edit and preview pages of a menu, refusing one without its route', () => {
    const decl = {
      code: 'oa_probe',
      name: '试用',
      kind: 'approval' as const,
      routes: { list: '/probe', edit: '/probeEdit' },
      serial: { prefix: 'SY' },
      fields: { a: field.text('甲') },
      list: { columns: ['a' as const], filters: [] },
    };
    expect(defineModule({ ...decl, menu: { parent: 'office', order: 10, icon: 'BulbOutlined', edit: '试用申请单' } }).menu).toEqual({
      parent: 'office',
      order: 10,
      icon: 'BulbOutlined',
      pages: [{ funCode: 'oa_probe_edit', name: '试用申请单', route: '/probeEdit', order: 11, form: true }],
    });
    expect(() => defineModule({ ...decl, menu: { parent: 'office', order: 10, icon: 'BulbOutlined', preview: '试用详情' } })).toThrow(
      /menu.preview/,
    );
  });
});
