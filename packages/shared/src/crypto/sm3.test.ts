import { describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { hashPassword } from './sm3';
import { signRequest } from './signature';
import { createHmac } from 'node:crypto';

describe('sm3 double hash', () => {
  it('matches Node crypto sm3 applied twice', () => {
    const once = createHash('sm3').update('Oa@123456').digest('hex');
    const twice = createHash('sm3').update(once).digest('hex');
    expect(hashPassword('Oa@123456')).toBe(twice);
    expect(hashPassword('Oa@123456')).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe('request signature', () => {
  it('is base64 HMAC-SHA256 of path|timestamp|appid', async () => {
    const expected = createHmac('sha256', 's3cret').update('/oa/api/x|1700000000000|app').digest('base64');
    expect(await signRequest('s3cret', '/oa/api/x', 1700000000000, 'app')).toBe(expected);
  });
});
