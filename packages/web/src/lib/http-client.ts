import type { ApiEnvelope } from '@oa/shared/contract/envelope';
import { REQUEST_TIMEOUT_MS } from '@oa/shared/constants';
import { signRequest } from '@oa/shared/crypto/signature';
import { API_PREFIX } from './api-prefix';
import { browserName } from './browser-name';
import { peekClientConfig } from './client-config';
import { feedback } from './feedback';
import { getToken } from './storage-keys';

/**
 * The one HTTP client of the web app (ARCHITECTURE.md §9): adds headers and the request signature,
 * unwraps the { code, message, data } envelope, shows the spec's notices, handles 401 and time-outs.
 *
 * - HTTP status outside 2xx → notification titled '错误' with the server's message, then HttpError.
 * - HTTP 401 → the unauthorized handler (session cleared through 'AgainOut', go to /login), then HttpError.
 * - time-out (1,200,000 ms) → notice '网络请求超时' for 5 s, then HttpError(0).
 * - network failure → a GET is retried twice; then notice '网络异常…' (one at a time), then HttpError(0).
 *   Never a logout: only a 401 (or the guard's non-zero user-info code) ends a session.
 * - business code ≠ 0 → the envelope is returned to the caller; `unwrap` turns it into a BusinessError.
 */

export type QueryValue = string | number | boolean | null | undefined;
export type QueryParams = Record<string, QueryValue>;

interface RequestOptions {
  params?: QueryParams;
  body?: unknown;
  /** no notification for HTTP errors (the caller tolerates e.g. a 404) */
  quiet?: boolean;
  signal?: AbortSignal;
  timeoutMs?: number;
}

export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** the client already showed it to the user (a notice): callers must not show it again */
    readonly shown = false,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export class BusinessError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
    this.name = 'BusinessError';
  }
}

/** Waits between attempts of a GET that failed at the network level (3 attempts in all). */
const NETWORK_RETRY_DELAYS_MS = [300, 1000];
const NETWORK_MESSAGE = '网络异常，请检查网络后重试';

let onUnauthorized: (() => void) | null = null;

/** The app registers what a 401 does (clear the session, go to /login). */
export function setUnauthorizedHandler(handler: () => void): void {
  onUnauthorized = handler;
}

/** Full URL of an API path such as '/api/auth/base/logout'. */
export function apiUrl(path: string, params?: QueryParams): string {
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(params ?? {})) {
    if (v !== undefined && v !== null) search.append(k, String(v));
  }
  const qs = search.toString();
  return `${API_PREFIX}${path}${qs ? `${path.includes('?') ? '&' : '?'}${qs}` : ''}`;
}

/** The headers every request carries (spec §7), signature included. */
export async function authHeaders(pathname: string, source = 'web'): Promise<Record<string, string>> {
  const headers: Record<string, string> = {
    'auth-source': source,
    'auth-device': 'pc',
    userSource: browserName(),
  };
  const token = getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  const cfg = peekClientConfig();
  if (cfg) {
    const timestamp = String(Date.now());
    headers['auth-appid'] = cfg.appId;
    headers['auth-timestamp'] = timestamp;
    headers['auth-signature'] = await signRequest(cfg.secret, pathname, timestamp, cfg.appId);
  }
  return headers;
}

function showHttpError(message: string): void {
  feedback().notification.error({ title: '错误', description: message, duration: 4.5 });
}

async function readMessage(res: Response): Promise<string> {
  try {
    const body = (await res.json()) as Partial<ApiEnvelope<unknown>>;
    if (body && typeof body.message === 'string' && body.message) return body.message;
  } catch {
    /* not JSON */
  }
  return res.statusText || `请求失败（${res.status}）`;
}

async function request<T>(method: string, path: string, opts: RequestOptions = {}): Promise<ApiEnvelope<T>> {
  const url = apiUrl(path, opts.params);
  const pathname = url.split('?')[0];
  const headers = await authHeaders(pathname);
  headers.Accept = 'application/json';
  let body: BodyInit | undefined;
  if (opts.body instanceof FormData) body = opts.body;
  else if (opts.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(opts.body);
  }

  let res: Response | null = null;
  // A GET that fails at the network level is retried (bounded); it changes nothing on the server.
  const delays = method === 'GET' ? NETWORK_RETRY_DELAYS_MS : [];
  for (let attempt = 0; res === null; attempt++) {
    const controller = new AbortController();
    let timedOut = false;
    const timer = window.setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, opts.timeoutMs ?? REQUEST_TIMEOUT_MS);
    const onAbort = () => controller.abort();
    opts.signal?.addEventListener('abort', onAbort, { once: true });
    try {
      res = await fetch(url, { method, headers, body, signal: controller.signal, credentials: 'same-origin' });
    } catch (err) {
      if (timedOut) {
        feedback().message.error({ content: '网络请求超时', duration: 5 });
        throw new HttpError(0, '网络请求超时', true);
      }
      if (opts.signal?.aborted) throw err;
      if (attempt < delays.length) {
        await new Promise((resolve) => window.setTimeout(resolve, delays[attempt]));
        continue;
      }
      // never a logout: the session is still valid, only the network failed
      if (!opts.quiet) feedback().message.error({ key: 'oa-network', content: NETWORK_MESSAGE, duration: 5 });
      throw new HttpError(0, NETWORK_MESSAGE, !opts.quiet);
    } finally {
      window.clearTimeout(timer);
      opts.signal?.removeEventListener('abort', onAbort);
    }
  }

  if (res.status === 401) {
    onUnauthorized?.();
    throw new HttpError(401, await readMessage(res), true);
  }
  if (res.status < 200 || res.status >= 300) {
    const message = await readMessage(res);
    if (!opts.quiet) showHttpError(message);
    throw new HttpError(res.status, message, !opts.quiet);
  }
  if (res.status === 204) return { code: 0, message: '', data: undefined as T };
  try {
    return (await res.json()) as ApiEnvelope<T>;
  } catch {
    const message = '服务器返回的数据无法解析';
    if (!opts.quiet) showHttpError(message);
    throw new HttpError(res.status, message, !opts.quiet);
  }
}

export const http = {
  get: <T>(path: string, params?: QueryParams, opts?: Omit<RequestOptions, 'params'>) => request<T>('GET', path, { ...opts, params }),
  post: <T>(path: string, body?: unknown, opts?: Omit<RequestOptions, 'body'>) => request<T>('POST', path, { ...opts, body }),
  put: <T>(path: string, body?: unknown, opts?: Omit<RequestOptions, 'body'>) => request<T>('PUT', path, { ...opts, body }),
  delete: <T>(path: string, body?: unknown, opts?: Omit<RequestOptions, 'body'>) => request<T>('DELETE', path, { ...opts, body }),
};

/** The data of a successful envelope; a business refusal (code ≠ 0) becomes a BusinessError. */
export function unwrap<T>(env: ApiEnvelope<T>): T {
  if (env.code !== 0) throw new BusinessError(env.code, env.message || '操作失败');
  return env.data;
}

/** Message of any error thrown by the client, for callers that show it themselves. */
export function errorMessage(err: unknown, fallback = '操作失败'): string {
  return err instanceof Error && err.message ? err.message : fallback;
}
