import { decodeJwt } from 'jose';
import { ErrorCode } from '@oa/shared/contract/envelope';
import type { LoginChallenge } from '@oa/shared/contract/two-factor';
import type { Db } from '../src/db/database';
import { totpCode } from '../src/core/identity/totp';
import { DEMO_TOTP_SECRETS } from '@oa/shared/access/demo-two-factor';

type Call = (
  method: 'POST',
  url: string,
  opts: { body: unknown },
) => Promise<{ body: { code: number; message: string; data: { token: string } } }>;

/** The code an authenticator app shows now for a demo account enrolled by the seed (`@oa/shared/access/demo-two-factor`). */
export function demoTotpCode(userCode: string): string {
  const secret = DEMO_TOTP_SECRETS[userCode];
  if (!secret) throw new Error(`${userCode} has no demo authenticator secret`);
  return totpCode(secret);
}

/**
 * The second step of a test login (createTestApp's `login`), for the demo accounts the seed enrolled. A test
 * logs in many times within one 30-second step, and a code is accepted once per step (no replay): each test login
 * stands for a later step, so the kit forgets the account's last accepted step first. Replay itself is tested
 * through the route (features/two-factor/two-factor.test.ts), never through this kit.
 */
export async function passSecondStep(db: Db, call: Call, challenge: LoginChallenge): Promise<string> {
  const userCode = decodeJwt(challenge.challenge).sub!;
  if (challenge.enrol) throw new Error(`${userCode} must enrol an authenticator first`);
  // two test logins of one account at once (two people filing together) meet the replay rule: the later one forgets
  // the step the earlier one took and types again, as the kit stands for a later step anyway
  for (let attempt = 0; ; attempt++) {
    await db.updateTable('sys_two_factor').set({ last_step: null }).where('user_code', '=', userCode).execute();
    const res = await call('POST', '/oa/api/base/login/secondStep', {
      body: { challenge: challenge.challenge, method: 'totp', code: demoTotpCode(userCode) },
    });
    if (res.body.code === ErrorCode.OK) return res.body.data.token;
    if (attempt >= 4 || !res.body.message.includes('已使用')) throw new Error(`second step of ${userCode} failed: ${res.body.message}`);
  }
}
