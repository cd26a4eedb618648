import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { ErrorCode } from '@oa/shared/contract/envelope';
import { AppError, isPgStatementTimeout, queryTimeout } from '../lib/errors';

const PLACE: Record<string, string> = { body: '请求体', querystring: '查询参数', params: '路径参数', headers: '请求头' };

/** Every failure becomes the envelope; bad input is a 400 naming the field, never a 500. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setNotFoundHandler((req, reply) => {
    reply.code(404).send({ code: ErrorCode.NOT_FOUND, message: `接口不存在：${req.method} ${req.url.split('?')[0]}`, data: null });
  });

  app.setErrorHandler((e: FastifyError, req, reply) => {
    const err = isPgStatementTimeout(e) ? (queryTimeout() as unknown as FastifyError) : e;
    if (err instanceof AppError) {
      if (err.status >= 500) req.log.error({ err }, 'app error');
      return reply.code(err.status).send({ code: err.code, message: err.message, data: err.data });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const first = err.validation[0];
      const field = first.instancePath.replace(/^\//, '').replace(/\//g, '.') || '(root)';
      const where = PLACE[err.validationContext ?? ''] ?? '参数';
      return reply.code(400).send({
        code: ErrorCode.BAD_REQUEST,
        message: `${first.message}（${where}字段：${field}）`,
        data: {
          field,
          issues: err.validation.map((v) => ({ field: v.instancePath.replace(/^\//, '').replace(/\//g, '.'), message: v.message })),
        },
      });
    }
    if (isResponseSerializationError(err)) {
      req.log.error({ err, issues: err.cause.issues }, 'response does not match its schema');
      return reply.code(500).send({ code: ErrorCode.INTERNAL, message: `服务器内部错误（请求编号 ${req.id}）`, data: null });
    }
    const status = err.statusCode ?? 500;
    if (status < 500) {
      // Fastify's own 4xx: malformed JSON, body too large, unsupported media type.
      const message =
        err.code === 'FST_ERR_CTP_BODY_TOO_LARGE'
          ? '请求内容过大'
          : err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
            ? '不支持的请求内容类型'
            : err.code?.startsWith('FST_ERR_CTP') || err.name === 'SyntaxError'
              ? '请求体不是合法的 JSON'
              : err.message;
      return reply.code(status).send({ code: status, message, data: null });
    }
    req.log.error({ err }, 'unhandled error');
    return reply.code(500).send({ code: ErrorCode.INTERNAL, message: `服务器内部错误（请求编号 ${req.id}）`, data: null });
  });
}
