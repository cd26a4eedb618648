import { ErrorCode } from '@oa/shared/contract/envelope';

/** The codes that are HTTP statuses: an answer with one of them carries it as its HTTP status too. */
const HTTP_LEVEL: ReadonlySet<number> = new Set([
  ErrorCode.BAD_REQUEST,
  ErrorCode.UNAUTHORIZED,
  ErrorCode.FORBIDDEN,
  ErrorCode.NOT_FOUND,
  ErrorCode.CONFLICT,
  ErrorCode.TOO_MANY,
  ErrorCode.INTERNAL,
  ErrorCode.QUERY_TIMEOUT,
]);

/**
 * A refusal the client shows as is. Business refusals answer HTTP 200 with a non-zero code; the HTTP-level
 * ones (400, 401, 403, 404, 409, 429, 500, 503) always carry an error status (their own unless a more precise
 * one is given, e.g. 413 for a 400): the status and the envelope's code never disagree (issue 32).
 */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: number,
    message: string,
    status = 200,
    readonly data: unknown = null,
  ) {
    super(message);
    this.status = HTTP_LEVEL.has(code) && status < 400 ? code : status;
  }
}

export const bizError = (message: string, code: number = ErrorCode.BUSINESS, data: unknown = null) =>
  new AppError(code, message, 200, data);
export const badRequest = (message: string, field?: string) => new AppError(ErrorCode.BAD_REQUEST, message, 400, field ? { field } : null);
export const unauthorized = (message = '登录已失效，请重新登录') => new AppError(ErrorCode.UNAUTHORIZED, message, 401);
export const forbidden = (message = '没有访问权限') => new AppError(ErrorCode.FORBIDDEN, message, 403);
export const notFound = (message = '记录不存在') => new AppError(ErrorCode.NOT_FOUND, message, 404);
export const tooMany = (message = '操作过于频繁，请稍后再试') => new AppError(ErrorCode.TOO_MANY, message, 429);
/** A statement past its time budget, interrupted (db/sqlite-readers.ts; PostgreSQL's statement_timeout, 57014). */
export const queryTimeout = () => new AppError(ErrorCode.QUERY_TIMEOUT, '查询超时，请缩小查询范围后重试', 503);
/** PostgreSQL's query_canceled: its statement_timeout ended the statement (db/database.ts sets it). */
export const isPgStatementTimeout = (e: unknown) => typeof e === 'object' && e !== null && (e as { code?: unknown }).code === '57014';
