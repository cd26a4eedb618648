/**
 * Single sign-on settings (docs/configuration.md「单点登录」), from the environment only. With none of them set SSO is off: the login
 * page shows no button and the SSO routes refuse. One protocol at a time: OpenID Connect when OA_OIDC_ISSUER is set,
 * else CAS when OA_CAS_URL is set.
 */
export type SsoMatchField = 'user_code' | 'email' | 'mobile';

interface SsoCommon {
  /** the login page's button (OA_SSO_BUTTON_LABEL) */
  buttonLabel: string;
  /** the claim (OIDC) or attribute (CAS) compared with an account; null (CAS): the CAS user name */
  matchClaim: string | null;
  /** the account field it is compared with (OA_SSO_MATCH_FIELD; by default from the claim's name) */
  matchField: SsoMatchField;
  /** OA_SSO_AUTO_CREATE=on: a first sign-in without an account creates one (ordinary staff) */
  autoCreate: boolean;
  /** claim/attribute holding the new account's department code (OA_SSO_DEPT_CLAIM), else OA_SSO_DEFAULT_DEPT */
  deptClaim: string | null;
  defaultDept: string | null;
  /** claim/attribute holding the new account's name (OA_SSO_NAME_CLAIM, default name) */
  nameClaim: string;
}

export interface OidcSettings extends SsoCommon {
  protocol: 'oidc';
  issuer: string;
  clientId: string;
  /** absent: a public client (PKCE only, token_endpoint_auth_method none) */
  clientSecret: string | null;
  scopes: string;
}

export interface CasSettings extends SsoCommon {
  protocol: 'cas';
  /** the CAS server's base, e.g. https://cas.example.org/cas (…/login, …/serviceValidate are below it) */
  baseUrl: string;
  version: '2.0' | '3.0';
}

export type SsoConfig = OidcSettings | CasSettings | null;

const v = (env: NodeJS.ProcessEnv, k: string): string | null => env[k]?.trim() || null;

function matchFieldOf(raw: string | null, claim: string | null): SsoMatchField {
  if (raw === 'user_code' || raw === 'email' || raw === 'mobile') return raw;
  if (raw) throw new Error(`OA_SSO_MATCH_FIELD 只能是 user_code、email 或 mobile（当前为 ${raw}）`);
  if (claim === 'email' || claim === 'mail') return 'email';
  if (claim === 'phone_number' || claim === 'mobile') return 'mobile';
  return 'user_code';
}

/** http only to a loopback address (a provider on the same host, tests); anything else must be https. */
function checkedUrl(raw: string, name: string): string {
  let u: URL;
  try {
    u = new URL(raw);
  } catch {
    throw new Error(`${name} 不是有效的网址：${raw}`);
  }
  const loopback = u.hostname === '127.0.0.1' || u.hostname === 'localhost' || u.hostname === '[::1]';
  if (u.protocol !== 'https:' && !(u.protocol === 'http:' && loopback))
    throw new Error(`${name} 须为 https 地址（本机回环地址除外）：${raw}`);
  return raw.replace(/\/+$/, '');
}

export function ssoConfigOf(env: NodeJS.ProcessEnv): SsoConfig {
  const issuer = v(env, 'OA_OIDC_ISSUER');
  const casUrl = v(env, 'OA_CAS_URL');
  if (!issuer && !casUrl) return null;
  const common = (matchClaim: string | null): SsoCommon => ({
    buttonLabel: v(env, 'OA_SSO_BUTTON_LABEL') ?? '使用统一身份认证登录',
    matchClaim,
    matchField: matchFieldOf(v(env, 'OA_SSO_MATCH_FIELD'), matchClaim),
    autoCreate: env.OA_SSO_AUTO_CREATE === 'on',
    deptClaim: v(env, 'OA_SSO_DEPT_CLAIM'),
    defaultDept: v(env, 'OA_SSO_DEFAULT_DEPT'),
    nameClaim: v(env, 'OA_SSO_NAME_CLAIM') ?? 'name',
  });
  if (issuer) {
    const clientId = v(env, 'OA_OIDC_CLIENT_ID');
    if (!clientId) throw new Error('已设置 OA_OIDC_ISSUER，但缺少 OA_OIDC_CLIENT_ID');
    return {
      protocol: 'oidc',
      ...common(v(env, 'OA_OIDC_MATCH_CLAIM') ?? 'preferred_username'),
      issuer: checkedUrl(issuer, 'OA_OIDC_ISSUER'),
      clientId,
      clientSecret: v(env, 'OA_OIDC_CLIENT_SECRET'),
      scopes: v(env, 'OA_OIDC_SCOPES') ?? 'openid profile email phone',
    };
  }
  const version = v(env, 'OA_CAS_VERSION') ?? '3.0';
  if (version !== '2.0' && version !== '3.0') throw new Error(`OA_CAS_VERSION 只能是 2.0 或 3.0（当前为 ${version}）`);
  return {
    protocol: 'cas',
    ...common(v(env, 'OA_CAS_MATCH_ATTRIBUTE')),
    baseUrl: checkedUrl(casUrl!, 'OA_CAS_URL'),
    version,
  };
}
