import { randomBytes } from 'node:crypto';
import type { FastifyServerOptions, RawServerDefault, FastifyRequest } from 'fastify';
import type { IncomingMessage } from 'node:http';

/**
 * What a log line may carry. Logs are pino JSON lines with the request id (`reqId`); they never carry passwords,
 * tokens, signatures, ID or bank numbers or salary amounts: headers that hold secrets are redacted, a request is
 * logged by method and path with the query's values masked (a file address carries its token there, a search its
 * words), and bodies are never logged.
 */
export const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["auth-signature"]',
  'req.headers["x-metrics-token"]',
  'res.headers["set-cookie"]',
  '*.password',
  '*.oldPassword',
  '*.newPassword',
  '*.directoryPassword',
  '*.token',
  '*.idNumber',
  '*.id_card',
  '*.bankAccount',
  '*.bank_account',
  '*.idNo',
  '*.idCard',
  '*.payeeIdCard',
  '*.representativeIdCard',
  '*.id_no',
  '*.bankCard',
  '*.bank_card',
  '*.src_mobile',
  '*.mobile',
  '*.salary',
  '*.items',
];

/** `/a/b?token=x&k=v` → `/a/b?token=~&k=~`: the names of the query's fields, never their values. */
export const maskedUrl = (url: string): string => {
  const at = url.indexOf('?');
  if (at < 0) return url;
  const keys = url
    .slice(at + 1)
    .split('&')
    .filter(Boolean)
    .map((kv) => `${kv.split('=')[0]}=~`);
  return `${url.slice(0, at)}?${keys.join('&')}`;
};

const REQUEST_ID = /^[A-Za-z0-9._-]{8,64}$/;

/** The request id: the proxy's (nginx `$request_id` in X-Request-ID) when it looks like one, else a new one. */
export const requestIdOf = (req: IncomingMessage): string => {
  const given = req.headers['x-request-id'];
  return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomBytes(8).toString('hex');
};

export function loggerOptions(level: string, stream?: NodeJS.WritableStream): FastifyServerOptions<RawServerDefault>['logger'] {
  return {
    level,
    redact: { paths: REDACT_PATHS, censor: '[已隐去]' },
    serializers: {
      req: (req: FastifyRequest) => ({
        method: req.method,
        url: maskedUrl(req.url),
        remoteAddress: req.ip,
      }),
    },
    ...(stream ? { stream } : {}),
  };
}
