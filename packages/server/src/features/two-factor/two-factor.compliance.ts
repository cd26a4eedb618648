import { ADMIN_ROLES, ADMIN_ROLE_NAMES } from '@oa/shared/access/three-admins';
import { ev, stateOf, type ComplianceControlDef } from '../../core/ports/compliance-port';
import { twoFactorEvidence } from './two-factor.service';

/**
 * The 等保 self-check's 双因素鉴别 (registered by the two-factor routes in place of the declared entry): every
 * administrator role requires two factors, and every holder of a required role has enrolled.
 */
export const twoFactorControl: ComplianceControlDef = {
  id: 'two-factor',
  category: '身份鉴别',
  clause: '8.1.4.1 d)',
  title: '双因素鉴别',
  requirement: '采用口令、密码技术、生物技术等两种或两种以上组合的鉴别技术对用户进行身份鉴别',
  async check({ ctx }) {
    const e = await twoFactorEvidence(ctx);
    const required = new Set(e.requiredRoles.map((r) => r.roleCode));
    const adminsMissing = ADMIN_ROLES.filter((r) => !required.has(r));
    return {
      state: stateOf([adminsMissing.length === 0, e.requiredEnrolled >= e.requiredHolders]),
      evidence: [
        ev('必须启用双因素的角色', e.requiredRoles.map((r) => r.roleName).join('、') || '无'),
        ev('未要求双因素的管理员角色', adminsMissing.map((r) => ADMIN_ROLE_NAMES[r]).join('、') || '无'),
        ev('须启用账号中已启用', `${e.requiredEnrolled} / ${e.requiredHolders}`),
        ev('已启用双因素的账号（含自愿）', e.enrolledTotal),
        ev('第二因素', `动态口令（TOTP）、恢复码${ctx.config.twoFactorSms ? '、短信验证码' : ''}`),
      ],
    };
  },
};
