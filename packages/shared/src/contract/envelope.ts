import { z } from 'zod';

/** Every JSON answer of the API: code 0 is success (ARCHITECTURE.md §4). */
export interface ApiEnvelope<T> {
  code: number;
  message: string;
  data: T;
}

export const envelope = <T extends z.ZodType>(data: T) =>
  z.object({ code: z.number().int(), message: z.string(), data });

/** Paged data with pageNumber/pageSize query parameters. */
export interface Paged<T> {
  list: T[];
  total: number;
  pageNumber: number;
  pageSize: number;
}

export const paged = <T extends z.ZodType>(item: T) =>
  z.object({ list: z.array(item), total: z.number().int(), pageNumber: z.number().int(), pageSize: z.number().int() });

export const pageQuery = z.object({
  pageNumber: z.coerce.number().int().min(1).max(100000).default(1),
  pageSize: z.coerce.number().int().min(1).max(500).default(10),
});
export type PageQuery = z.infer<typeof pageQuery>;

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
  /** wrong account or password, locked account (same message on purpose) */
  BAD_CREDENTIALS: 1001,
  CAPTCHA_REQUIRED: 1002,
  CAPTCHA_WRONG: 1003,
  PASSWORD_EXPIRED: 1004,
  SMS_CODE_WRONG: 1005,
  OLD_PASSWORD_WRONG: 1006,
  ACCOUNT_DISABLED: 1007,
} as const;
export type ErrorCodeValue = (typeof ErrorCode)[keyof typeof ErrorCode];
