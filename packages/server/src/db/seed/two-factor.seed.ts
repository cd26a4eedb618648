import type { AppContext } from '../../core/context';
import { sealSecret } from '../../core/identity/secret-box';
import { nowIso } from '../../lib/time';
import { DEMO_TOTP_SECRETS, DEMO_TWO_FACTOR_ROLES } from './two-factor.data';

/** The demo's two factors (two-factor.data.ts). Runs after seedDemo (the secret is sealed with the server's key, which the seed's rows cannot know). */
export async function seedDemoTwoFactor(ctx: Pick<AppContext, 'db' | 'config'>): Promise<void> {
  const at = nowIso();
  await ctx.db
    .insertInto('sys_two_factor_role')
    .values(DEMO_TWO_FACTOR_ROLES.map((role_code) => ({ role_code, required: 'Y', updated_at: at, updated_by: null })))
    .execute();
  const rows = [];
  for (const [user_code, secret] of Object.entries(DEMO_TOTP_SECRETS))
    rows.push({
      user_code,
      secret_sealed: await sealSecret(ctx, secret),
      pending_sealed: null,
      pending_at: null,
      last_step: null,
      enrolled_at: at,
      updated_at: at,
    });
  await ctx.db.insertInto('sys_two_factor').values(rows).execute();
}
