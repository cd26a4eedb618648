/**
 * Request signature of spec §7: base64(HMAC-SHA256(secret, `${pathname}|${timestamp}|${appId}`)).
 * Uses Web Crypto so the same code runs in the browser and in Node 20.
 */
export function signaturePayload(pathname: string, timestamp: string | number, appId: string): string {
  return `${pathname}|${timestamp}|${appId}`;
}

export async function signRequest(secret: string, pathname: string, timestamp: string | number, appId: string): Promise<string> {
  const enc = new TextEncoder();
  const key = await globalThis.crypto.subtle.importKey('raw', enc.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const mac = await globalThis.crypto.subtle.sign('HMAC', key, enc.encode(signaturePayload(pathname, timestamp, appId)));
  const bytes = new Uint8Array(mac);
  let bin = '';
  for (const b of bytes) bin += String.fromCharCode(b);
  return btoa(bin);
}
