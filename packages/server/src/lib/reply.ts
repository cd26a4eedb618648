import type { ApiEnvelope } from '@oa/shared/contract/envelope';

export const ok = <T>(data: T, message = '操作成功'): ApiEnvelope<T> => ({ code: 0, message, data });
