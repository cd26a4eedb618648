import path from 'node:path';
import { backupKeyOf } from './core/backup/backup-crypto';
import { notifyConfigOf, type NotifyConfig } from './core/notify/notify-config';
import { ssoConfigOf, type SsoConfig } from './core/identity/sso-config';
import { directoryConfigOf, type DirectoryConfig } from './core/identity/directory-config';
import { DEFAULT_READERS, DEFAULT_STATEMENT_TIMEOUT_MS } from './db/sqlite-readers';

export type LoginCaptchaPolicy = 'always' | 'after-failures' | 'off';
export type SignatureMode = 'enforce' | 'log' | 'off';

export interface AppConfig {
  /** NODE_ENV=production: development defaults are refused (see productionProblems) */
  production: boolean;
  /** OpenAPI UI at /oa/api-docs (OA_API_DOCS=on|off; on in development, off in production) */
  apiDocs: boolean;
  host: string;
  port: number;
  dataDir: string;
  /** undefined → embedded SQLite at `${dataDir}/oa.db`; ':memory:' for tests */
  databaseUrl: string | undefined;
  sqliteFile: string;
  /** SQLite reader threads (OA_DB_READERS, default 2): reads off the event loop */
  dbReaders: number;
  /** every statement's time budget in ms (OA_DB_STATEMENT_TIMEOUT_MS, default 10000; 0: none): past it, HTTP 503 */
  statementTimeoutMs: number;
  redisUrl: string | undefined;
  /**
   * Which proxies may set X-Forwarded-For (OA_TRUST_PROXY): false (default: the client address is the
   * socket's), a hop count, or a list of proxy addresses / CIDRs.
   */
  trustProxy: false | number | string[];
  signature: SignatureMode;
  signAppId: string;
  signSecret: string;
  jwtSecret: string | undefined;
  /** OA_DATA_KEYS: SM4 data keys for sensitive fields, `id:hex,id:hex` newest first; absent → generated in dataDir */
  dataKeys?: string;
  /** the audit's retention (OA_AUDIT_RETENTION_DAYS, ≥ 180) and the SM2 private key that signs its archives (OA_AUDIT_SIGNING_KEY, hex; absent → generated in dataDir) */
  audit: { retentionDays: number; signingKey?: string };
  loginCaptcha: LoginCaptchaPolicy;
  idleTimeoutMin: number;
  absoluteTimeoutH: number;
  passwordMaxAgeDays: number;
  uploadMaxBytes: number;
  /** login attempts per IP per minute */
  loginRatePerMin: number;
  /** failed logins from one address (15 min) before everyone behind it gets a captcha; an account's own threshold is 3 */
  loginIpCaptchaAfter: number;
  /** SMS codes the whole server sends per day (OA_SMS_DAILY_BUDGET): a cap on what abuse can cost */
  smsDailyBudget: number;
  ssoSecret: string | undefined;
  /** SMS codes as a second factor (OA_TWO_FACTOR_SMS=on|off; on when the SMS gateway is set, and in development) */
  twoFactorSms: boolean;
  reportIrptUrl: string | undefined;
  reportAbiUrl: string | undefined;
  siteTitle: string;
  /** the association's name (OA_ORG_NAME): red-header documents, the 等保 self-check report */
  orgName: string;
  /** the certificate that signs issued documents (PAdES): OA_SIGN_P12 (a path or base64) and OA_SIGN_P12_PASSWORD; absent → a test certificate generated in dataDir */
  pdfSigning: { p12?: string; password: string };
  supportPhone: string;
  portalUrl: string;
  memberUrl: string;
  mandatoryUrl: string;
  robotUserCode: string;
  seedDemo: boolean;
  logLevel: string;
  version: string;
  /** backups (OA_BACKUP_*): where archives go, the daily time of the scheduled one, what retention keeps */
  backup: BackupSettings;
  /** Prometheus metrics: OA_METRICS_TOKEN (bearer on /metrics of the app's port), OA_METRICS_LISTEN (host:port, no token) */
  metricsToken: string | undefined;
  metricsListen: string | undefined;
  webDist: string;
  /** messages that leave the system (core/notify/notify-config.ts) */
  notify: NotifyConfig;
  /** single sign-on, OpenID Connect or CAS (core/identity/sso-config.ts); null: off */
  sso: SsoConfig;
  /** LDAP / Active Directory login and sync (OA_LDAP_*); null: not configured */
  directory: DirectoryConfig | null;
}

