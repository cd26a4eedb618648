import { loadConfig } from './config';
import { buildApp } from './app';
import { DEMO_PASSWORD, seedDemo } from './db/seed/seed';
import { seedStructure } from './db/seed/structure.seed';
import { hasAdministrators } from './core/identity/initial-admins';
import { seedDemoCovers } from './db/seed/news-covers';
import { startMetricsListener } from './plugins/observability';
import { startBackupSchedule } from './core/backup/backup-schedule';

/**
 * `npm start`: migrate, write the structure into a database without it (functions, roles, processes: every
 * installation) and, with OA_SEED_DEMO, the demo organisation; serve API + web at /oa/, stop cleanly on SIGTERM.
 */
async function main(): Promise<void> {
  const config = loadConfig();
  const { app, ctx } = await buildApp(config);
  if (await seedStructure(ctx.db)) app.log.info('已写入基础结构（功能菜单、内置角色、默认流程）');
  if (config.seedDemo && (await seedDemo(ctx.db, { keys: ctx.fieldKeys }))) {
    // the demo articles' covers go through the file store (the data directory), as an author's upload would
    await seedDemoCovers(ctx);
    app.log.info('已写入演示数据');
  }
  await app.listen({ host: config.host, port: config.port });
  const metricsServer = config.metricsListen ? await startMetricsListener(ctx.metrics, config.metricsListen) : null;
  const stopSchedule = startBackupSchedule(ctx, (e) => app.log.error({ err: e }, '定时备份失败'));
  const url = `http://${config.host}:${config.port}/oa/`;
  process.stdout.write(
    [
      '',
      `协会办公平台已启动：${url}`,
      `数据库：${ctx.dialect === 'sqlite' ? config.sqliteFile : 'PostgreSQL'}`,
      config.apiDocs ? `接口文档：http://${config.host}:${config.port}/oa/api-docs` : '接口文档：未开启（OA_API_DOCS=on 开启）',
      config.seedDemo
        ? `演示账号（密码均为 ${DEMO_PASSWORD}）：admin（系统管理员）、secadmin（安全管理员）、auditor（审计管理员）、leader（部门负责人）、staff（普通员工）；三员登录另需动态口令（密钥见 README）`
        : (await hasAdministrators(ctx.db))
          ? ''
          : '尚无管理员账号：请运行 npm run admin:init 创建系统管理员、安全管理员和审计管理员（一次性密码只显示一次）',
      '',
    ].join('\n'),
  );
  let closing = false;
  const stop = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, '正在停止服务');
    stopSchedule();
    metricsServer?.close();
    await app.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

main().catch((err: unknown) => {
  process.stderr.write(`启动失败：${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
