import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { MESSAGES } from './messages';
import { zBankCard, zIdCard, zMobile, zPassword, zPhoneOrLandline } from './zod';

function messageOf(schema: z.ZodType, value: unknown): string | null {
  const r = schema.safeParse(value);
  return r.success ? null : r.error.issues[0].message;
}

describe('zod helpers', () => {
  it.each([
    ['zMobile', zMobile(), '13800138000', '1380013800', MESSAGES.mobile],
    ['zPhoneOrLandline', zPhoneOrLandline(), '010-12345678', '010-123', MESSAGES.phone],
    ['zBankCard', zBankCard(), '6222020000000000000', '6222020000000000001', MESSAGES.bank],
    ['zIdCard', zIdCard(), '110101199003074578', '11010119900307457', MESSAGES.idCard],
  ])('%s: empty passes, good passes, bad fails with the spec message', (_name, schema, good, bad, message) => {
    for (const empty of [undefined, null, '']) expect(messageOf(schema, empty)).toBeNull();
    expect(messageOf(schema, good)).toBeNull();
    expect(messageOf(schema, bad)).toBe(message);
    expect(messageOf(schema, 13800138000)).toBe(message); // not a string
  });

  it('is optional-friendly inside an object', () => {
    const form = z.object({ mobile: zMobile(), tel: zPhoneOrLandline() });
    expect(form.safeParse({}).success).toBe(true);
    expect(form.parse({ mobile: '', tel: null })).toEqual({ mobile: '', tel: null });
    const r = form.safeParse({ mobile: '123', tel: '010-12345678' });
    expect(r.success).toBe(false);
    if (!r.success) expect(r.error.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['mobile', MESSAGES.mobile]]);
  });

  it('makes a field required when a required message is given', () => {
    const schema = zMobile('请输入手机号码');
    for (const empty of [undefined, null, '']) expect(messageOf(schema, empty)).toBe('请输入手机号码');
    expect(messageOf(schema, '123')).toBe(MESSAGES.mobile);
    expect(messageOf(schema, '13800138000')).toBeNull();
  });

  it('zIdCard strict checks GB 11643', () => {
    expect(messageOf(zIdCard({ strict: true }), '110101199003074578')).toBe(MESSAGES.idCard);
    expect(messageOf(zIdCard({ strict: true }), '110101199003074573')).toBeNull();
    expect(messageOf(zIdCard({ strict: true, requiredMessage: '必填' }), '')).toBe('必填');
  });

  it.each([
    [undefined, MESSAGES.passwordEmpty],
    [null, MESSAGES.passwordEmpty],
    ['', MESSAGES.passwordEmpty],
    [12345678, MESSAGES.passwordEmpty],
    ['weak', MESSAGES.passwordRule],
    ['Oa@12345', null],
  ])('zPassword %j → %j', (v, msg) => {
    expect(messageOf(zPassword(), v)).toBe(msg);
  });
});
