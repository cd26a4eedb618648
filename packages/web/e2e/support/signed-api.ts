import type { APIRequestContext, Page } from '@playwright/test';
import { TOKEN_KEY } from '@oa/shared/constants';
import { signRequest } from '@oa/shared/crypto/signature';

/**
 * The headers the web client sends with an API call (`path` relative to the base URL, e.g. 'api/auth/…'):
 * the token the page holds (or `token`) and the request signature of spec §7, made by the one signing helper.
 */
export async function signedHeaders(
  page: Page,
  path: string,
  request: APIRequestContext = page.request,
  token: string | null = null,
): Promise<Record<string, string>> {
  token ??= await page.evaluate((key) => window.localStorage.getItem(key), TOKEN_KEY);
  const cfg = (await (await request.get('api/base/system/clientConfig')).json()).data as { appId: string; secret: string };
  const ts = String(Date.now());
  return {
    authorization: `Bearer ${token}`,
    'auth-appid': cfg.appId,
    'auth-timestamp': ts,
    'auth-signature': await signRequest(cfg.secret, `/oa/${path.split('?')[0]}`, ts, cfg.appId),
    'auth-source': 'web',
    'auth-device': 'pc',
  };
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each spec reads the fields of its own answer
export type Answer = { code: number; message: string; data: any };

/** A signed API call with the token the page holds (like the web client); the answer's envelope. */
export async function api(page: Page, method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown): Promise<Answer> {
  const headers = await signedHeaders(page, path);
  const res = await page.request.fetch(path, { method, headers, ...(body ? { data: body } : {}) });
  return (await res.json()) as Answer;
}
