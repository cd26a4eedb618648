import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope as strictEnvelope } from '@oa/shared/contract/envelope';
import { DIRECTORY_SYNC_API, directoryState, syncAnswer } from '@oa/shared/contract/directory-sync';
import { access } from '../../plugins/access';
import { ok } from '../../lib/reply';
import { directoryState as readState, runSync } from './directory-sync.service';
import { startDirectorySchedule } from './directory-schedule';

const envelope = <T extends z.ZodType>(data: T) => strictEnvelope(data.nullable());
const tags = ['目录同步'];
const PERM = 'sys_ldap_sync';

/** The 目录同步 page (/ldapSync): the directory's state and runs, a dry run, a sync; and the scheduled sync. */
export async function directorySyncRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  startDirectorySchedule(app);

  r.get(
    `/oa${DIRECTORY_SYNC_API.state}`,
    {
      config: access.perm(PERM),
      schema: { summary: '目录服务配置状态（不含密码）与同步记录', tags, response: { 200: envelope(directoryState) } },
    },
    async () => ok(await readState(ctx)),
  );
  for (const kind of ['preview', 'apply'] as const)
    r.post(
      `/oa${DIRECTORY_SYNC_API[kind]}`,
      {
        config: access.perm(PERM),
        schema: {
          summary: kind === 'preview' ? '预览同步：列出将新建、更新、停用的账号与部门，不写入' : '立即同步（同一时间只运行一次）',
          tags,
          response: { 200: envelope(syncAnswer) },
        },
      },
      async (req) =>
        ok(
          await runSync(ctx, { kind, trigger: 'manual', userCode: req.auth!.user.userCode, ip: req.ip }),
          kind === 'apply' ? '同步完成' : undefined,
        ),
    );
}
