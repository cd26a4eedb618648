import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope as strictEnvelope } from '@oa/shared/contract/envelope';
import {
  contactResetBody,
  contactSaveBody,
  contactStatusBody,
  MEMBER_UNIT_API,
  MEMBER_UNIT_FUNCTION,
  memberUnitRow,
  oneTimePasswordAnswer,
  unitContactRow,
  unitIdQuery,
  unitSaveBody,
  unitStatusBody,
} from '@oa/shared/contract/member-units';
import { access } from '../../plugins/access';
import { ok } from '../../lib/reply';
import { writeAudit } from '../../core/audit';
import * as units from './member-units.service';
import * as contacts from './unit-contacts.service';

const envelope = <T extends z.ZodType>(data: T) => strictEnvelope(data.nullable());
const tags = ['成员单位'];
const P = (p: string) => `/oa${p}`;
const perm = access.perm(MEMBER_UNIT_FUNCTION);

/** 成员单位 (issue 37): the register of member units and their contacts, for the document administrators. */
export async function memberUnitRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;

  r.get(
    P(MEMBER_UNIT_API.list),
    { config: perm, schema: { summary: '成员单位列表（含停用）', tags, response: { 200: envelope(z.array(memberUnitRow)) } } },
    async () => ok(await units.listUnits(ctx)),
  );

  r.post(
    P(MEMBER_UNIT_API.save),
    {
      config: perm,
      schema: { summary: '新增或修改成员单位', tags, body: unitSaveBody, response: { 200: envelope(z.object({ id: z.string() })) } },
    },
    async (req) => {
      const out = await units.saveUnit(ctx, req.body, (trx, c) =>
        writeAudit(trx, req, { action: c.before ? 'memberUnit.update' : 'memberUnit.create', target: c.id, result: 'ok', ...c }),
      );
      return ok(out, '已保存');
    },
  );

  r.post(
    P(MEMBER_UNIT_API.status),
    {
      config: perm,
      schema: {
        summary: '启用或停用成员单位',
        tags,
        body: unitStatusBody,
        response: { 200: envelope(z.object({ contacts: z.number().int() })) },
      },
    },
    async (req) => {
      const out = await units.setUnitStatus(ctx, req.body, (trx, c) =>
        writeAudit(trx, req, {
          action: 'memberUnit.status',
          target: req.body.id,
          result: 'ok',
          before: c.before,
          after: c.after,
          detail: { contactsDisabled: c.contacts },
        }),
      );
      return ok(out, req.body.enabled === 'Y' ? '已启用' : `已停用，${out.contacts} 名联系人随之停用`);
    },
  );

  r.get(
    P(MEMBER_UNIT_API.contacts),
    {
      config: perm,
      schema: { summary: '成员单位的联系人', tags, querystring: unitIdQuery, response: { 200: envelope(z.array(unitContactRow)) } },
    },
    async (req) => ok(await contacts.listContacts(ctx, req.query.unitId)),
  );

  r.post(
    P(MEMBER_UNIT_API.contactSave),
    {
      config: perm,
      schema: {
        summary: '新增或修改联系人（新增时返回一次性密码）',
        tags,
        body: contactSaveBody,
        response: { 200: envelope(oneTimePasswordAnswer) },
      },
    },
    async (req) => {
      const out = await contacts.saveContact(ctx, req.body, (trx, c) =>
        writeAudit(trx, req, {
          action: c.before ? 'memberUnit.contact.update' : 'memberUnit.contact.create',
          target: req.body.userCode,
          result: 'ok',
          detail: { unitId: req.body.unitId },
          ...c,
        }),
      );
      return ok(out, out.password ? '联系人已添加' : '已保存');
    },
  );

  r.post(
    P(MEMBER_UNIT_API.contactStatus),
    {
      config: perm,
      schema: {
        summary: '启用或停用联系人（停用即下线）',
        tags,
        body: contactStatusBody,
        response: { 200: envelope(z.object({ revoked: z.number().int() })) },
      },
    },
    async (req) => {
      const out = await contacts.setContactStatus(ctx, req.body, (trx, c) =>
        writeAudit(trx, req, {
          action: 'memberUnit.contact.status',
          target: req.body.userCode,
          result: 'ok',
          before: c.before,
          after: c.after,
          detail: { sessionsEnded: c.revoked },
        }),
      );
      return ok(out, req.body.enabled === 'Y' ? '已启用' : '已停用，该联系人已下线');
    },
  );

  r.post(
    P(MEMBER_UNIT_API.contactReset),
    {
      config: perm,
      schema: {
        summary: '重置联系人密码（返回一次性密码）',
        tags,
        body: contactResetBody,
        response: { 200: envelope(oneTimePasswordAnswer) },
      },
    },
    async (req) => {
      const out = await contacts.resetContactPassword(ctx, req.body.userCode, (trx) =>
        writeAudit(trx, req, {
          action: 'memberUnit.contact.resetPassword',
          target: req.body.userCode,
          result: 'ok',
          detail: { passwordReset: true },
        }),
      );
      return ok(out, '密码已重置');
    },
  );
}
