import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { envelope } from '@oa/shared/contract/envelope';
import { addressDept } from '@oa/shared/contract/people';
import { createTestApp, testDialects, type AnyData, type TestApp } from '../../../test/harness';
import { addUsers } from '../../../test/user-rows';
import { directoryVersion } from './address-book.repository';
import { addressBookList } from './address-book.service';

const DIALECTS = await testDialects();
const URL = '/oa/api/auth/industry/common/addressBookList';
const QUERY = { keyword: '', orgCode: 'ASSOC', platformCode: '1' };

describe.each(DIALECTS)('the whole address book from memory on %s', (dialect) => {
  let t: TestApp;
  const tok: Record<string, string> = {};
  const whole = (user: string, headers: Record<string, string> = {}) => t.call('GET', URL, { token: tok[user], query: QUERY, headers });
  const viewerOf = (userCode: string, roleCodes: string[], isAdmin = false) => ({ userCode, roleCodes, isAdmin });
  const member = (data: AnyData[], userCode: string) =>
    data.flatMap((d) => d.member).find((m: AnyData) => m.usersDeptMember.userCode === userCode);

  beforeAll(async () => {
    t = await createTestApp(dialect);
    for (const u of ['staff', 'sunlihua', 'admin']) tok[u] = await t.login(u);
  });
  afterAll(() => t.close());

  it('answers exactly what the list builds, in the schema, per viewer: own mobile seen, others masked', async () => {
    const viewers = { staff: viewerOf('staff', []), sunlihua: viewerOf('sunlihua', ['013']), admin: viewerOf('admin', [], true) };
    for (const [user, v] of Object.entries(viewers)) {
      const res = await whole(user);
      expect(res.status).toBe(200);
      expect(envelope(z.array(addressDept)).parse(res.body)).toEqual(res.body);
      expect(res.body.data).toEqual(await addressBookList(t.ctx, v, ''));
    }
    const staffView = (await whole('staff')).body.data;
    expect(member(staffView, 'staff').usersContactInfo.mobile).not.toContain('*');
    expect(member(staffView, 'wangfang').usersContactInfo.mobile).toContain('*');
    expect(member((await whole('sunlihua')).body.data, 'wangfang').usersContactInfo.mobile).not.toContain('*');
  });

  it('deflated in pieces, answers the same bytes per viewer, own member and all', async () => {
    // 600 more members, a mobile each: the body spans several pieces, and every viewer's own member sits in one
    const many = Array.from({ length: 600 }, (_, i) => ({
      user_code: `piece${String(i).padStart(3, '0')}`,
      user_name: `分片${i}`,
      mobile: `139${String(i).padStart(8, '0')}`,
      room: `R${i}`,
    }));
    await addUsers(t.ctx.db, many);
    for (const user of ['staff', 'sunlihua', 'admin']) {
      const plain = await whole(user, { 'accept-encoding': 'identity' });
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.raw.length).toBeGreaterThan(3 * 32 * 1024);
      const deflated = await whole(user, { 'accept-encoding': 'gzip, deflate, br' });
      expect(deflated.headers['content-encoding']).toBe('deflate');
      expect(deflated.headers.vary).toContain('accept-encoding');
      expect(deflated.raw.length).toBeLessThan(plain.raw.length / 3);
      expect(zlib.inflateSync(deflated.raw).equals(plain.raw)).toBe(true);
      expect(deflated.headers.etag).toBe(plain.headers.etag);
      // asked again: the reader's own piece kept, the same bytes
      const again = await whole(user, { 'accept-encoding': 'deflate' });
      expect(again.raw.equals(deflated.raw)).toBe(true);
      expect(Number(again.headers['content-length'])).toBe(again.raw.length);
      // a client without deflate: compressed as any answer is
      const br = await whole(user, { 'accept-encoding': 'br' });
      expect(br.headers['content-encoding']).toBe('br');
      expect(zlib.brotliDecompressSync(br.raw).equals(plain.raw)).toBe(true);
    }
  });

  it('a committed change shows on the next request; unchanged, the entity tag answers 304', async () => {
    const first = await whole('staff');
    const etag = String(first.headers.etag);
    expect((await whole('staff', { 'if-none-match': etag })).status).toBe(304);
    // another viewer's tag differs (their own member is not masked)
    expect(String((await whole('admin')).headers.etag)).not.toBe(etag);

    const before = await directoryVersion(t.ctx.db);
    await t.ctx.db
      .updateTable('sys_user')
      .set({ password_changed_at: new Date().toISOString() })
      .where('user_code', '=', 'wangfang')
      .execute();
    expect(await directoryVersion(t.ctx.db)).toBe(before); // a column the directory does not show

    await t.ctx.db.updateTable('sys_user').set({ tel: '010-12345678' }).where('user_code', '=', 'wangfang').execute();
    const changed = await whole('staff', { 'if-none-match': etag });
    expect(changed.status).toBe(200);
    expect(member(changed.body.data, 'wangfang').usersContactInfo.tel).toBe('010-12345678');

    await t.ctx.db.updateTable('org_dept').set({ dept_name: '办公室（综合）' }).where('dept_name', '=', '办公室').execute();
    expect((await whole('staff')).body.data.map((d: AnyData) => d.deptName)).toContain('办公室（综合）');

    await t.ctx.db.deleteFrom('sys_user_platform').where('user_code', '=', 'wangfang').execute();
    expect(member((await whole('staff')).body.data, 'wangfang')).toBeUndefined();
    await t.ctx.db.insertInto('sys_user_platform').values({ user_code: 'wangfang', platform_code: '1' }).execute();
    await t.ctx.db.updateTable('sys_user').set({ status: 'N' }).where('user_code', '=', 'wangfang').execute();
    expect(member((await whole('staff')).body.data, 'wangfang')).toBeUndefined();
  });
});
