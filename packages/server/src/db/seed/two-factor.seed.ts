import { DEMO_TOTP_SECRETS, DEMO_TWO_FACTOR_ROLES } from '@oa/shared/access/demo-two-factor';
import type { Db } from '../database';
import type { FieldKeyring } from '../../lib/field-cipher';
import { sealSecret } from '../../core/identity/secret-box';

/** The demo's two factors (`@oa/shared/access/demo-two-factor`): the roles that require them, the enrolled administrators. */
export async function seedDemoTwoFactor(trx: Db, fieldKeys: FieldKeyring, at: string): Promise<void> {
  await trx
    .insertInto('sys_two_factor_role')
    .values(DEMO_TWO_FACTOR_ROLES.map((role_code) => ({ role_code, required: 'Y', updated_at: at, updated_by: null })))
    .execute();
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
