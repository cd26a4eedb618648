import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDialects, type TestApp } from '../../../test/harness';
import { rawGet } from '../../../test/upload-kit';
import { WILD } from '../../../test/like-kit';
import { weekOf } from './weekly.service';

const DIALECTS = await testDialects();
const P = '/oa/api/auth/oa/weekly';

describe('weekOf', () => {
  it('gives the ISO week, Monday to Sunday, deadline Friday 17:00 Beijing time', () => {
    expect(weekOf('2026-11-25')).toEqual({
      weekCode: '2026-W48',
      start: '2026-11-23',
      end: '2026-11-29',
      deadline: '2026-11-27T09:00:00.000Z',
    });
    expect(weekOf('2027-01-01').weekCode).toBe('2026-W53');
  });
});

describe.each(DIALECTS)('weekly reports on %s', (dialect) => {
  let t: TestApp;
  let editor: string; // chenjing, role 010
  let staff: string; // D01
  let zhangwei: string; // D02 leader
  let periodId: string;
  let columns: Array<{ id: string; name: string }>;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    [editor, staff, zhangwei] = await Promise.all([t.login('chenjing'), t.login('staff'), t.login('zhangwei')]);
    const periods = await t.call('GET', `${P}/periods`, { token: staff });
    periodId = periods.body.data.list.find((p: { status: string }) => p.status === 'open').id;
    columns = (await t.call('GET', `${P}/columns`, { token: staff })).body.data;
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(t.config.dataDir, { recursive: true, force: true });
  });

  it('departments write and submit their sections; bad input is a 400 naming the field', async () => {
    const bad = await t.call('POST', `${P}/section`, {
      token: staff,
      body: { periodId, items: [{ columnId: columns[0].id, content: '' }] },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.data.field).toContain('items');
    const wrongCol = await t.call('POST', `${P}/section`, {
      token: staff,
      body: { periodId, items: [{ columnId: 'nope', content: '内容' }] },
    });
    expect(wrongCol.status).toBe(400);
    expect(wrongCol.body.data).toEqual({ field: 'items.0.columnId' });
    const draft = await t.call('POST', `${P}/section`, {
      token: staff,
      body: { periodId, items: [{ columnId: columns[0].id, content: '办公室：筹备年会' }] },
    });
    expect(draft.body.data.status).toBe('draft');
    const sub = await t.call('POST', `${P}/section`, {
      token: staff,
      body: { periodId, items: [{ columnId: columns[0].id, content: '办公室：筹备年会' }], submit: true },
    });
    expect(['submitted', 'late']).toContain(sub.body.data.status);
    const again = await t.call('POST', `${P}/section`, { token: staff, body: { periodId, items: [], submit: false } });
    expect(again.body.code).not.toBe(0);
    await t.call('POST', `${P}/section`, {
      token: zhangwei,
      body: { periodId, items: [{ columnId: columns[1].id, content: '发展部：召开产业研讨会' }], submit: true },
    });
    // staff cannot read another department's section
    expect((await t.call('GET', `${P}/section`, { token: staff, query: { periodId, deptCode: 'D02' } })).status).toBe(403);
  });

  it('the editor sees who has not submitted and reminds them', async () => {
    const status = await t.call('GET', `${P}/status`, { token: editor, query: { periodId } });
    const byDept = Object.fromEntries(status.body.data.map((s: { deptCode: string; status: string }) => [s.deptCode, s.status]));
    expect(['submitted', 'late']).toContain(byDept.D01);
    expect(byDept.D05).toBe('missing');
    const remind = await t.call('POST', `${P}/remind`, { token: editor, body: { periodId } });
    expect(remind.body.data.notified).toBeGreaterThan(0);
    const n = await t.ctx.db.selectFrom('wf_notification').select('user_code').where('module_code', '=', 'weekly').execute();
    expect(n.map((x) => x.user_code)).toContain('yangfan'); // D05's leader
    expect((await t.call('GET', `${P}/status`, { token: staff, query: { periodId } })).status).toBe(403);
  });

  it('a non-editor cannot compile; the editor compiles, publishes and exports', async () => {
    const body = { periodId, items: [{ columnId: columns[0].id, deptCode: 'D01', content: '办公室：筹备年会（汇编）' }], publish: false };
    expect((await t.call('POST', `${P}/compile`, { token: staff, body })).status).toBe(403);
    expect((await t.call('GET', `${P}/compile`, { token: zhangwei, query: { periodId } })).status).toBe(403);
    const view = await t.call('GET', `${P}/compile`, { token: editor, query: { periodId } });
    expect(view.body.data.sources.map((s: { content: string }) => s.content)).toEqual(
      expect.arrayContaining(['办公室：筹备年会', '发展部：召开产业研讨会']),
    );
    expect((await t.call('GET', `${P}/report`, { token: staff, query: { periodId } })).body.code).not.toBe(0);
    const pub = await t.call('POST', `${P}/compile`, { token: editor, body: { ...body, publish: true } });
    expect(pub.body.data.period.status).toBe('published');
    const rep = await t.call('GET', `${P}/report`, { token: staff, query: { periodId } });
    expect(rep.body.data.columns[0].items[0]).toEqual({ deptName: '办公室', content: '办公室：筹备年会（汇编）' });
    for (const f of ['xlsx', 'docx', 'pdf']) {
      const res = await rawGet(t, `${P}/export?periodId=${periodId}&format=${f}`, staff);
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.length).toBeGreaterThan(1000);
    }
    expect((await t.call('GET', `${P}/export`, { token: staff, query: { periodId, format: 'txt' } })).status).toBe(400);
    const hits = await t.call('GET', `${P}/search`, { token: staff, query: { keyword: '汇编', deptCode: 'D01' } });
    expect(hits.body.data.total).toBe(1);
  });

  it('the search keyword matches % and _ as written', async () => {
    await t.ctx.db
      .insertInto('oa_weekly_compiled')
      .values(
        [WILD.literal, WILD.lookalike].map((content, i) => ({
          id: `like${i}`,
          period_id: periodId,
          column_id: columns[0].id,
          dept_code: 'D01',
          source_item_id: null,
          content,
          sort_no: 90 + i,
        })),
      )
      .execute();
    const found = async (keyword: string) =>
      (await t.call('GET', `${P}/search`, { token: staff, query: { keyword } })).body.data.list.map((h: { content: string }) => h.content);
    expect(await found(WILD.literal)).toEqual([WILD.literal]);
    expect(await found('%')).toEqual([]);
  });
});
