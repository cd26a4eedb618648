/** @oa/shared/validate — the spec §5 rules, shared by the server (zod) and the web (antd rules). */
export { isEmptyValue } from './empty';
export { MESSAGES, type MessageKey } from './messages';
export { isMobile, isPhoneOrLandline } from './phone';
export {
  isBankCard,
  bankCardInfo,
  luhnValid,
  CARD_TYPE_NAMES,
  type BankCardInfo,
  type CardType,
} from './bank-card';
export { isIdCard, idCardCheckChar, type IdCardOptions } from './id-card';
export { passwordProblem, isPassword } from './password';
export { isExternal } from './external';
export { isValidExpression } from './expression';
export { zMobile, zPhoneOrLandline, zBankCard, zIdCard, zPassword } from './zod';
export {
  phoneRule,
  mobileRule,
  bankCardRule,
  idCardRule,
  passwordRules,
  oldPasswordRules,
  newPasswordRules,
  confirmPasswordRules,
  captchaRules,
  type FormRule,
  type FormRuleRender,
  type FormLike,
  type FormValidator,
} from './rules';
