import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelope } from '@oa/shared/contract/envelope';
import { recordsPath } from '@oa/shared/contract/records';
import { attendanceSheet, attendanceSheetQuery } from '@oa/shared/contract/registers';
import { registerByCode } from '@oa/shared/modules/registers';
import { access } from '../../plugins/access';
import { ok } from '../../lib/reply';
import { registerActorOf } from '../../core/ports/register-port';
import { attendanceSheet as buildSheet } from './attendance.service';

/** The monthly attendance sheet of the attendance register (/Attendance). */
export async function attendanceRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const ctx = app.ctx;
  const att = registerByCode('hr_attendance')!;
  r.get(
    `/oa${recordsPath('hr_attendance', 'sheet')}`,
    {
      config: access.perm(att.permissions.read),
      schema: {
        summary: '月度考勤表（考勤登记 + 已批准的请假天数）',
        tags: [`登记台账-${att.name}`],
        querystring: attendanceSheetQuery,
        response: { 200: envelope(attendanceSheet.nullable()) },
      },
    },
    async (req) => ok(await buildSheet(ctx, registerActorOf(req), req.query.month, req.query.dept)),
  );
}
