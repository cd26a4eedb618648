import { randomBytes } from 'node:crypto';
import { signedHeaders } from './signed-headers';
import type { TestApp } from './harness';

/** Builds a multipart/form-data body for tests (fields first, then the file, like the web client). */
export function multipartBody(file: { name: string; content: Buffer; type?: string; field?: string }, fields: Record<string, string> = {}) {
  const boundary = `----oa${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  }
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'file'}"; filename="${file.name}"\r\nContent-Type: ${file.type ?? 'application/octet-stream'}\r\n\r\n`,
    ),
  );
  parts.push(file.content, Buffer.from(`\r\n--${boundary}--\r\n`));
  return { body: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** A valid 1×1 PNG. */
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** A signed GET answered as raw bytes (downloads, images); `token` adds the bearer header. */
export async function rawGet(t: TestApp, url: string, token?: string) {
  const headers = await signedHeaders(url, token, t.config);
  return t.app.inject({ method: 'GET', url, headers });
}
