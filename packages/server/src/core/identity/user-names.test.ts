import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDialects, type TestApp } from '../../../test/harness';
import { currentUserNames, userNames } from './identity.repository';

const DIALECTS = await testDialects();

/** The to-do centre's names are kept while sys_auth_version is unchanged: a rename shows on the very next read. */
describe.each(DIALECTS)('currentUserNames on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  it('answers what a fresh read answers, before and after a rename by a service or straight in the database', async () => {
    const codes = ['staff', 'leader', 'no-such-user', null, 'staff'];
    const fresh = async () => userNames(t.ctx.db, codes);
    expect(await currentUserNames(t.ctx.db, codes)).toEqual(await fresh());
    expect((await currentUserNames(t.ctx.db, codes)).has('no-such-user')).toBe(false);
    await t.ctx.db.updateTable('sys_user').set({ user_name: '改名甲' }).where('user_code', '=', 'staff').execute();
    expect((await currentUserNames(t.ctx.db, codes)).get('staff')).toBe('改名甲');
    await t.ctx.db.transaction().execute(async (trx) => {
      await trx.updateTable('sys_user').set({ user_name: '改名乙' }).where('user_code', '=', 'leader').execute();
    });
    const after = await currentUserNames(t.ctx.db, codes);
    expect(after).toEqual(await fresh());
    expect(after.get('leader')).toBe('改名乙');
    expect(await currentUserNames(t.ctx.db, [])).toEqual(new Map());
  });
});
