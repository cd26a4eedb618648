import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelope } from '@oa/shared/contract/envelope';
import { recordsPath } from '@oa/shared/contract/records';
import { arrearsQuery, arrearsResult, feeGenerateBody, feeGenerateResult } from '@oa/shared/contract/registers';
import { registerByCode } from '@oa/shared/modules/registers';
import { access } from '../../plugins/access';
import { ok } from '../../lib/reply';
import { writeAudit } from '../../core/audit';
import { registerActorOf } from '../../core/ports/register-port';
import { arrears, FEES, generateFees } from './fees.service';

/** Register calls a declaration cannot say: monthly fee generation and arrears of the party and union fees. */
export async function feesRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const ctx = app.ctx;
  for (const code of Object.keys(FEES) as Array<keyof typeof FEES>) {
    const m = registerByCode(code)!;
    const tags = [`登记台账-${m.name}`];
    r.post(
      `/oa${recordsPath(code, 'generate')}`,
      {
        config: access.perm(m.permissions.manage),
        schema: {
          summary: `按月生成${m.name}（在册人员按月工资基数计算应缴金额，已有的跳过）`,
          tags,
          body: feeGenerateBody,
          response: { 200: envelope(feeGenerateResult.nullable()) },
        },
      },
      async (req) => {
        const res = await generateFees(ctx, code, registerActorOf(req), req.body.month, (trx, out) =>
          writeAudit(trx, req, {
            action: 'register.generate',
            target: code,
            result: 'ok',
            detail: { month: req.body.month, created: out.created },
          }),
        );
        return ok(res, `已生成 ${res.created} 条${res.noBase.length ? `，${res.noBase.length} 人未填写月工资基数` : ''}`);
      },
    );
    r.get(
      `/oa${recordsPath(code, 'arrears')}`,
      {
        config: access.perm(m.permissions.read),
        schema: {
          summary: `${m.name}欠缴名单（起止月份内未缴或未生成的月份）`,
          tags,
          querystring: arrearsQuery,
          response: { 200: envelope(arrearsResult.nullable()) },
        },
      },
      async (req) => ok(await arrears(ctx, code, registerActorOf(req), req.query.from, req.query.to)),
    );
  }
}
