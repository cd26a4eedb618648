/** The user-facing messages of spec §5, verbatim. */
export const MESSAGES = {
  phone: '请输入正确的电话号码或者固话号码',
  mobile: '请输入正确的手机号码',
  bank: '请输入正确的银行卡号码',
  idCard: '请输入正确的身份证号码',
  passwordEmpty: '请输入密码！',
  passwordRule: '密码由8-16位，大写字母，小写字母，数字，特殊字符组合！',
  /** Change-password and reset-password forms. */
  oldPasswordRequired: '请输入旧密码',
  newPasswordRequired: '请输入新密码',
  confirmPasswordRequired: '请确认新密码',
  passwordMismatch: '两次输入的密码不一致',
  captchaRequired: '请输入验证码',
} as const;

export type MessageKey = keyof typeof MESSAGES;
