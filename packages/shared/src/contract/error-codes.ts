/** Non-zero business codes (answered with HTTP 200 unless stated). */
export const ErrorCode = {
  OK: 0,
  BUSINESS: 1,
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  TOO_MANY: 429,
  INTERNAL: 500,
  /** a statement ran past its time budget (OA_DB_STATEMENT_TIMEOUT_MS) and was interrupted: HTTP 503 */
  QUERY_TIMEOUT: 503,
  /** wrong account or password, locked account (same message on purpose) */
  BAD_CREDENTIALS: 1001,
  CAPTCHA_REQUIRED: 1002,
  CAPTCHA_WRONG: 1003,
  PASSWORD_EXPIRED: 1004,
  SMS_CODE_WRONG: 1005,
  OLD_PASSWORD_WRONG: 1006,
  ACCOUNT_DISABLED: 1007,
  /** too many failures of an account name (known or not): temporarily locked, message says for how long */
  ACCOUNT_LOCKED: 1008,
  /** the password was right; the answer carries a second-step challenge (data: LoginChallenge) */
  SECOND_FACTOR_REQUIRED: 1020,
  /** a wrong, reused or expired second-factor code */
  SECOND_FACTOR_WRONG: 1021,
} as const;
export type ErrorCodeValue = (typeof ErrorCode)[keyof typeof ErrorCode];
