/**
 * The demo administrator signs in with two factors, as 等保 level 3 asks of administrators: role `admin` requires
 * them, and `admin` is enrolled with this FIXED secret (printed in the README, so anyone may add it to an
 * authenticator app; tests, e2e and the bench compute the code from it). A published secret, like the published
 * password: demo data never goes to production (config.ts refuses it).
 */
export const DEMO_ADMIN_TOTP_SECRET = 'ASSOCOADEMOADMINTOTPSECRETKEY234';
export const DEMO_TWO_FACTOR_ROLES = ['admin'];
/** the demo accounts enrolled with their secret */
export const DEMO_TOTP_SECRETS: Readonly<Record<string, string>> = { admin: DEMO_ADMIN_TOTP_SECRET };
