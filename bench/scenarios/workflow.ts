/**
 * The to-do centre and every request under load (issue 18): `staff` is a busy approver with 2,071 open
 * tasks among 20,000 instances and 60,000 tasks; the monitor lists every instance. Run alone with
 * BENCH_ONLY='wf '. Each list at 50 connections, next to /health and userinfo in the same run.
 */
import type { Db } from '../../packages/server/src/db/database';
import type { BenchScenario } from '../scenario';

const INSTANCES = 20_000;
const BUSY_OPEN = 2_071;
const at = (i: number) => new Date(Date.UTC(2025, 0, 1) + i * 60_000).toISOString();

export async function setup(db: Db): Promise<void> {
  const users = (await db.selectFrom('sys_user').select('user_code').execute()).map((u) => u.user_code);
  const u = (i: number) => users[i % users.length];
  for (let i = 0; i < INSTANCES; i += 500) {
    const n = Math.min(500, INSTANCES - i);
    await db
      .insertInto('wf_instance')
      .values(
        Array.from({ length: n }, (_, k) => {
          const j = i + k;
          return {
            id: `bi${j}`,
            definition_id: 'bench',
            version: 1,
            module_code: `oa_m${j % 24}`,
            record_id: `br${j}`,
            serial_no: `B${j}`,
            title: `压测申请${j}`,
            initiator: u(j),
            dept_code: null,
            status: 'running' as const,
            form: '{}',
            picks: '{}',
            acted: 'N' as const,
            rev: 0,
            started_at: at(j),
            ended_at: null,
            last_urged_at: null,
          };
        }),
      )
      .execute();
    await db
      .insertInto('wf_task')
      .values(
        Array.from({ length: n * 3 }, (_, k) => {
          const j = i * 3 + k;
          const busy = j % 29 === 0 && j / 29 < BUSY_OPEN;
          return {
            id: `bt${j}`,
            instance_id: `bi${Math.floor(j / 3)}`,
            module_code: `oa_m${Math.floor(j / 3) % 24}`,
            token_id: 'bench',
            node_id: 'n1',
            node_name: '审批',
            assignee: busy ? 'staff' : u(j * 7),
            on_behalf_of: null,
            seq: 0,
            status: busy || j % 2 ? ('open' as const) : ('done' as const),
            result: busy || j % 2 ? null : 'approved',
            comment: null,
            signature_file_id: null,
            added: 'N' as const,
            wait_for: null,
            created_at: at(j),
            opened_at: null,
            acted_at: busy || j % 2 ? null : at(j + 3),
            due_at: null,
            timeout_count: 0,
          };
        }),
      )
      .execute();
  }
}

const W = '/oa/api/auth/oa/process';
const C = '/oa/api/auth/industry/common';
const page = { pageNumber: '1', pageSize: '20' };
export const scenarios: BenchScenario[] = [
  { name: 'wf /health c50', path: '/oa/api/base/health', auth: 'none', connections: 50 },
  { name: 'wf userinfo c50', path: '/oa/api/auth/base/system/userinfo/get', auth: 'staff', connections: 50 },
  { name: 'wf to-do busy c1', path: `${W}/todo`, query: page, auth: 'staff', connections: 1 },
  { name: 'wf to-do busy c50', path: `${W}/todo`, query: page, auth: 'staff', connections: 50 },
  { name: 'wf to-do deep page c1', path: `${W}/todo`, query: { pageNumber: '100', pageSize: '20' }, auth: 'staff', connections: 1 },
  { name: 'wf done c1', path: `${W}/done`, query: page, auth: 'staff', connections: 1 },
  { name: 'wf monitor c1', path: `${W}/admin/instances`, query: page, auth: 'admin', connections: 1 },
  { name: 'wf address book c1', path: `${C}/addressBookList`, query: { keyword: '', platformCode: '1' }, auth: 'staff', connections: 1 },
  {
    name: 'wf address book brief c1',
    path: `${C}/addressBookList`,
    query: { keyword: '', platformCode: '1', brief: 'Y' },
    auth: 'staff',
    connections: 1,
  },
];
