import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ARCHIVE_API } from '@oa/shared/contract/archive';
import { DOC_API } from '@oa/shared/contract/documents';
import { createTestApp, testDialects, type TestApp } from '../../../test/harness';
import { pageChars, readOfd } from '../../../test/documents/ofd-reader';
import { pdfWords } from '../../../test/pdf-read';

const DIALECTS = await testDialects();
const P = (p: string) => `/oa${p}`;

describe.each(DIALECTS)('red-header documents and archive items as OFD on %s', { timeout: 240_000 }, (dialect) => {
  let t: TestApp;
  let docId: string;
  let itemId: string;
  let receiptItem: string;
  const tokens = new Map<string, string>();
  const as = async (u: string) => tokens.get(u) ?? tokens.set(u, await t.login(u)).get(u)!;
  const get = async (u: string, api: string, id: string) => t.call('GET', P(api), { token: await as(u), query: { id } });
  const audits = (action: string, target: string) =>
    t.ctx.db.selectFrom('sys_audit').select(['user_code', 'result']).where('action', '=', action).where('target', '=', target).execute();

  beforeAll(async () => {
    t = await createTestApp(dialect);
    // a distributed dispatch the seed has filed, and a filed receipt
    const item = await t.ctx.db
      .selectFrom('archive_item')
      .select(['id', 'doc_id'])
      .where('kind', '=', 'dispatch')
      .executeTakeFirstOrThrow();
    [itemId, docId] = [item.id, item.doc_id];
    receiptItem = (await t.ctx.db.selectFrom('archive_item').select('id').where('kind', '=', 'receipt').executeTakeFirstOrThrow()).id;
  });
  afterAll(async () => t?.close());

  it('gives a reader of the dispatch its OFD with the PDF text, audited; refuses and audits an outsider', async () => {
    const [ofd, pdf] = [await get('leader', DOC_API.ofd, docId), await get('leader', DOC_API.pdf, docId)];
    expect(ofd.status).toBe(200);
    expect(ofd.headers['content-type']).toBe('application/ofd');
    expect(String(ofd.headers['content-disposition'])).toMatch(/\.ofd$/);
    const read = await readOfd(ofd.raw);
    expect(read.problems).toEqual([]);
    // the same characters as the PDF, page by page
    const chars = pageChars(read, pdfWords(pdf.raw));
    expect(chars.ofd).toEqual(chars.pdf);
    expect(await audits('document.ofd', docId)).toEqual([{ user_code: 'leader', result: 'ok' }]);
    const refused = await get('huzhiqiang', DOC_API.ofd, docId);
    expect(refused.status).toBe(403);
    expect(await audits('document.denied', docId)).toContainEqual({ user_code: 'huzhiqiang', result: 'denied' });
  });

  it('gives the archivist and the document’s readers a filed dispatch as OFD, and says a receipt has none', async () => {
    const detail = await get('admin', ARCHIVE_API.detail, itemId);
    expect(detail.body.data.ofd).toBe(true);
    for (const u of ['admin', 'leader']) {
      const res = await get(u, ARCHIVE_API.ofd, itemId);
      expect(res.status, u).toBe(200);
      const read = await readOfd(res.raw);
      expect(read.problems).toEqual([]);
      expect(read.info.Title).toBe(detail.body.data.title);
    }
    expect((await audits('archive.ofd', itemId)).map((a) => a.user_code).sort()).toEqual(['admin', 'leader']);
    expect((await get('huzhiqiang', ARCHIVE_API.ofd, itemId)).status).toBe(403);
    expect(await audits('archive.denied', itemId)).toContainEqual({ user_code: 'huzhiqiang', result: 'denied' });
    expect((await get('admin', ARCHIVE_API.detail, receiptItem)).body.data.ofd).toBe(false);
    const receipt = await get('admin', ARCHIVE_API.ofd, receiptItem);
    expect(receipt.body.code).not.toBe(0);
    expect(receipt.body.message).toMatch(/来文原件/);
    expect((await get('admin', ARCHIVE_API.ofd, 'nope')).status).toBe(404);
  });
});
