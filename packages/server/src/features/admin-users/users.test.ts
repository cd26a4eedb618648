import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { hashPassword } from '@oa/shared/crypto/sm3';
import { USER_SHEET_HEADERS } from '@oa/shared/contract/admin';
import { createTestApp, testDialects, type TestApp } from '../../../test/harness';
import { multipartBody, rawGet } from '../../../test/upload-kit';
import { WILD, addWildUsers } from '../../../test/like-kit';

const DIALECTS = await testDialects();
const U = '/oa/api/auth/oa/user';

async function sheet(rows: string[][], header: readonly string[] = USER_SHEET_HEADERS): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('用户');
  ws.addRow([...header]);
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

describe.each(DIALECTS)('user administration on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    admin = await t.login('admin');
  });
  afterAll(async () => t?.close());

  const upload = async (content: Buffer, fields: Record<string, string>) => {
    const mp = multipartBody({ name: '用户.xlsx', content }, fields);
    return t.call('POST', `${U}/import`, { token: admin, body: mp.body, headers: mp.headers });
  };

  it('lists, searches and pages users, with department, roles and platforms', async () => {
    const page = await t.call('GET', `${U}/list`, { token: admin, query: { pageNumber: '2', pageSize: '10' } });
    expect(page.body.data.list).toHaveLength(10);
    expect(page.body.data.total).toBeGreaterThanOrEqual(40);
    const found = await t.call('GET', `${U}/list`, { token: admin, query: { keyword: 'wangjianguo' } });
    expect(found.body.data.list[0]).toMatchObject({
      userCode: 'leader',
      deptName: '办公室',
      roles: [{ roleCode: '001' }],
      platforms: ['1', '4', '91', '92'],
    });
    const dept = await t.call('GET', `${U}/list`, { token: admin, query: { deptCode: 'D01', pageSize: '100' } });
    expect(dept.body.data.list.every((u: { deptCode: string }) => u.deptCode === 'D01')).toBe(true);
    // the whole tree under the root: every account but those of no department (member units' contacts)
    const all = await t.call('GET', `${U}/list`, { token: admin, query: { deptCode: 'D00', pageSize: '100' } });
    const noDept = await t.ctx.db
      .selectFrom('sys_user')
      .select((e) => e.fn.countAll<number>().as('n'))
      .where('dept_code', 'is', null)
      .executeTakeFirstOrThrow();
    expect(Number(noDept.n)).toBeGreaterThan(0);
    expect(all.body.data.total).toBe(page.body.data.total - Number(noDept.n));
  });

  it('creates a user with pinyin and a password that must be changed, then edits them', async () => {
    const body = {
      userCode: 'zhaoyun',
      userName: '赵云',
      sex: '男',
      mobile: '13700001111',
      tel: '010-66668888',
      email: 'zy@assoc.org.cn',
      deptCode: 'D02',
      position: '科员',
      platforms: ['1'],
      password: hashPassword('Zy@123456'),
    };
    expect((await t.call('POST', `${U}/insert`, { token: admin, body })).body.code).toBe(0);
    const row = await t.ctx.db.selectFrom('sys_user').selectAll().where('user_code', '=', 'zhaoyun').executeTakeFirstOrThrow();
    expect(row).toMatchObject({ pinyin: 'zhaoyun', pinyin_initials: 'zy', password_reset: 'Y', status: 'Y' });
    expect(row.password_hash).not.toContain(body.password);
    const login = await t.call('POST', '/oa/api/base/browserLogin', { body: { username: 'zhaoyun', password: hashPassword('Zy@123456') } });
    expect(login.body.data.needChangePass).toBe(true);
    expect((await t.call('POST', `${U}/insert`, { token: admin, body })).body.message).toContain('已存在');
    expect((await t.call('POST', `${U}/insert`, { token: admin, body: { ...body, userCode: 'zy2' } })).body.message).toContain('已被用户');
    const bad = await t.call('POST', `${U}/insert`, { token: admin, body: { ...body, userCode: 'zy3', mobile: '123' } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('请输入正确的手机号码');
    expect(
      (await t.call('POST', `${U}/insert`, { token: admin, body: { ...body, userCode: 'zy4', mobile: null, password: 'plain' } })).status,
    ).toBe(400);
    const upd = await t.call('PUT', `${U}/update`, {
      token: admin,
      body: { ...body, password: undefined, userName: '赵子龙', deptCode: 'D03', platforms: ['1', '4'] },
    });
    expect(upd.body.code).toBe(0);
    expect((await t.call('GET', `${U}/get`, { token: admin, query: { userCode: 'zhaoyun' } })).body.data).toMatchObject({
      userName: '赵子龙',
      deptName: '会员服务部',
      platforms: ['1', '4'],
    });
    expect(
      (
        await t.ctx.db.selectFrom('sys_audit').select('action').where('target', '=', 'zhaoyun').where('action', 'like', 'user.%').execute()
      ).map((a) => a.action),
    ).toEqual(['user.create', 'user.update']);
  });

  it('disabling signs the user out at once; an admin reset forces a change', async () => {
    const staff = await t.login('wangfang');
    expect((await t.call('GET', '/oa/api/auth/base/system/user/info', { token: staff })).status).toBe(200);
    expect((await t.call('PUT', `${U}/status`, { token: admin, body: { userCode: 'wangfang', status: 'N' } })).body.code).toBe(0);
    expect((await t.call('GET', '/oa/api/auth/base/system/user/info', { token: staff })).status).toBe(401);
    expect(
      (await t.call('POST', '/oa/api/base/browserLogin', { body: { username: 'wangfang', password: hashPassword('Oa@123456') } })).body
        .code,
    ).toBe(1007);
    expect((await t.call('PUT', `${U}/status`, { token: admin, body: { userCode: 'admin', status: 'N' } })).body.message).toContain(
      '不能停用自己',
    );
    await t.call('PUT', `${U}/status`, { token: admin, body: { userCode: 'wangfang', status: 'Y' } });

    const again = await t.login('wangfang');
    expect(
      (await t.call('PUT', `${U}/resetPassword`, { token: admin, body: { userCode: 'wangfang', password: hashPassword('New@12345') } }))
        .body.code,
    ).toBe(0);
    expect((await t.call('GET', '/oa/api/auth/base/system/user/info', { token: again })).status).toBe(401);
    const fresh = await t.login('wangfang', 'New@12345');
    expect((await t.call('GET', '/oa/api/auth/base/system/password/status', { token: fresh })).body.code).toBe(1004);
  });

  it('imports valid rows in one go and reports the others by row number', async () => {
    const file = await sheet([
      ['imp1', '孙悟空', '男', '13811112222', '', 'swk@a.cn', '', '科员', 'D04', '协会办公平台,4'],
      ['imp2', '', '女', '', '', '', '', '', 'D04', ''],
      ['imp3', '猪八戒', '男', '12345', '', '', '', '', 'D04', ''],
      ['imp1', '沙僧', '男', '', '', '', '', '', 'D04', ''],
      ['imp5', '白龙马', '男', '', '', '', '', '', 'D99', ''],
      ['staff', '重名', '男', '', '', '', '', '', 'D04', ''],
      ['imp7', '唐僧', '男', '', '', '', '', '', 'D04', '火星平台'],
      ['imp8', '观音', '女', '13811112223', '010-12345678', '', 'C101', '', 'D05', ''],
    ]);
    const res = await upload(file, { password: hashPassword('Imp@12345') });
    expect(res.body.code).toBe(0);
    expect(res.body.data.imported).toBe(2);
    expect(res.body.data.errors.map((e: { row: number }) => e.row)).toEqual([3, 4, 5, 6, 7, 8]);
    expect(res.body.data.errors[1]).toMatchObject({ row: 4, field: '手机号码', message: '请输入正确的手机号码' });
    expect(res.body.data.errors[2].message).toContain('第 2 行重复');
    const imp1 = await t.call('GET', `${U}/get`, { token: admin, query: { userCode: 'imp1' } });
    expect(imp1.body.data).toMatchObject({ userName: '孙悟空', platforms: ['1', '4'], passwordReset: 'Y' });
    await t.login('imp8', 'Imp@12345');
  });

  it('imports nothing when the header is wrong, the file is not xlsx or the password is missing', async () => {
    const before = (await t.call('GET', `${U}/list`, { token: admin })).body.data.total;
    const wrong = await upload(await sheet([['x1', '张三', '男', '', '', '', '', '', 'D01', '']], ['账号', '姓名']), {
      password: hashPassword('Imp@12345'),
    });
    expect(wrong.body).toMatchObject({ code: 1 });
    expect(wrong.body.message).toContain('表头不正确');
    expect((await upload(Buffer.from('not a workbook'), { password: hashPassword('Imp@12345') })).body.message).toContain(
      '不是有效的 Excel',
    );
    expect((await upload(await sheet([]), {})).status).toBe(400);
    expect((await t.call('POST', `${U}/import`, { token: admin, body: {} })).status).toBe(400);
    expect((await t.call('GET', `${U}/list`, { token: admin })).body.data.total).toBe(before);
  });

  it('exports the filtered users as xlsx with an RFC 5987 file name', async () => {
    const res = await rawGet(t, `${U}/export?deptCode=D01`, admin);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain("filename*=UTF-8''%E7%94%A8%E6%88%B7");
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0];
    expect(ws.getRow(1).getCell(1).text).toBe('登录账号');
    const codes = [];
    for (let r = 2; r <= ws.rowCount; r++) codes.push(ws.getRow(r).getCell(1).text);
    expect(codes).toEqual(expect.arrayContaining(['leader', 'staff']));
    expect((await rawGet(t, `${U}/template`, admin)).statusCode).toBe(200);
    expect((await rawGet(t, `${U}/export`, await t.login('staff'))).statusCode).toBe(403);
  });

  it('the keyword matches % and _ as written', async () => {
    await addWildUsers(t.ctx.db);
    const names = async (keyword: string) =>
      (await t.call('GET', `${U}/list`, { token: admin, query: { keyword } })).body.data.list.map((u: { userName: string }) => u.userName);
    expect(await names(WILD.literal)).toEqual([WILD.literal]);
    expect(await names('%')).toEqual([]);
  });
});
