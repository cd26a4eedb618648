import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../core/context';

/** The site address a printed QR code points to: OA_PUBLIC_URL when configured, else the address the request came to. */
export const sheetOrigin = (ctx: AppContext, req: FastifyRequest): string =>
  ctx.config.notify.configuredPublicUrl ?? `${req.protocol}://${req.host}`;
