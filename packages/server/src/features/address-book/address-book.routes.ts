import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { negotiate } from '@fastify/accept-negotiator';
import { z } from 'zod';
import { envelope as strictEnvelope, paged } from '@oa/shared/contract/envelope';
import {
  addressBookQuery,
  addressDept,
  addressMember,
  addressMembersQuery,
  businessCard,
  cardQuery,
  deptBrief,
  userBasic,
  userByDeptQuery,
  usersOrgBasicQuery,
} from '@oa/shared/contract/people';
import { access } from '../../plugins/access';
import { ok } from '../../lib/reply';
import { bodyOfParts } from '../../lib/body-parts';
import { viewerOf } from '../../core/access/visibility';
import * as svc from './address-book.service';
import { wholeDirectory } from './address-book.snapshot';
import { PLATFORM } from '@oa/shared/constants';

/** Refusals (bizError) answer data: null, so every answer's data is nullable. */
const envelope = <T extends z.ZodType>(data: T) => strictEnvelope(data.nullable());

const P = '/oa/api/auth/industry/common';
const tags = ['通讯录'];

/** Address book and business cards (spec §7 "Personal and address book"); mobiles masked per viewer. */
export async function addressBookRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;

  r.get(
    `${P}/addressBookList`,
    {
      config: access.login(),
      schema: {
        summary:
          '办公通讯录：按部门分组的成员（brief=Y 时只含各部门匹配人数）；keyword 匹配姓名、拼音首字母、全拼、电话、办公室（手机号仅对可查看者匹配）；有关键字时隐藏无匹配成员的部门',
        tags,
        querystring: addressBookQuery,
        response: { 200: envelope(z.array(addressDept)) },
      },
    },
    async (req, reply) => {
      const platform = req.query.platformCode || undefined;
      const { directory } = req.auth!.versions;
      const viewer = viewerOf(req.auth!);
      if (req.query.brief === 'Y') return ok(await svc.addressBookBrief(ctx, viewer, req.query.keyword, platform, directory));
      if (req.query.keyword.trim()) return ok(await svc.addressBookList(ctx, viewer, req.query.keyword, platform, directory));
      // the whole directory: one body per directory version, served from memory (deflated in pieces when the
      // client takes deflate, rather than 2 MB compressed per request) as views of it, never copied; unchanged → 304
      const deflate = negotiate(req.headers['accept-encoding'] ?? '', ['deflate']) === 'deflate';
      const { parts, etag } = await wholeDirectory(ctx, viewer, platform ?? PLATFORM.OA, deflate, directory);
      // a body already serialized (its shape is the schema's: address-book.snapshot.test.ts) or nothing
      const raw = reply as unknown as FastifyReply;
      raw.header('etag', etag).header('cache-control', 'private, no-cache').header('vary', 'accept-encoding');
      if (req.headers['if-none-match'] === etag) return raw.code(304).send();
      if (deflate) raw.header('content-encoding', 'deflate');
      const { payload, length } = bodyOfParts(parts);
      return raw.type('application/json; charset=utf-8').header('content-length', length).send(payload);
    },
  );

  r.get(
    `${P}/addressBookMembers`,
    {
      config: access.login(),
      schema: {
        summary: '通讯录成员分页：一个部门（deptCode 为空时为未分配部门）中与 keyword 匹配的成员',
        tags,
        querystring: addressMembersQuery,
        response: { 200: envelope(paged(addressMember)) },
      },
    },
    async (req) => ok(await svc.membersPage(ctx, viewerOf(req.auth!), req.query, req.auth!.versions.directory)),
  );

  r.get(
    `${P}/addressBook`,
    {
      config: access.login(),
      schema: {
        summary: '通讯录详情：一位成员（/address/detail?userCode=…）',
        tags,
        querystring: cardQuery,
        response: { 200: envelope(businessCard) },
      },
    },
    async (req) => ok(await svc.card(ctx, viewerOf(req.auth!), req.query.userCode)),
  );

  r.get(
    `${P}/userByDept`,
    {
      config: access.login(),
      schema: { summary: '部门成员', tags, querystring: userByDeptQuery, response: { 200: envelope(z.array(addressMember)) } },
    },
    async (req) => ok(await svc.membersOfDept(ctx, viewerOf(req.auth!), req.query.deptCode, req.auth!.versions.directory)),
  );

  r.get(
    `${P}/usersOrgBasicList`,
    {
      config: access.login(),
      schema: {
        summary: '机构人员基本信息（选人用）：可按 keyword、deptCode 过滤；同时返回部门列表',
        tags,
        querystring: usersOrgBasicQuery,
        response: { 200: envelope(z.object({ users: z.array(userBasic), depts: z.array(deptBrief) })) },
      },
    },
    async (req) => {
      const { directory } = req.auth!.versions;
      const [users, depts] = await Promise.all([
        svc.usersBasic(ctx, viewerOf(req.auth!), req.query, directory),
        svc.departments(ctx, directory),
      ]);
      return ok({ users, depts });
    },
  );

  r.get(
    `${P}/myBusinessCard`,
    {
      config: access.login(),
      schema: {
        summary: '名片：姓名、签名、部门、办公室、座机、手机、邮箱',
        tags,
        querystring: cardQuery,
        response: { 200: envelope(businessCard) },
      },
    },
    async (req) => ok(await svc.card(ctx, viewerOf(req.auth!), req.query.userCode)),
  );
}
