import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPROVAL_SAMPLES, FILE_PLACEHOLDER } from '@oa/shared/test/approval-samples';
import { createTestApp, testDialects, type TestApp } from '../../../test/harness';

const DIALECTS = await testDialects();
const PREVIEW = '/oa/api/auth/oa/workflow/approverPreview';
const SAMPLES = APPROVAL_SAMPLES.filter((s) => !s.variant && !JSON.stringify(s.data).includes(FILE_PLACEHOLDER));

describe.each(DIALECTS)('approver chain before submitting on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(async () => t?.close());

  it('names the people the submitted form then really waits for', async () => {
    const staff = await t.login('staff');
    for (const sample of SAMPLES.slice(0, 3)) {
      const res = await t.call('POST', PREVIEW, { token: staff, body: { moduleCode: sample.code, form: sample.data } });
      expect(res.status, res.body.message).toBe(200);
      const p = res.body.data;
      expect(p.steps.length, sample.code).toBeGreaterThan(0);
      const first = p.steps.find((s: { outcome: string }) => s.outcome === 'tasks');
      expect(first, sample.code).toBeTruthy();
      expect(first.people.length).toBeGreaterThan(0);

      const sub = await t.call('POST', `/oa/api/auth/oa/records/${sample.code}/submit`, { token: staff, body: { data: sample.data } });
      expect(sub.body.code, sub.body.message).toBe(0);
      const rec = await t.ctx.db
        .selectFrom('business_record')
        .select('instance_id')
        .where('id', '=', sub.body.data.id)
        .executeTakeFirstOrThrow();
      const open = await t.ctx.db
        .selectFrom('wf_task')
        .select(['assignee', 'node_id'])
        .where('instance_id', '=', rec.instance_id!)
        .where('status', '=', 'open')
        .execute();
      expect(open.map((o) => o.node_id)).toContain(first.nodeId);
      expect(
        open
          .filter((o) => o.node_id === first.nodeId)
          .map((o) => o.assignee)
          .sort(),
      ).toEqual(
        first.people
          .filter((x: { auto: boolean }) => !x.auto)
          .map((x: { userCode: string }) => x.userCode)
          .sort(),
      );
    }
  });

  it('a module nobody configured shows the built-in department-leader step', async () => {
    const staff = await t.login('staff');
    const code = SAMPLES[0].code;
    await t.ctx.db.updateTable('wf_definition').set({ status: 'archived' }).where('module_code', '=', code).execute();
    const p = (await t.call('POST', PREVIEW, { token: staff, body: { moduleCode: code, form: SAMPLES[0].data } })).body.data;
    expect(p.steps.map((s: { nodeName: string }) => s.nodeName)).toEqual(['部门负责人审批']);
    expect(p.steps[0].people.map((x: { userName: string }) => x.userName)).toContain('王建国');
  });

  it('checks the module permission and the input', async () => {
    const staff = await t.login('staff');
    // a module the user may not create records of (here: none such) is refused
    const denied = await t.call('POST', PREVIEW, { token: staff, body: { moduleCode: 'no_such_module', form: {} } });
    expect(denied.status).toBe(403);
    expect((await t.call('POST', PREVIEW, { token: staff, body: { form: {} } })).status).toBe(400);
    expect((await t.call('POST', PREVIEW, { token: staff, body: { moduleCode: SAMPLES[0].code, form: 'x' } })).status).toBe(400);
    expect((await t.call('POST', PREVIEW, { body: { moduleCode: SAMPLES[0].code, form: {} } })).status).toBe(401);
  });
});