export interface BackupSettings {
  dir: string;
  /** 'HH:MM' China time, daily; undefined: no scheduled backups */
  schedule: string | undefined;
  /** retention of scheduled backups: the newest of each of the last `daily` days, `weekly` weeks, `monthly` months */
  keep: { daily: number; weekly: number; monthly: number };
  /** OA_BACKUP_BEFORE_UPGRADE=on: a backup before pending migrations run */
  beforeUpgrade: boolean;
  /** OA_BACKUP_KEY: archives are encrypted (AES-256-GCM) with it, and restoring one needs it */
  key: Buffer | undefined;
}

/** OA_BACKUP_KEEP='7,4,12' → 7 daily, 4 weekly, 12 monthly (the default). */
export function backupKeepOf(raw: string | undefined): BackupSettings['keep'] {
  const [daily, weekly, monthly] = (raw ?? '').split(',').map((v) => (v.trim() === '' ? undefined : Number(v.trim())));
  const n = (v: number | undefined, d: number) => (v !== undefined && Number.isInteger(v) && v >= 0 ? v : d); // unset: the default
  return { daily: n(daily, 7), weekly: n(weekly, 4), monthly: n(monthly, 12) };
}

const DEV_SIGN_SECRET = 'oa-dev-sign-secret';

const oneOf = <T extends string>(value: string | undefined, allowed: readonly T[], fallback: T): T =>
  value && (allowed as readonly string[]).includes(value) ? (value as T) : fallback;

const int = (value: string | undefined, fallback: number): number => {
  const n = Number(value);
  return Number.isFinite(n) && n > 0 ? n : fallback;
};

