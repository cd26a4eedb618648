import { createHmac } from 'node:crypto';

/**
 * The group robots' signatures.
 * DingTalk (加签): sign = Base64(HmacSHA256(key = secret, message = `${timestamp}\n${secret}`)), timestamp in ms,
 * both sent URL-encoded in the query (`&timestamp=…&sign=…`).
 * Feishu (签名校验): sign = Base64(HmacSHA256(key = `${timestamp}\n${secret}`, message = '')), timestamp in
 * seconds, both sent in the JSON body. WeCom's group robot has no signature (the key is in its URL).
 */
export const dingtalkSign = (secret: string, timestampMs: number): string =>
  createHmac('sha256', secret).update(`${timestampMs}\n${secret}`).digest('base64');

export const feishuSign = (secret: string, timestampS: number): string =>
  createHmac('sha256', `${timestampS}\n${secret}`).update('').digest('base64');

/** The DingTalk robot's URL with its signature (unsigned when there is no secret). */
export function signedDingtalkUrl(url: string, secret: string | null, now = Date.now()): string {
  if (!secret) return url;
  const u = new URL(url);
  u.searchParams.set('timestamp', String(now));
  u.searchParams.set('sign', dingtalkSign(secret, now));
  return u.toString();
}
