import { describe, expect, it } from 'vitest';
import { ErrorCode } from '@oa/shared/contract/envelope';
import { AppError, bizError } from './errors';

describe('AppError: the HTTP status and the envelope code agree (issue 32)', () => {
  it('an HTTP-level code always answers an error status, whoever builds it', () => {
    for (const code of [ErrorCode.BAD_REQUEST, ErrorCode.UNAUTHORIZED, ErrorCode.FORBIDDEN, ErrorCode.NOT_FOUND, ErrorCode.TOO_MANY]) {
      expect(new AppError(code, '拒绝', 200).status).toBe(code);
      expect(bizError('拒绝', code).status).toBe(code);
    }
  });
  it('business codes answer HTTP 200; a more precise error status is kept', () => {
    expect(bizError('业务拒绝').status).toBe(200);
    expect(bizError('密码错误', ErrorCode.OLD_PASSWORD_WRONG).status).toBe(200);
    expect(new AppError(ErrorCode.BAD_REQUEST, '文件过大', 413).status).toBe(413);
  });
});