/** '' / unset / 'off' → false; '1' → one hop; '10.0.0.1,10.0.0.0/8' → those proxies. 'true' is refused: it trusts any sender. */
export function trustProxyOf(raw: string | undefined): false | number | string[] {
  const v = (raw ?? '').trim();
  if (!v || v === 'off' || v === 'false') return false;
  if (/^\d+$/.test(v)) return Number(v) > 0 ? Number(v) : false;
  if (v === 'true') throw new Error('OA_TRUST_PROXY=true 会信任任意客户端伪造的 X-Forwarded-For：请填写代理地址（逗号分隔）或跳数');
  return v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

/** GB/T 22239-2019 8.1.4.3 c): audit records are kept at least six months (网络安全法 第二十一条). */
function auditRetention(v: string | undefined): number {
  const days = int(v, 180);
  if (!(days >= 180)) throw new Error(`OA_AUDIT_RETENTION_DAYS=${v} 不合规：审计记录至少保留 180 天`);
  return days;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<AppConfig> = {}): AppConfig {
  const dataDir = path.resolve(env.OA_DATA_DIR ?? 'data');
  const production = env.NODE_ENV === 'production';
  const base: AppConfig = {
    production,
    apiDocs: env.OA_API_DOCS ? env.OA_API_DOCS === 'on' : !production,
    host: env.HOST ?? '127.0.0.1',
    port: int(env.PORT, 8080),
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    sqliteFile: path.join(dataDir, 'oa.db'),
    dbReaders: Math.min(16, int(env.OA_DB_READERS, DEFAULT_READERS)),
    statementTimeoutMs: env.OA_DB_STATEMENT_TIMEOUT_MS === '0' ? 0 : int(env.OA_DB_STATEMENT_TIMEOUT_MS, DEFAULT_STATEMENT_TIMEOUT_MS),
    redisUrl: env.REDIS_URL || undefined,
    trustProxy: trustProxyOf(env.OA_TRUST_PROXY),
    signature: oneOf(env.OA_SIGNATURE, ['enforce', 'log', 'off'] as const, 'enforce'),
    signAppId: env.OA_SIGN_APPID ?? 'oa-web',
    signSecret: env.OA_SIGN_SECRET ?? DEV_SIGN_SECRET,
    jwtSecret: env.OA_JWT_SECRET || undefined,
    dataKeys: env.OA_DATA_KEYS || undefined,
    audit: { retentionDays: auditRetention(env.OA_AUDIT_RETENTION_DAYS), signingKey: env.OA_AUDIT_SIGNING_KEY || undefined },
    loginCaptcha: oneOf(env.OA_LOGIN_CAPTCHA, ['always', 'after-failures', 'off'] as const, 'after-failures'),
    idleTimeoutMin: int(env.OA_IDLE_TIMEOUT_MIN, 30),
    absoluteTimeoutH: int(env.OA_ABSOLUTE_TIMEOUT_H, 12),
    passwordMaxAgeDays: int(env.OA_PASSWORD_MAX_AGE_DAYS, 90),
    uploadMaxBytes: int(env.OA_UPLOAD_MAX_BYTES, 50 * 1024 * 1024),
    loginRatePerMin: int(env.OA_LOGIN_RATE_PER_MIN, 30),
    loginIpCaptchaAfter: int(env.OA_LOGIN_IP_CAPTCHA_AFTER, 20),
    smsDailyBudget: int(env.OA_SMS_DAILY_BUDGET, 500),
    ssoSecret: env.OA_SSO_SECRET || undefined,
    twoFactorSms: env.OA_TWO_FACTOR_SMS ? env.OA_TWO_FACTOR_SMS === 'on' : !!env.OA_SMS_HTTP_URL || !production,
    reportIrptUrl: env.OA_REPORT_IRPT_URL || undefined,
    reportAbiUrl: env.OA_REPORT_ABI_URL || undefined,
    siteTitle: env.OA_SITE_TITLE ?? '协会办公平台',
    orgName: env.OA_ORG_NAME ?? '中国行业协会',
    pdfSigning: { p12: env.OA_SIGN_P12 || undefined, password: env.OA_SIGN_P12_PASSWORD ?? '' },
    supportPhone: env.OA_SUPPORT_PHONE ?? '010-68510000',
    portalUrl: env.OA_PORTAL_URL ?? '',
    memberUrl: env.OA_MEMBER_URL ?? '',
    mandatoryUrl: env.OA_MANDATORY_URL ?? '',
    robotUserCode: env.OA_ROBOT_USER_CODE ?? 'robot',
    // demo data (accounts with a published password) only when asked for in production
    seedDemo: production ? env.OA_SEED_DEMO === 'on' : env.OA_SEED_DEMO !== 'off',
    logLevel: env.LOG_LEVEL ?? 'info',
    version: env.npm_package_version ?? '0.1.0',
    backup: {
      dir: path.resolve(env.OA_BACKUP_DIR ?? path.join(dataDir, 'backups')),
      schedule: /^([01]\d|2[0-3]):[0-5]\d$/.test(env.OA_BACKUP_SCHEDULE ?? '') ? env.OA_BACKUP_SCHEDULE : undefined,
      keep: backupKeepOf(env.OA_BACKUP_KEEP),
      beforeUpgrade: env.OA_BACKUP_BEFORE_UPGRADE === 'on',
      key: backupKeyOf(env.OA_BACKUP_KEY),
    },
    metricsToken: env.OA_METRICS_TOKEN || undefined,
    metricsListen: env.OA_METRICS_LISTEN || undefined,
    webDist: path.resolve(env.OA_WEB_DIST ?? path.join(import.meta.dirname, '../../web/dist')),
    notify: notifyConfigOf(env, int(env.PORT, 8080)),
    sso: ssoConfigOf(env),
    directory: directoryConfigOf(env),
  };
  return { ...base, ...overrides };
}

/**
 * What keeps a production server (NODE_ENV=production) from starting: development defaults that anyone
 * reading the source knows. Development (`npm start`) and CI (NODE_ENV unset or 'test') are not affected.
 */
export function productionProblems(config: AppConfig): string[] {
  if (!config.production) return [];
  const out: string[] = [];
  if (config.signSecret === DEV_SIGN_SECRET || config.signSecret.length < 16)
    out.push('OA_SIGN_SECRET 未设置或过短（至少 16 个字符），不能使用开发默认值');
  if (config.jwtSecret !== undefined && config.jwtSecret.length < 32)
    out.push('OA_JWT_SECRET 过短（至少 32 个字符；不设置则自动生成并保存在数据库中）');
  if (config.seedDemo) out.push('生产环境不能写入演示数据（演示账号的密码是公开的）：请去掉 OA_SEED_DEMO=on');
  if (config.signature !== 'enforce') out.push('生产环境请求签名须为 enforce（OA_SIGNATURE）');
  return out;
}
