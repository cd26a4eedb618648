/**
 * The demo administrators sign in with two factors, as 等保 level 3 asks of administrators: the three administrator
 * roles require them on every installation (the structure seed), and `admin`, `secadmin` and `auditor` are enrolled with these FIXED authenticator secrets
 * (printed in the README, so anyone may add them to an authenticator app; the demo seed enrols them, and the tests,
 * e2e and the bench compute the codes from them). Published secrets, like the published demo password: demo data
 * never goes to production (config.ts refuses it).
 */
export const DEMO_TOTP_SECRETS: Readonly<Record<string, string>> = {
  admin: 'ASSOCOADEMOADMINTOTPSECRETKEY234',
  secadmin: 'ASSOCOADEMOSECADMINTOTPSECRETKEY',
  auditor: 'ASSOCOADEMOAUDITORTOTPSECRETKEY2',
};
