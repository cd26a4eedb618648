/**
 * antd Form rule factories built on the shared predicates, with no antd import. The shapes are
 * structurally compatible with antd's `Rule` (RuleObject | (form) => RuleObject): validators
 * resolve on success and reject with `new Error(message)`.
 */
import { isBankCard } from './bank-card';
import { isEmptyValue } from './empty';
import { isIdCard, type IdCardOptions } from './id-card';
import { MESSAGES } from './messages';
import { passwordProblem } from './password';
import { isMobile, isPhoneOrLandline } from './phone';

export type FormValidator = (rule: unknown, value: unknown) => Promise<void>;

export interface FormRule {
  required?: boolean;
  message?: string;
  whitespace?: boolean;
  validator?: FormValidator;
  validateTrigger?: string | string[];
}

/** The part of antd's FormInstance a dependent rule needs. */
export interface FormLike {
  getFieldValue: (name: string) => unknown;
}

export type FormRuleRender = (form: FormLike) => FormRule;

/** A value the predicates can read: strings as they are, numbers as decimal text, the rest as empty. */
function asText(value: unknown): string | null | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (value === null || value === undefined) return value;
  return '\u0000'; // an object or boolean is never a valid field value
}

function predicateRule(test: (v: string | null | undefined) => boolean, message: string): FormRule {
  return {
    validator: (_rule, value) => (test(asText(value)) ? Promise.resolve() : Promise.reject(new Error(message))),
  };
}

/** Optional phone or landline: '请输入正确的电话号码或者固话号码'. */
export const phoneRule = (): FormRule => predicateRule(isPhoneOrLandline, MESSAGES.phone);
/** Optional mobile: '请输入正确的手机号码'. */
export const mobileRule = (): FormRule => predicateRule(isMobile, MESSAGES.mobile);
/** Optional bank card (Luhn): '请输入正确的银行卡号码'. */
export const bankCardRule = (): FormRule => predicateRule(isBankCard, MESSAGES.bank);
/** Optional ID card; pass `{ strict: true }` for the GB 11643 checks: '请输入正确的身份证号码'. */
export const idCardRule = (options: IdCardOptions = {}): FormRule => predicateRule((v) => isIdCard(v, options), MESSAGES.idCard);

/**
 * Required password with the strength rule: empty → '请输入密码！', weak → the rule message.
 * The strength check runs on blur (spec §5), emptiness on change and blur.
 */
export const passwordRules = (requiredMessage: string = MESSAGES.passwordEmpty): FormRule[] => [
  { required: true, message: requiredMessage },
  {
    validateTrigger: 'onBlur',
    validator: (_rule, value) => {
      const text = asText(value);
      if (isEmptyValue(text)) return Promise.resolve(); // reported by the required rule
      const problem = passwordProblem(text);
      return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
    },
  },
];

/** Change-password form, old password: required, '请输入旧密码'. */
export const oldPasswordRules = (): FormRule[] => [{ required: true, message: MESSAGES.oldPasswordRequired }];

/** Change/reset-password form, new password: required '请输入新密码' plus the strength rule on blur. */
export const newPasswordRules = (): FormRule[] => passwordRules(MESSAGES.newPasswordRequired);

/**
 * Confirm field: required '请确认新密码', and equal to the field `newPasswordField`
 * (default 'password'), else '两次输入的密码不一致'.
 */
export const confirmPasswordRules = (newPasswordField = 'password'): (FormRule | FormRuleRender)[] => [
  { required: true, message: MESSAGES.confirmPasswordRequired },
  (form) => ({
    validator: (_rule, value) => {
      if (isEmptyValue(value)) return Promise.resolve(); // reported by the required rule
      return value === form.getFieldValue(newPasswordField) ? Promise.resolve() : Promise.reject(new Error(MESSAGES.passwordMismatch));
    },
  }),
];

/** Reset-password form, captcha: required '请输入验证码'. */
export const captchaRules = (): FormRule[] => [{ required: true, message: MESSAGES.captchaRequired }];
