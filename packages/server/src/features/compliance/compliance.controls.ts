import { ROLE } from '@oa/shared/constants';
import { MESSAGES } from '@oa/shared/validate/messages';
import { chinaDateTime } from '@oa/shared/format/china-time';
import { ADMIN_ROLES, ADMIN_ROLE_NAMES, RESERVED_FUNCTIONS } from '@oa/shared/access/three-admins';
import { hashPassword } from '@oa/shared/crypto/sm3';
import { DAY, HOUR, MINUTE } from '../../lib/time';
import { LOCK_AFTER, LOCK_MS } from '../../core/identity/login-lock';
import { verifyStoredPassword } from '../../core/identity/password';
import { effectiveRoles, holdersOf, roleHolderCounts } from '../../core/identity/grant-rules.repository';
import { ev, stateOf, type ComplianceControlDef } from '../../core/ports/compliance-port';
import { DEMO_PASSWORD } from '../../db/seed/seed';
import { UNSEALED_SENSITIVE } from '../../db/sealed-columns';
import { fieldProtectionEvidence } from '../../core/crypto/field-protection';
import type { LoginCaptchaPolicy } from '../../config';
import * as repo from './compliance.repository';
import { auditChainEvidence } from '../../core/audit/chain.repository';

/**
 * The registry of the 等保 2.0 level-3 self-check (GB/T 22239-2019, 8.1.4 安全计算环境 and 8.1.10 安全管理中心, the
 * application's share): one entry per control. Adding a control is adding one entry here, or registering it from
 * its own area (`registerComplianceControl`, core/ports/compliance-port.ts), which also replaces an entry by id.
 */

const ago = (now: string, ms: number) => new Date(Date.parse(now) - ms).toISOString();
const yes = (b: boolean) => (b ? '是' : '否');

/** The demo seed's administrators and the accounts the README names, checked against its password. */
const DEMO_ACCOUNTS = ['admin', 'secadmin', 'auditor', 'leader', 'staff'];
const IDLE_LIMIT_DAYS = 90;
const CAPTCHA: Record<LoginCaptchaPolicy, string> = { always: '每次登录', 'after-failures': '同一账号失败 3 次后', off: '关闭' };
const REVOKE_REASONS: Record<string, string> = {
  logout: '退出登录',
  disabled: '账号停用',
  'admin-reset': '管理员重置密码',
  'password-change': '修改密码',
  'password-reset': '找回密码',
  'signed-out-by-user': '本人下线设备',
  'signed-out-elsewhere': '本人下线其他设备',
  'ended-by-secadmin': '安全管理员强制下线',
};

