import { describe, expect, it } from 'vitest';
import { MESSAGES } from './messages';
import {
  bankCardRule,
  captchaRules,
  confirmPasswordRules,
  idCardRule,
  mobileRule,
  newPasswordRules,
  oldPasswordRules,
  passwordRules,
  phoneRule,
  type FormRule,
  type FormRuleRender,
} from './rules';

async function run(rule: FormRule, value: unknown): Promise<string | null> {
  if (!rule.validator) throw new Error('no validator');
  try {
    await rule.validator({}, value);
    return null;
  } catch (e) {
    expect(e).toBeInstanceOf(Error);
    return (e as Error).message;
  }
}

describe('antd rule factories', () => {
  it.each([
    ['phoneRule', phoneRule(), '0571-88888888', '0571', MESSAGES.phone],
    ['mobileRule', mobileRule(), '13800138000', '138', MESSAGES.mobile],
    ['bankCardRule', bankCardRule(), '6222020000000000000', '6222020000000000001', MESSAGES.bank],
    ['idCardRule', idCardRule(), '110101199003074578', '1101011990', MESSAGES.idCard],
    ['idCardRule strict', idCardRule({ strict: true }), '110101199003074573', '110101199003074578', MESSAGES.idCard],
  ])('%s resolves for empty and good values, rejects bad ones', async (_n, rule, good, bad, message) => {
    for (const empty of [undefined, null, '']) expect(await run(rule, empty)).toBeNull();
    expect(await run(rule, good)).toBeNull();
    expect(await run(rule, bad)).toBe(message);
    expect(await run(rule, { not: 'a string' })).toBe(message);
  });

  it('reads numeric input as text', async () => {
    expect(await run(mobileRule(), 13800138000)).toBeNull();
  });

  it('passwordRules: required message, then the strength rule on blur', async () => {
    const [required, strength] = passwordRules();
    expect(required).toEqual({ required: true, message: '请输入密码！' });
    expect(strength.validateTrigger).toBe('onBlur');
    expect(await run(strength, '')).toBeNull(); // left to the required rule
    expect(await run(strength, 'abc')).toBe(MESSAGES.passwordRule);
    expect(await run(strength, 'Oa@12345')).toBeNull();
  });

  it('change-password and reset-password messages are the spec ones', () => {
    expect(oldPasswordRules()).toEqual([{ required: true, message: '请输入旧密码' }]);
    expect(newPasswordRules()[0]).toEqual({ required: true, message: '请输入新密码' });
    expect(confirmPasswordRules()[0]).toEqual({ required: true, message: '请确认新密码' });
    expect(captchaRules()).toEqual([{ required: true, message: '请输入验证码' }]);
    expect(MESSAGES.passwordMismatch).toBe('两次输入的密码不一致');
  });

  it('confirmPasswordRules compares with the new-password field', async () => {
    const render = confirmPasswordRules('newPass')[1] as FormRuleRender;
    const asked: string[] = [];
    const rule = render({
      getFieldValue: (name) => {
        asked.push(name);
        return 'Oa@12345';
      },
    });
    expect(await run(rule, 'Oa@12345')).toBeNull();
    expect(await run(rule, 'Oa@123456')).toBe('两次输入的密码不一致');
    expect(await run(rule, '')).toBeNull(); // left to the required rule
    expect(asked).toEqual(['newPass', 'newPass']);
  });
});
