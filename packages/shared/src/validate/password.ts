import { MESSAGES } from './messages';
import { isEmptyValue } from './empty';

/** Special characters: printable ASCII punctuation (!"#$%&'()*+,-./:;<=>?@[\]^_`{|}~). */
const SPECIAL = /[!-/:-@[-`{-~]/;
/** Only printable ASCII without spaces is allowed, so the rule is unambiguous and hash-stable. */
const ALLOWED = /^[!-~]+$/;

/**
 * Spec §5 password (required): null/undefined/'' → '请输入密码！'; otherwise 8–16 printable ASCII
 * characters (no spaces) with at least one lowercase, one uppercase, one digit and one special
 * character, else '密码由8-16位，大写字母，小写字母，数字，特殊字符组合！'; a valid password → null.
 */
export function passwordProblem(v: string | null | undefined): string | null {
  if (isEmptyValue(v)) return MESSAGES.passwordEmpty;
  const ok = v.length >= 8 && v.length <= 16 && ALLOWED.test(v) && /[a-z]/.test(v) && /[A-Z]/.test(v) && /\d/.test(v) && SPECIAL.test(v);
  return ok ? null : MESSAGES.passwordRule;
}

/** True when passwordProblem(v) is null. */
export function isPassword(v: string | null | undefined): boolean {
  return passwordProblem(v) === null;
}