export const CONTROLS: readonly ComplianceControlDef[] = [
  {
    id: 'identification',
    category: '身份鉴别',
    clause: '8.1.4.1 a)',
    title: '身份标识唯一与口令复杂度',
    requirement: '对登录用户进行身份标识和鉴别，身份标识具有唯一性，鉴别信息具有复杂度要求并定期更换',
    async check({ ctx, now }) {
      const maxAge = ctx.config.passwordMaxAgeDays;
      const n = await repo.accountCounts(ctx.db, ago(now, maxAge * DAY));
      return {
        state: stateOf([maxAge > 0 && maxAge <= 90, n.aged === 0]),
        evidence: [
          ev('账号总数 / 启用', `${n.all} / ${n.enabled}（登录账号为主键，唯一）`),
          ev('口令规则', MESSAGES.passwordRule),
          ev('口令有效期（OA_PASSWORD_MAX_AGE_DAYS）', `${maxAge} 天`),
          ev('口令超期未更换的启用账号', n.aged),
          ev('须在下次登录时修改口令的账号', n.mustChange),
        ],
      };
    },
  },
  {
    id: 'login-lockout',
    category: '身份鉴别',
    clause: '8.1.4.1 b)',
    title: '登录失败处理',
    requirement: '具有登录失败处理功能，采取结束会话、限制非法登录次数和登录连接超时自动退出等措施',
    async check({ ctx, now }) {
      const locked = await repo.lockedNames(ctx.db, now);
      return {
        state: stateOf([LOCK_AFTER <= 5, LOCK_MS >= 10 * MINUTE, ctx.config.loginCaptcha !== 'off']),
        evidence: [
          ev('连续失败锁定', `${LOCK_AFTER} 次失败后锁定 ${LOCK_MS / MINUTE} 分钟`),
          ev('图形验证码（OA_LOGIN_CAPTCHA）', CAPTCHA[ctx.config.loginCaptcha]),
          ev('每地址每分钟登录次数上限（OA_LOGIN_RATE_PER_MIN）', ctx.config.loginRatePerMin),
          ev('当前被锁定的账号名', locked),
        ],
      };
    },
  },
  {
    id: 'session-timeout',
    category: '身份鉴别',
    clause: '8.1.4.1 b)',
    title: '登录连接超时自动退出',
    requirement: '会话空闲或持续超过规定时间后自动退出',
    async check({ ctx, now }) {
      const { idleTimeoutMin: idle, absoluteTimeoutH: abs } = ctx.config;
      const s = await repo.sessionCounts(ctx.db, now, ago(now, abs * HOUR), ago(now, 30 * DAY));
      return {
        state: stateOf([idle > 0 && idle <= 30, abs > 0 && abs <= 24, s.outliving === 0]),
        evidence: [
          ev('空闲超时（OA_IDLE_TIMEOUT_MIN）', `${idle} 分钟`),
          ev('绝对超时（OA_ABSOLUTE_TIMEOUT_H）', `${abs} 小时`),
          ev('当前有效会话', s.active),
          ev('超过绝对时限仍有效的会话', s.outliving),
        ],
      };
    },
  },
  {
    id: 'two-factor',
    category: '身份鉴别',
    clause: '8.1.4.1 d)',
    title: '双因素鉴别',
    requirement: '采用口令、密码技术、生物技术等两种或两种以上组合的鉴别技术对用户进行身份鉴别',
    async check() {
      // the two-factor area registers the real check (features/two-factor/two-factor.compliance.ts)
      return { state: 'fail', evidence: [ev('登录第二因素', '未启用')] };
    },
  },
  {
    id: 'default-accounts',
    category: '访问控制',
    clause: '8.1.4.2 b)',
    title: '默认账户与默认口令',
    requirement: '重命名或删除默认账户，修改默认账户的默认口令',
    async check({ ctx }) {
      const rows = (await repo.accountsByCode(ctx.db, DEMO_ACCOUNTS)).filter((r) => r.status === 'Y');
      const wire = hashPassword(DEMO_PASSWORD);
      const defaults: string[] = [];
      for (const r of rows) if (await verifyStoredPassword(r.password_hash, wire)) defaults.push(r.user_code);
      return {
        state: defaults.length ? 'fail' : rows.length ? 'partial' : 'pass',
        evidence: [
          ev('演示数据（OA_SEED_DEMO）', ctx.config.seedDemo ? '开启' : '关闭'),
          ev('启用的演示账号', rows.map((r) => r.user_code).join('、') || '无'),
          ev('仍使用默认口令的账号', defaults.join('、') || '无'),
        ],
      };
    },
  },
  {
    id: 'stale-accounts',
    category: '访问控制',
    clause: '8.1.4.2 c)',
    title: '多余与过期账户',
    requirement: '及时删除或停用多余的、过期的账户，避免共享账户的存在',
    async check({ ctx, now }) {
      const idle = await repo.idleAccounts(ctx.db, ago(now, IDLE_LIMIT_DAYS * DAY));
      const n = await repo.accountCounts(ctx.db, now);
      return {
        state: idle === 0 ? 'pass' : idle * 10 <= n.enabled ? 'partial' : 'fail',
        evidence: [ev('启用账号', n.enabled), ev(`${IDLE_LIMIT_DAYS} 天内未登录的启用账号`, idle)],
      };
    },
  },
  {
    id: 'least-privilege',
    category: '访问控制',
    clause: '8.1.4.2 d)',
    title: '最小权限',
    requirement: '授予管理用户所需的最小权限，实现管理用户的权限分离',
    async check({ ctx }) {
      const reserved = [...RESERVED_FUNCTIONS.keys()];
      const leaks = (await repo.grantsOf(ctx.db, reserved)).filter((g) => RESERVED_FUNCTIONS.get(g.fun_code) !== g.role_code);
      return {
        state: stateOf([leaks.length === 0]),
        evidence: [
          ev('角色数', await repo.roleCount(ctx.db)),
          ev('授权与审计功能', reserved.join('、')),
          ev('授予了其他角色的授权或审计功能', leaks.map((l) => `${l.role_code}:${l.fun_code}`).join('、') || '无'),
        ],
      };
    },
  },
  {
    id: 'three-admins',
    category: '访问控制',
    clause: '8.1.10.1–8.1.10.3',
    title: '三员分立',
    requirement: '系统管理员、安全管理员、审计管理员分设，互不兼任，且不能为自己授权',
    async check({ ctx }) {
      const holders = await roleHolderCounts(ctx.db, ADMIN_ROLES);
      const all = await holdersOf(ctx.db, ADMIN_ROLES);
      const roles = await effectiveRoles(ctx.db, all);
      const both = [...roles].filter(([, r]) => ADMIN_ROLES.filter((a) => r.has(a)).length > 1).map(([u]) => u);
      const staffed = ADMIN_ROLES.every((r) => (holders.get(r) ?? 0) > 0);
      return {
        state: both.length ? 'fail' : staffed ? 'pass' : 'partial',
        evidence: [
          ...ADMIN_ROLES.map((r) => ev(`${ADMIN_ROLE_NAMES[r]}（${r}）`, `${holders.get(r) ?? 0} 人`)),
          ev('兼任两种管理员的账号', both.join('、') || '无'),
          ev('自我授权', '服务端拒绝（不能给自己授予角色或功能）'),
        ],
      };
    },
  },
  {
    id: 'audit-coverage',
    category: '安全审计',
    clause: '8.1.4.3 a) b)',
    title: '审计覆盖与审计记录',
    requirement: '启用安全审计功能，覆盖到每个用户，对重要的用户行为和重要安全事件进行审计；记录包括日期时间、用户、事件类型、结果',
    async check({ ctx, now }) {
      const a = await repo.auditStats(ctx.db, ago(now, 30 * DAY));
      const kinds = ['login', 'permission.denied', 'role.', 'user.'];
      const seen = kinds.filter((k) => a.actions.some((x) => x.startsWith(k)));
      return {
        state: stateOf([a.recent > 0, seen.length === kinds.length]),
        evidence: [
          ev('审计记录总数', a.total),
          ev('最早记录', a.first ? chinaDateTime(a.first) : '无'),
          ev('近 30 天记录 / 涉及账号', `${a.recent} / ${a.recentUsers}`),
          ev('近 30 天事件类型数', a.actions.length),
          ev(
            '登录、越权、授权、用户管理事件',
            seen.length === kinds.length ? '均有记录' : `缺少：${kinds.filter((k) => !seen.includes(k)).join('、')}`,
          ),
          ev('记录字段', '时间、账号、来源地址、事件、对象、结果、详情'),
        ],
      };
    },
  },
  {
    id: 'audit-protection',
    category: '安全审计',
    clause: '8.1.4.3 c)',
    title: '审计记录保护',
    requirement: '对审计记录进行保护，定期备份，避免受到未预期的删除、修改或覆盖',
    async check({ ctx }) {
      const triggers = await repo.auditTriggers(ctx.db, ctx.dialect);
      const backup = ctx.config.backup;
      const chain = await auditChainEvidence(ctx.db);
      const v = chain.verified;
      return {
        state: stateOf([triggers.length >= 2, !!backup.schedule, !!v?.intact]),
        evidence: [
          ev('禁止修改、删除的数据库触发器', triggers.join('、') || '无'),
          ev('防篡改校验（SM3 哈希链）', `已启用，链头第 ${chain.headSeq} 条`),
          ev('最近一次完整性校验', v ? `${chinaDateTime(v.at)} ${v.intact ? '完整' : '断开'}：${v.message}` : '尚未校验'),
          ev('最近一次密封检查点（HMAC-SM3）', chain.anchoredAt ? chinaDateTime(chain.anchoredAt) : '尚无'),
          ev('保存期限（OA_AUDIT_RETENTION_DAYS）', `${ctx.config.audit.retentionDays} 天，到期转入 SM2 签名归档`),
          ev('已归档', chain.archives ? `${chain.archivedRows} 条，${chain.archives} 个文件` : '无'),
          ev('定时备份（OA_BACKUP_SCHEDULE）', backup.schedule ?? '未配置'),
          ev('备份加密（OA_BACKUP_KEY）', yes(!!backup.key)),
        ],
      };
    },
  },
  {
    id: 'residual-info',
    category: '剩余信息保护',
    clause: '8.1.4.8 a)',
    title: '鉴别信息清除',
    requirement: '保证鉴别信息所在的存储空间被释放或重新分配前得到完全清除',
    async check({ ctx, now }) {
      const s = await repo.sessionCounts(ctx.db, now, ago(now, ctx.config.absoluteTimeoutH * HOUR), ago(now, 30 * DAY));
      const revoked = [...s.revoked].map(([r, n]) => `${REVOKE_REASONS[r] ?? r} ${n}`).join('、');
      return {
        state: stateOf([s.outliving === 0]),
        evidence: [
          ev('退出登录、停用、改密时会话', '立即吊销（服务端会话表）'),
          ev('近 30 天吊销的会话', revoked || '无'),
          ev('超过绝对时限仍有效的会话', s.outliving),
        ],
      };
    },
  },
  {
    id: 'personal-info-masking',
    category: '个人信息保护',
    clause: '8.1.4.11 b)',
    title: '个人信息访问控制与脱敏',
    requirement: '禁止未授权访问和非法使用用户个人信息',
    async check({ ctx }) {
      const n = await repo.accountCounts(ctx.db, '');
      const viewers = await roleHolderCounts(ctx.db, [ROLE.ADDRESS_VIEWER, ROLE.BANK_CARD_VIEWER]);
      const mobiles = viewers.get(ROLE.ADDRESS_VIEWER) ?? 0;
      const cards = viewers.get(ROLE.BANK_CARD_VIEWER) ?? 0;
      return {
        state: stateOf([mobiles * 10 <= n.enabled, cards * 10 <= n.enabled]),
        evidence: [
          ev('通讯录手机号', '默认脱敏显示'),
          ev('可查看完整手机号的账号（角色 013）', mobiles),
          ev('可查看完整银行卡号的账号（角色 014）', cards),
          ev('启用账号', n.enabled),
        ],
      };
    },
  },
  {
    id: 'personal-info-encryption',
    category: '个人信息保护',
    clause: '8.1.4.7 b)',
    title: '重要数据存储保密性',
    requirement: '采用密码技术保证重要数据在存储过程中的保密性（身份证号、银行卡号、手机号、工资）',
    async check({ ctx }) {
      const e = await fieldProtectionEvidence(ctx);
      return {
        state: stateOf([e.keySource === 'env', e.plaintextRemaining === 0, UNSEALED_SENSITIVE.length === 0]),
        evidence: [
          ev('算法', 'SM4-CBC 加密 + HMAC-SM3 完整性校验'),
          ev('密钥来源', e.keySource === 'env' ? '环境变量 OA_DATA_KEYS' : '数据目录中自动生成（仅限开发/演示）'),
          ev('当前密钥 / 密钥数', `${e.currentKeyId} / ${e.keyCount}`),
          ...e.columns.map((c) =>
            ev(
              `已加密：${c.column}`,
              `明文 ${c.plaintext} 条，旧密钥 ${c.olderKey} 条${c.hashOutdated === undefined ? '' : `，检索用密钥哈希待更新 ${c.hashOutdated} 条`}`,
            ),
          ),
          ev('短信验证码的手机号', '只存密钥哈希（HMAC-SM3），不存号码'),
          ev('外部申报人的短信通知', '投递记录只存脱敏号码，发送时从加密的账号手机号解密'),
          ...UNSEALED_SENSITIVE.map((w) => ev('尚未加密', w)),
        ],
      };
    },
  },
];
