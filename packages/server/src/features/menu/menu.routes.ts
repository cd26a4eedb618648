import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { functionItem, menuQuery } from '@oa/shared/contract/auth';
import { envelope } from '@oa/shared/contract/envelope';
import { PLATFORM } from '@oa/shared/constants';
import { access } from '../../plugins/access';
import { ok } from '../../lib/reply';
import { grantedFunctions } from './menu.service';

const TARGET_PLATFORM: Record<number, string> = { 0: PLATFORM.OA, 1: PLATFORM.MEMBER, 2: PLATFORM.FOUNDATION };

/** The menu is the user's function tree; the same grants are checked on every API call. */
export async function menuRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.ctx;

  r.get(
    '/oa/api/auth/industry/common/roleFunListByUserCode',
    {
      config: access.login(),
      schema: {
        summary:
          '当前用户的菜单（角色功能列表，扁平，按 parentCode 组树）。isHidden=N 只返回可见项；target 0 = 办公平台，1 = 会员平台，2 = 课题基金平台',
        tags: ['菜单'],
        querystring: menuQuery,
        response: { 200: envelope(z.array(functionItem)) },
      },
    },
    async (req) => {
      const a = req.auth!;
      const list = await grantedFunctions(db, a.roleCodes, {
        platformCode: TARGET_PLATFORM[req.query.target] ?? PLATFORM.OA,
        granted: a.permissionCodes,
      });
      const visible = req.query.isHidden === 'N' ? list.filter((f) => f.isHidden === 'N' && f.menuType !== '2') : list;
      return ok(visible);
    },
  );

  r.get(
    '/oa/api/auth/base/system/user/funList',
    {
      config: access.login(),
      schema: {
        summary: '当前用户被授予的全部功能（含隐藏页面与按钮权限）',
        tags: ['菜单'],
        response: { 200: envelope(z.array(functionItem)) },
      },
    },
    async (req) => ok(await grantedFunctions(db, req.auth!.roleCodes, { granted: req.auth!.permissionCodes })),
  );
}
