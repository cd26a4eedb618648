/**
 * The demo administrators sign in with two factors, as 等保 level 3 asks of administrators: the three administrator
 * roles require them, and `admin`, `secadmin` and `auditor` are enrolled with FIXED secrets (printed in the README, so
 * anyone may add them to an authenticator app; tests, e2e and the bench compute the codes from them). A published secret, like the published
 * password: demo data never goes to production (config.ts refuses it).
 */
export const DEMO_ADMIN_TOTP_SECRET = 'ASSOCOADEMOADMINTOTPSECRETKEY234';
export const DEMO_TWO_FACTOR_ROLES = ['admin', 'secadmin', 'auditadmin'];
/** the demo accounts enrolled with their secret */
export const DEMO_TOTP_SECRETS: Readonly<Record<string, string>> = {
  admin: DEMO_ADMIN_TOTP_SECRET,
  secadmin: 'ASSOCOADEMOSECADMINTOTPSECRETKEY',
  auditor: 'ASSOCOADEMOAUDITORTOTPSECRETKEY2',
};
