import { z } from 'zod';
import { isBankCard } from './bank-card';
import { isEmptyValue } from './empty';
import { isIdCard, type IdCardOptions } from './id-card';
import { MESSAGES } from './messages';
import { passwordProblem } from './password';
import { isMobile, isPhoneOrLandline } from './phone';

/**
 * Builds an optional-friendly string schema: null, undefined and '' pass (and are kept as they
 * are) unless `requiredMessage` is given, in which case they fail with that message. A non-empty
 * string must satisfy `test`, else it fails with the spec message.
 */
function optionalRule(test: (v: string) => boolean, message: string, requiredMessage?: string) {
  return z
    .string({ error: requiredMessage ?? message })
    .nullish()
    .superRefine((v, ctx) => {
      if (isEmptyValue(v)) {
        if (requiredMessage !== undefined) ctx.addIssue({ code: 'custom', message: requiredMessage });
        return;
      }
      if (!test(v)) ctx.addIssue({ code: 'custom', message });
    });
}

/** Mobile (spec §5): empty passes unless `requiredMessage` is given; else '请输入正确的手机号码'. */
export const zMobile = (requiredMessage?: string) => optionalRule(isMobile, MESSAGES.mobile, requiredMessage);

/** Phone or landline (spec §5): empty passes unless `requiredMessage` is given. */
export const zPhoneOrLandline = (requiredMessage?: string) => optionalRule(isPhoneOrLandline, MESSAGES.phone, requiredMessage);

/** Bank card (Luhn, spec §5): empty passes unless `requiredMessage` is given. */
export const zBankCard = (requiredMessage?: string) => optionalRule(isBankCard, MESSAGES.bank, requiredMessage);

/** ID card (spec §5 format rule; `{ strict: true }` adds GB 11643 checks): empty passes unless required. */
export const zIdCard = (options: IdCardOptions & { requiredMessage?: string } = {}) =>
  optionalRule((v) => isIdCard(v, options), MESSAGES.idCard, options.requiredMessage);

/** Password (required, spec §5): missing or '' → '请输入密码！'; weak → the rule message. */
export const zPassword = () =>
  z.string({ error: MESSAGES.passwordEmpty }).superRefine((v, ctx) => {
    const problem = passwordProblem(v);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });
