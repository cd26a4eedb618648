import { createHash, randomBytes } from 'node:crypto';
import path from 'node:path';
import Database from 'better-sqlite3';
import type { Page } from '@playwright/test';
import { e2eDataDir } from './e2e-env';

const IMAGE = `data:image/svg+xml;base64,${Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="120" height="40"><rect width="120" height="40" fill="#f0f5ff"/><text x="60" y="27" font-size="20" text-anchor="middle" fill="#1677ff">abcd</text></svg>').toString('base64')}`;

/**
 * Image captchas whose answer is known: each getCaptcha answer the page receives is replaced by a
 * captcha planted in the e2e server's database with the answer 'abcd' (the real image is random).
 */
export async function useKnownCaptcha(page: Page, server: 'main' | 'lockout' = 'main'): Promise<void> {
  await page.route('**/api/base/system/captcha/getCaptcha', async (route) => {
    const real = await route.fetch();
    const body = (await real.json()) as { code: number; data: { required: boolean } };
    const key = randomBytes(16).toString('hex');
    const db = new Database(path.join(e2eDataDir(server), 'oa.db'), { fileMustExist: true });
    try {
      db.pragma('busy_timeout = 5000');
      db.prepare("INSERT INTO sys_captcha (captcha_key, answer_hash, expires_at, used) VALUES (?, ?, ?, 'N')").run(
        key,
        createHash('sha256').update('abcd').digest('hex'),
        new Date(Date.now() + 5 * 60_000).toISOString(),
      );
    } finally {
      db.close();
    }
    await route.fulfill({ json: { ...body, data: { ...body.data, captchaKey: key, image: IMAGE } } });
  });
}

/** A seeded user's mobile number, read from the e2e server's database. */
export function mobileOf(userCode: string, server: 'main' | 'lockout' = 'main'): string {
  const db = new Database(path.join(e2eDataDir(server), 'oa.db'), { readonly: true, fileMustExist: true });
  try {
    return (db.prepare('SELECT mobile FROM sys_user WHERE user_code = ?').get(userCode) as { mobile: string }).mobile;
  } finally {
    db.close();
  }
}
