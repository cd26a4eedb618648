import { DEMO_TOTP_SECRETS } from '@oa/shared/access/demo-two-factor';
import { ADMIN_ROLES } from '@oa/shared/access/three-admins';
import type { Db } from '../database';
import type { FieldKeyring } from '../../lib/field-cipher';
import { sealSecret } from '../../core/identity/secret-box';

/** Structure: the three administrator roles require two factors (等保 level 3), on every installation. */
export async function seedTwoFactorRoles(trx: Db, at: string): Promise<void> {
  await trx
    .insertInto('sys_two_factor_role')
    .values(ADMIN_ROLES.map((role_code) => ({ role_code, required: 'Y' as const, updated_at: at, updated_by: null })))
    .execute();
}

/** Demo: the demo administrators enrolled with the published authenticator secrets (`@oa/shared/access/demo-two-factor`). */
export async function seedDemoTwoFactor(trx: Db, fieldKeys: FieldKeyring, at: string): Promise<void> {
  await trx
    .insertInto('sys_two_factor')
    .values(
      Object.entries(DEMO_TOTP_SECRETS).map(([user_code, secret]) => ({
        user_code,
        secret_sealed: sealSecret({ fieldKeys }, secret),
        pending_sealed: null,
        pending_at: null,
        last_step: null,
        enrolled_at: at,
        updated_at: at,
      })),
    )
    .execute();
}
