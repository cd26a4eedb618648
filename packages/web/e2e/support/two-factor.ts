import { expect, type Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';

/** The code an authenticator app shows for `secret` at `at` (RFC 6238: SHA-1, 6 digits, 30 s). */
export const totpAt = (secret: string, at = Date.now()): string =>
  new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate({ timestamp: at });

const PERIOD = 30_000;

/**
 * Types the login's second step as a person with the app would. The server takes a code once (no replay) and
 * accepts one step of clock drift, and the whole suite shares one server: when this step's code was used by an
 * earlier login, the next step's is typed; when that too was used, it waits for the next step.
 */
export async function typeSecondStep(page: Page, secret: string): Promise<void> {
  const form = page.getByTestId('second-step');
  await expect(form, 'the login asks for the second step').toBeVisible({ timeout: 45_000 });
  for (let round = 0; round < 3; round++) {
    for (const ahead of [0, PERIOD]) {
      const answer = page.waitForResponse((r) => /\/api\/base\/login\/secondStep$/.test(new URL(r.url()).pathname));
      await form.getByRole('textbox', { name: '动态口令', exact: true }).fill(totpAt(secret, Date.now() + ahead));
      await form.getByRole('button', { name: /验\s*证/ }).click();
      const body = (await (await answer).json()) as { code: number; message: string };
      if (body.code === 0) return;
      if (!body.message.includes('已使用')) throw new Error(`second step refused: ${body.message}`);
    }
    await page.waitForTimeout(PERIOD - (Date.now() % PERIOD) + 500);
  }
  throw new Error('second step: every code was already used');
}
