import JSZip from 'jszip';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE } from '@oa/shared/constants';
import { DOC_API } from '@oa/shared/contract/documents';
import { SEAL_API } from '@oa/shared/contract/seals';
import { createTestApp, testDialects, type TestApp } from '../../../test/harness';
import { drawSealPng } from '../../db/seed/seal-drawing';
import { pdfImages, pdfWords } from '../../../test/pdf-read';
import { readOfd } from '../../../test/documents/ofd-reader';
import { numberedDispatch, redBox } from '../../../test/documents/seal-kit';
import { base, decide, fakeFile } from '../../../test/records/records-fixture';

const DIALECTS = await testDialects();
const P = (p: string) => `/oa${p}`;
const ORG = '中国行业协会';
const SEAL_PT = (42 * 72) / 25.4;

describe.each(DIALECTS)('electronic seals (印章管理, 印制 with a seal) on %s', { timeout: 240_000 }, (dialect) => {
  let t: TestApp;
  const tokens = new Map<string, string>();
  const as = async (u: string) => tokens.get(u) ?? tokens.set(u, await t.login(u)).get(u)!;
  const save = async (u: string, body: Record<string, unknown>) => t.call('POST', P(SEAL_API.save), { token: await as(u), body });
  const print = async (u: string, body: Record<string, unknown>) => t.call('POST', P(DOC_API.print), { token: await as(u), body });
  const valid = async () => ({
    name: '中国行业协会财务部',
    kind: 'org',
    imagePng: (await drawSealPng(ORG, '财务专用章', 300)).toString('base64'),
    keepers: ['leader'],
  });

  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(async () => t?.close());

  it('lists the demo seals to the administrator only', async () => {
    const list = await t.call('GET', P(SEAL_API.list), { token: await as('admin') });
    expect(list.body.data.map((s: { name: string }) => s.name).sort()).toEqual([ORG, `${ORG}办公室`].sort());
    expect(list.body.data.find((s: { name: string }) => s.name === ORG).keepers).toEqual([{ code: 'zhaolei', name: expect.any(String) }]);
    expect((await t.call('GET', P(SEAL_API.list), { token: await as('staff') })).status).toBe(403);
    expect((await save('staff', await valid())).status).toBe(403);
  });

  it('lists every role by code and name for 可申请角色, to the seal registry’s administrator only', async () => {
    const roles = await t.call('GET', P(SEAL_API.roles), { token: await as('admin') });
    expect(roles.body.code).toBe(0);
    const rows = await t.ctx.db.selectFrom('sys_role').select(['role_code as code', 'role_name as name']).execute();
    expect([...roles.body.data].sort((a, b) => a.code.localeCompare(b.code))).toEqual(rows.sort((a, b) => a.code.localeCompare(b.code)));
    expect(roles.body.data).toContainEqual({ code: ROLE.DEPT_LEADER, name: '部门负责人' });
    for (const u of ['staff', 'leader']) expect((await t.call('GET', P(SEAL_API.roles), { token: await as(u) })).status, u).toBe(403);
  });

  it('refuses a 可申请角色 that is no role in Chinese naming the field, and changes nothing', async () => {
    const audits = async () => (await t.ctx.db.selectFrom('sys_audit').select('id').where('action', 'like', 'seal.%').execute()).length;
    const before = await audits();
    const added = await save('admin', {
      ...(await valid()),
      name: '中国行业协会人事部',
      requesterRoles: [ROLE.DEPT_LEADER, 'no_such_role'],
    });
    expect(added.status).toBe(400);
    expect(added.body.message).toBe('可申请角色 no_such_role 不存在');
    expect(added.body.data).toMatchObject({ field: 'requesterRoles' });
    expect(await t.ctx.db.selectFrom('oa_seal').select('id').where('name', '=', '中国行业协会人事部').execute()).toEqual([]);

    const seal = (await t.call('GET', P(SEAL_API.list), { token: await as('admin') })).body.data.find(
      (s: { id: string }) => s.id === 'SEALd01',
    );
    const edit = {
      id: seal.id,
      name: seal.name,
      kind: seal.kind,
      deptCode: seal.deptCode,
      keepers: seal.keepers.map((k: { code: string }) => k.code),
      requesterRoles: ['no_such_role'],
      requesterDepts: seal.requesterDepts.map((d: { code: string }) => d.code),
      enabled: 'N',
    };
    const refused = await save('admin', edit);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('可申请角色 no_such_role 不存在');
    expect(refused.body.data).toMatchObject({ field: 'requesterRoles' });
    const row = await t.ctx.db
      .selectFrom('oa_seal')
      .select(['requester_roles', 'enabled', 'updated_at'])
      .where('id', '=', seal.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({
      requester_roles: JSON.stringify(seal.requesterRoles.map((r: { code: string }) => r.code)),
      enabled: 'Y',
      updated_at: seal.updatedAt,
    });
    expect(await audits()).toBe(before);

    // a role that exists is kept by its code and read back with its name
    const saved = await save('admin', { ...(await valid()), name: '中国行业协会人事部', requesterRoles: [ROLE.DEPT_LEADER] });
    expect(saved.body.data.requesterRoles).toEqual([{ code: ROLE.DEPT_LEADER, name: '部门负责人' }]);
  });

  it('refuses a bad image in Chinese naming the field, and writes nothing', async () => {
    const opaque = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#ff0000' } })
      .png()
      .toBuffer();
    const small = await drawSealPng(ORG, null, 100);
    const wide = await sharp({ create: { width: 600, height: 300, channels: 4, background: '#ff000000' } })
      .png()
      .toBuffer();
    const cases: Array<[Buffer, RegExp]> = [
      [Buffer.from('GIF89a not a png at all'), /必须是 PNG/],
      [opaque, /透明/],
      [small, /像素/],
      [wide, /正方形/],
      [Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('broken')]), /损坏/],
    ];
    for (const [png, message] of cases) {
      const res = await save('admin', { ...(await valid()), imagePng: png.toString('base64') });
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(message);
      expect(res.body.data).toMatchObject({ field: 'imagePng' });
    }
    const noKeeper = await save('admin', { ...(await valid()), keepers: [] });
    expect(noKeeper.status).toBe(400);
    expect(noKeeper.body.message).toMatch(/^请选择至少一名保管人/);
    expect(await t.ctx.db.selectFrom('oa_seal').select('id').where('name', '=', '中国行业协会财务部').execute()).toEqual([]);
  });

  it('adds and edits a seal, audited with before and after', async () => {
    const added = await save('admin', await valid());
    expect(added.body).toMatchObject({ code: 0, data: { name: '中国行业协会财务部', width: 300, height: 300, enabled: 'Y' } });
    const edited = await save('admin', { ...(await valid()), id: added.body.data.id, imagePng: undefined, enabled: 'N' });
    expect(edited.body.data).toMatchObject({ enabled: 'N', width: 300 });
    const audits = await t.ctx.db.selectFrom('sys_audit').select(['action']).where('target', '=', added.body.data.id).execute();
    expect(audits.map((a) => a.action).sort()).toEqual(['seal.create', 'seal.update']);
    const img = await t.call('GET', P(SEAL_API.image), { token: await as('admin'), query: { id: added.body.data.id } });
    expect(img.headers['content-type']).toBe('image/png');
  });

  it('lets only a keeper stamp at 印制: the seal over 署名 and 成文日期 in the PDF, the .docx and the OFD, logged', async () => {
    const doc = await numberedDispatch(t);
    const refused = await print('staff', { id: doc.id, sealId: 'SEALorg' });
    expect(refused.body.code).not.toBe(0);
    expect(refused.body.message).toMatch(/不是印章“中国行业协会”的保管人/);
    const still = await t.ctx.db.selectFrom('doc_document').select('status').where('id', '=', doc.id).executeTakeFirstOrThrow();
    expect(still.status).toBe('numbered');

    const done = await print('zhaolei', { id: doc.id, sealId: 'SEALorg' });
    expect(done.body).toMatchObject({ code: 0 });
    const pdf = (await t.call('GET', P(DOC_API.pdf), { token: await as('zhaolei'), query: { id: doc.id } })).raw;
    expect(pdfImages(pdf)).toContainEqual(expect.objectContaining({ width: 400, height: 400 }));
    const words = pdfWords(pdf);
    const last = Math.max(...words.map((w) => w.page));
    const date = words.filter((w) => w.page === last && /^\d{4}年\d{1,2}月\d{1,2}日$/.test(w.text)).at(-1)!;
    const signature = words.filter((w) => w.page === last && w.text === ORG && w.yMax <= date.yMin + 1).at(-1)!;
    const box = redBox(pdf, signature.yMin - 80)!;
    // 42 mm across, centred on the date, covering 署名 and 成文日期, inside the text block (156 mm from 28 mm)
    expect(box.x1 - box.x0).toBeGreaterThan(SEAL_PT - 8);
    expect(box.x1 - box.x0).toBeLessThan(SEAL_PT + 4);
    expect(Math.abs((box.x0 + box.x1) / 2 - (date.xMin + date.xMax) / 2)).toBeLessThan(6);
    expect(box.y0).toBeLessThan(signature.yMin);
    expect(box.y1).toBeGreaterThan(date.yMax);
    expect(box.x1).toBeLessThanOrEqual(((28 + 156) * 72) / 25.4 + 2);

    const docx = (await t.call('GET', P(DOC_API.docx), { token: await as('zhaolei'), query: { id: doc.id } })).raw;
    const zip = await JSZip.loadAsync(docx);
    const xml = await zip.file('word/document.xml')!.async('string');
    expect(xml).toMatch(/<wp:anchor[^>]*>.*<wp:docPr[^>]*name="印章"/s);
    expect(Object.keys(zip.files).some((f) => /^word\/media\/.+\.png$/.test(f))).toBe(true);

    const ofd = await readOfd((await t.call('GET', P(DOC_API.ofd), { token: await as('zhaolei'), query: { id: doc.id } })).raw);
    expect(ofd.problems).toEqual([]);
    expect(ofd.pages.flatMap((p) => p.stamps)).toHaveLength(1);

    const uses = await t.call('GET', P(SEAL_API.uses), { token: await as('admin'), query: { sealId: 'SEALorg' } });
    expect(uses.body.data.list[0]).toMatchObject({
      userCode: 'zhaolei',
      docId: doc.id,
      docTitle: doc.title,
      via: 'keeper',
      recordId: null,
    });
  });

  it('lets a clerk stamp under an approved 用印 application naming the seal, once', async () => {
    const file = await fakeFile(t, 'staff');
    const data = { reason: '发文用印', sealType: '公章', sealName: ORG, copies: 1, files: [file] };
    const sub = await t.call('POST', `${base('oa_stamp')}/submit`, { token: await as('staff'), body: { data } });
    const recordId = sub.body.data.id as string;
    const doc = await numberedDispatch(t);
    const early = await print('staff', { id: doc.id, sealId: 'SEALorg', stampRecordId: recordId });
    expect(early.body.message).toBe('用印申请尚未批准，不能用印');
    await decide(t, 'oa_stamp', recordId, 'approved');
    const usable = await t.call('GET', P(SEAL_API.usable), { token: await as('staff') });
    expect(usable.body.data).toContainEqual(
      expect.objectContaining({ id: 'SEALorg', keeper: false, applications: [expect.objectContaining({ id: recordId })] }),
    );
    const wrong = await print('staff', { id: doc.id, sealId: 'SEALd01', stampRecordId: recordId });
    expect(wrong.body.message).toMatch(/申请的不是印章/);
    expect((await print('staff', { id: doc.id, sealId: 'SEALorg', stampRecordId: recordId })).body.code).toBe(0);
    const use = await t.ctx.db.selectFrom('oa_seal_use').selectAll().where('doc_id', '=', doc.id).executeTakeFirstOrThrow();
    expect(use).toMatchObject({ user_code: 'staff', record_id: recordId, via: 'application' });
    await t.ctx.db.updateTable('doc_document').set({ status: 'numbered', printed_file_id: null }).where('id', '=', doc.id).execute();
    expect((await print('staff', { id: doc.id, sealId: 'SEALorg', stampRecordId: recordId })).body.message).toBe('该用印申请已经用过印');
  });
});
