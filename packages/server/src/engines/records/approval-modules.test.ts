import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPROVAL_SAMPLES } from '@oa/shared/test/approval-samples';
import { createTestApp, testDialects, type TestApp } from '../../../test/harness';
import { base, countRecords } from '../../../test/records/records-fixture';
import { driveToApproved, invalidCases, submit, withFiles } from '../../../test/records/approval-kit';

/**
 * Issue 6, approval half: every approval module submits a valid application that the seeded default
 * process carries to approved through the workflow task API, and refuses invalid ones naming the field.
 */

const DIALECTS = await testDialects();
const VALID = APPROVAL_SAMPLES.map((s) => [`${s.code}${s.variant ? `/${s.variant}` : ''}`, s] as const);

describe.each(DIALECTS)('approval modules on %s', (dialect) => {
  let t: TestApp;
  let staff: string;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    staff = await t.login('staff');
  });
  afterAll(async () => t?.close());

  it('has a published default process for every module', async () => {
    const defs = await t.ctx.db.selectFrom('wf_definition').select('module_code').where('status', '=', 'published').execute();
    const bound = new Set(defs.map((d) => d.module_code));
    for (const s of APPROVAL_SAMPLES) expect(bound.has(s.code), s.code).toBe(true);
  });

  it.each(VALID)('%s: a valid application is submitted and approved', async (_name, s) => {
    const data = await withFiles(t, 'staff', s.data);
    const sub = await submit(t, staff, s.code, data, s.variant);
    expect(sub.body, JSON.stringify(sub.body.data)).toMatchObject({ code: 0, data: { status: 'running', applicant: 'staff' } });
    expect(sub.body.data.serialNo).toMatch(/^[A-Z]{2}\d{8}$/);
    const id = sub.body.data.id as string;
    const done = await driveToApproved(t, s.code, id);
    expect(done.status).toBe('approved');
    expect(done.steps[0]).toMatch(/:leader$/); // the department leader of 办公室 first
    const got = await t.call('GET', `${base(s.code)}/get`, { token: staff, query: { id } });
    expect(got.body.data).toMatchObject({ status: 'approved', variant: s.variant ?? null });
    const list = await t.call('GET', `${base(s.code)}/list`, { token: staff, query: { pageNumber: '1', pageSize: '10' } });
    expect(list.body.data.list.map((r: { id: string }) => r.id)).toContain(id);
  });

  it.each(invalidCases())('refuses %s, naming the field', async (_name, s, data, field) => {
    const before = await countRecords(t, s.code);
    const res = await submit(t, staff, s.code, await withFiles(t, 'staff', data), s.variant);
    expect(res.status).toBe(400);
    const fields = [res.body.data?.field, ...((res.body.data?.issues ?? []) as Array<{ field: string }>).map((i) => i.field)];
    expect(fields).toContain(`data.${field}`);
    expect(res.body.message).toMatch(/[\u4e00-\u9fa5]/);
    expect(await countRecords(t, s.code)).toBe(before);
  });
});
