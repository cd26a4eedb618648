import type { FastifyInstance } from 'fastify';
import { hasUnsafeText } from '@oa/shared/validate/plain-text';
import { badRequest } from '../lib/errors';

/**
 * One rule for every API query value (issue 32): a control character, a bidirectional control or a lone
 * surrogate is bad input, a 400 naming the parameter, before any route reads it (or puts it in a header).
 */
export function registerQueryText(app: FastifyInstance): void {
  app.addHook('preValidation', async (req) => {
    if (!req.url.startsWith('/oa/api/')) return;
    const query = (req.query ?? {}) as Record<string, unknown>;
    for (const [key, value] of Object.entries(query)) {
      const values = Array.isArray(value) ? value : [value];
      if (hasUnsafeText(key) || values.some((v) => typeof v === 'string' && hasUnsafeText(v)))
        throw badRequest(
          `查询参数 ${hasUnsafeText(key) ? '名称' : key} 含有不允许的控制字符或文字方向控制符`,
          hasUnsafeText(key) ? '(query)' : key,
        );
    }
  });
}
