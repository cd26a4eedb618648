import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDialects, type TestApp } from '../../../test/harness';
import { rawGet } from '../../../test/upload-kit';
import { contentMatches } from '../../core/files/file-types';
import { DEMO_COVERS, coverPng, seedDemoCovers } from './news-covers';

const DIALECTS = await testDialects();
const N = '/oa/api/auth/oa/news';

describe('demo cover images', () => {
  it('are real PNG images the upload check accepts, each different', () => {
    const pngs = Object.values(DEMO_COVERS).map((s) => coverPng(s, 64, 36));
    for (const png of pngs) expect(contentMatches('png', png.subarray(0, 512))).toBe(true);
    expect(new Set(pngs.map((p) => p.toString('base64'))).size).toBe(pngs.length);
  });
});

describe.each(DIALECTS)('demo covers on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(async () => t?.close());

  it('the seeded articles get covers stored as their authors’ uploads; readers see and download them; a second run adds none', async () => {
    expect(await seedDemoCovers(t.ctx)).toBe(Object.keys(DEMO_COVERS).length);
    expect(await seedDemoCovers(t.ctx)).toBe(0);
    const staff = await t.login('staff');
    const chenjing = await t.login('chenjing');
    const d = (await t.call('GET', `${N}/detail`, { token: chenjing, query: { id: 'Nseed02' } })).body.data;
    expect(d).toMatchObject({ coverPicked: true });
    const file = await t.ctx.db.selectFrom('sys_file').selectAll().where('id', '=', d.coverFile).executeTakeFirstOrThrow();
    // lina wrote Nseed02: the cover is her private upload
    expect(file).toMatchObject({ owner: 'lina', scope: 'private', ext: 'png', mime: 'image/png' });
    const list = await t.call('GET', `${N}/list`, { token: staff, query: { columnCode: 'col_news', pageSize: '50' } });
    const row = list.body.data.list.find((a: { id: string }) => a.id === 'Nseed01');
    expect(row.coverFile).toMatch(/^f[0-9a-f]{30}$/);
    const latest = await t.call('GET', `${N}/latest`, { token: chenjing, query: { limit: '20' } });
    expect(latest.body.data.filter((a: { coverFile: string | null }) => a.coverFile).length).toBeGreaterThanOrEqual(5);
    const res = await rawGet(t, `/oa/api/base/system/file/download?filePath=${row.coverFile}&wtoken=${chenjing}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('image/png');
    expect(res.rawPayload.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
  });
});
