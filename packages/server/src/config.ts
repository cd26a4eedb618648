import path from 'node:path';

export type LoginCaptchaPolicy = 'always' | 'after-failures' | 'off';
export type SignatureMode = 'enforce' | 'log' | 'off';

export interface AppConfig {
  host: string;
  port: number;
  dataDir: string;
  /** undefined → embedded SQLite at `${dataDir}/oa.db`; ':memory:' for tests */
  databaseUrl: string | undefined;
  sqliteFile: string;
  redisUrl: string | undefined;
  signature: SignatureMode;
  signAppId: string;
  signSecret: string;
  jwtSecret: string | undefined;
  loginCaptcha: LoginCaptchaPolicy;
  idleTimeoutMin: number;
  absoluteTimeoutH: number;
  passwordMaxAgeDays: number;
  uploadMaxBytes: number;
  /** login attempts per IP per minute */
  loginRatePerMin: number;
  ssoSecret: string | undefined;
  reportIrptUrl: string | undefined;
  reportAbiUrl: string | undefined;
  siteTitle: string;
  supportPhone: string;
  portalUrl: string;
  memberUrl: string;
  mandatoryUrl: string;
  robotUserCode: string;
  seedDemo: boolean;
  logLevel: string;
  version: string;
  webDist: string;
}

const oneOf = <T extends string>(value: string | undefined, allowed: readonly T[], fallback: T): T =>
  value && (allowed as readonly string[]).includes(value) ? (value as T) : fallback;

const int = (value: string | undefined, fallback: number): number => {
  const n = Number(value);
  return Number.isFinite(n) && n > 0 ? n : fallback;
};

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<AppConfig> = {}): AppConfig {
  const dataDir = path.resolve(env.OA_DATA_DIR ?? 'data');
  const base: AppConfig = {
    host: env.HOST ?? '127.0.0.1',
    port: int(env.PORT, 8080),
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    sqliteFile: path.join(dataDir, 'oa.db'),
    redisUrl: env.REDIS_URL || undefined,
    signature: oneOf(env.OA_SIGNATURE, ['enforce', 'log', 'off'] as const, 'enforce'),
    signAppId: env.OA_SIGN_APPID ?? 'oa-web',
    signSecret: env.OA_SIGN_SECRET ?? 'oa-dev-sign-secret',
    jwtSecret: env.OA_JWT_SECRET || undefined,
    loginCaptcha: oneOf(env.OA_LOGIN_CAPTCHA, ['always', 'after-failures', 'off'] as const, 'after-failures'),
    idleTimeoutMin: int(env.OA_IDLE_TIMEOUT_MIN, 30),
    absoluteTimeoutH: int(env.OA_ABSOLUTE_TIMEOUT_H, 12),
    passwordMaxAgeDays: int(env.OA_PASSWORD_MAX_AGE_DAYS, 90),
    uploadMaxBytes: int(env.OA_UPLOAD_MAX_BYTES, 50 * 1024 * 1024),
    loginRatePerMin: int(env.OA_LOGIN_RATE_PER_MIN, 30),
    ssoSecret: env.OA_SSO_SECRET || undefined,
    reportIrptUrl: env.OA_REPORT_IRPT_URL || undefined,
    reportAbiUrl: env.OA_REPORT_ABI_URL || undefined,
    siteTitle: env.OA_SITE_TITLE ?? '协会办公平台',
    supportPhone: env.OA_SUPPORT_PHONE ?? '010-68510000',
    portalUrl: env.OA_PORTAL_URL ?? '',
    memberUrl: env.OA_MEMBER_URL ?? '',
    mandatoryUrl: env.OA_MANDATORY_URL ?? '',
    robotUserCode: env.OA_ROBOT_USER_CODE ?? 'robot',
    seedDemo: env.OA_SEED_DEMO !== 'off',
    logLevel: env.LOG_LEVEL ?? 'info',
    version: env.npm_package_version ?? '0.1.0',
    webDist: path.resolve(env.OA_WEB_DIST ?? path.join(import.meta.dirname, '../../web/dist')),
  };
  return { ...base, ...overrides };
}
