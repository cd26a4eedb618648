import { chinaYear } from '@oa/shared/format/china-time';
import { randomBytes } from 'node:crypto';
import { ORG_CODES, archiveCode, itemSeries } from '@oa/shared/contract/archive';
import { formatDocNo } from '@oa/shared/contract/documents';
import type { Db } from '../database';
import { historyActionLabel } from '@oa/shared/workflow/history-labels';
import { ARCHIVIST_ROLE, DEPT_CLERK_ROLE, DOC_CLERK_ROLE, docType } from './documents.structure';
import { SEED_USERS } from './people.data';

/**
 * Demo of the official documents (issue 19): the document roles' holders, and documents in several states with their
 * processing history, numbers, distribution and archive items — so every page looks alive on first start. The roles,
 * grants, processes and the association's types are structure (documents.structure.ts).
 */

/** Demo holders of the document roles (documents.structure.ts). */
const ROLE_USERS: Array<[role: string, users: string[]]> = [
  [DOC_CLERK_ROLE, ['zhaolei', 'staff']],
  [DEPT_CLERK_ROLE, ['zhoutao', 'hanxue', 'huzhiqiang', 'caoyang', 'dengxiaohong', 'jiangxiaojun', 'yubo', 'chenggang']],
  [ARCHIVIST_ROLE, ['sunlihua']],
];

const id = (p: string) => `${p}${randomBytes(10).toString('hex')}`;
const YEAR = chinaYear();
const day = (offset: number) => new Date(Date.now() - offset * 86400_000).toISOString();

interface Step {
  node: string | null;
  /** the node's id in the seeded process (documents.flows.data.ts); the name when left out */
  nodeId?: string;
  action: string;
  actor: string;
  comment: string | null;
}

async function history(
  trx: Db,
  doc: { id: string; module: string; serial: string; title: string; creator: string; dept: string; form?: Record<string, unknown> },
  steps: Step[],
  startedAt: number,
  status: 'approved' | 'running',
  /** a running process: where it stands (the main chain's token) and the open tasks there */
  waiting?: { nodeId: string; nodeName: string; assignees: string[]; prevApprovers: string[] },
) {
  const inst = id('I');
  const def = await trx
    .selectFrom('wf_definition')
    .select(['id', 'version'])
    .where('module_code', '=', doc.module)
    .where('status', '=', 'published')
    .executeTakeFirst();
  if (!def) return;
  await trx
    .insertInto('wf_instance')
    .values({
      id: inst,
      definition_id: def.id,
      version: def.version,
      module_code: doc.module,
      record_id: doc.id,
      serial_no: doc.serial,
      title: doc.title,
      initiator: doc.creator,
      dept_code: doc.dept,
      status,
      form: JSON.stringify(doc.form ?? {}),
      picks: '{}',
      acted: 'Y',
      rev: steps.length,
      started_at: day(startedAt),
      ended_at: status === 'running' ? null : day(startedAt - steps.length * 0.4),
    })
    .execute();
  const token = id('W');
  if (waiting) {
    const at = day(startedAt - steps.length * 0.4);
    await trx
      .insertInto('wf_token')
      .values({
        id: token,
        instance_id: inst,
        node_id: waiting.nodeId,
        path: '',
        status: 'active',
        prev_approvers: JSON.stringify(waiting.prevApprovers),
        created_at: day(startedAt),
      })
      .execute();
    await trx
      .insertInto('wf_task')
      .values(
        waiting.assignees.map((u, i) => ({
          id: id('K'),
          instance_id: inst,
          module_code: doc.module,
          token_id: token,
          node_id: waiting.nodeId,
          node_name: waiting.nodeName,
          assignee: u,
          seq: i,
          status: 'open' as const,
          added: 'N' as const,
          created_at: at,
          opened_at: at,
          timeout_count: 0,
        })),
      )
      .execute();
  }
  for (const [i, s] of steps.entries()) {
    const at = day(startedAt - i * 0.4);
    const task = s.node ? id('K') : null;
    if (task) {
      await trx
        .insertInto('wf_task')
        .values({
          id: task,
          instance_id: inst,
          module_code: doc.module,
          token_id: waiting ? token : 'seed',
          node_id: s.nodeId ?? s.node!,
          node_name: s.node!,
          assignee: s.actor,
          seq: 0,
          status: 'done',
          result: s.action === 'approve' ? 'approved' : s.action,
          comment: s.comment,
          added: 'N',
          created_at: at,
          opened_at: at,
          acted_at: at,
          timeout_count: 0,
        })
        .execute();
    }
    await trx
      .insertInto('wf_history')
      .values({
        instance_id: inst,
        node_id: s.node ? (s.nodeId ?? s.node) : null,
        node_name: s.node,
        task_id: task,
        action: s.action,
        actor: s.actor,
        comment: s.comment,
        created_at: at,
      })
      .execute();
  }
}

/** Demo: the role holders, a department's own types, documents in several states, in the demo seed's transaction. */
export async function seedDocuments(trx: Db, at: string): Promise<void> {
  await trx
    .insertInto('sys_user_role')
    .values(ROLE_USERS.flatMap(([role_code, users]) => users.map((user_code) => ({ user_code, role_code }))))
    .execute();
  await trx
    .insertInto('doc_type')
    .values([
      docType(at, 'dispatch', 'dept', 'D02', '行业发展部发文', 'X协发展', 1),
      docType(at, 'receipt', 'dept', 'D02', '行业发展部收文', '发展收', 1),
    ])
    .execute();
  const officeType = (prefix: string) =>
    trx
      .selectFrom('doc_type')
      .select(['id', 'prefix'])
      .where('scope', '=', 'office')
      .where('prefix', '=', prefix)
      .executeTakeFirstOrThrow();
  const [xie, upper, member] = [await officeType('X协'), await officeType('上级'), await officeType('会员')];

  const serials = new Map<string, number>();
  const serial = (module: string, prefix: string) => {
    const n = (serials.get(module) ?? 0) + 1;
    serials.set(module, n);
    return `${prefix}${YEAR}${String(n).padStart(4, '0')}`;
  };
  let docSeq = 0;
  /** item numbers run per series (fonds, category, year, retention, organisation), as the archive gives them */
  const itemNos = new Map<string, number>();
  const insertDoc = async (o: {
    kind: 'receipt' | 'dispatch';
    title: string;
    status: string;
    creator: string;
    data: Record<string, unknown>;
    ago: number;
    steps: Step[];
    instance: 'approved' | 'running' | null;
    waiting?: Parameters<typeof history>[5];
    sourceOrg?: string;
    sourceNo?: string;
    mainTo?: string;
    typeId?: string;
    received?: string;
    deadline?: string;
    numbered?: boolean;
    distribute?: string[];
    file?: 'Y' | 'D30' | 'D10';
  }) => {
    const docId = id('D');
    const module = o.kind === 'receipt' ? 'oa_receipt' : 'oa_dispatch';
    const sn = serial(module, o.kind === 'receipt' ? 'SW' : 'FW');
    let docNo: string | null = null;
    let numberId: string | null = null;
    if (o.numbered) {
      docSeq += 1;
      docNo = formatDocNo(xie.prefix, YEAR, docSeq);
      numberId = id('N');
      await trx
        .insertInto('doc_number')
        .values({
          id: numberId,
          type_id: xie.id,
          year: YEAR,
          seq: docSeq,
          doc_no: docNo,
          state: 'used',
          doc_id: docId,
          reason: null,
          created_by: 'zhaolei',
          created_at: day(o.ago - 2),
        })
        .execute();
    }
    const finished = o.status === 'done' || o.status === 'distributed' ? day(o.ago - 3) : null;
    await trx
      .insertInto('doc_document')
      .values({
        id: docId,
        kind: o.kind,
        scope: 'office',
        module_code: module,
        serial_no: sn,
        doc_year: YEAR,
        dept_code: 'D01',
        type_id: o.typeId ?? null,
        title: o.title,
        doc_no: docNo,
        number_id: numberId,
        numbered_at: numberId ? day(o.ago - 2) : null,
        source_org: o.sourceOrg ?? null,
        source_no: o.sourceNo ?? null,
        main_to: o.mainTo ?? null,
        secret_level: '内部',
        urgency: '普通',
        received_date: o.received ?? null,
        deadline: o.deadline ?? null,
        status: o.status,
        archived: o.file ? 'Y' : 'N',
        data: JSON.stringify(o.data),
        printed_file_id: null,
        creator: o.creator,
        created_at: day(o.ago),
        updated_at: day(o.ago - 3),
        submitted_at: o.instance ? day(o.ago) : null,
        finished_at: finished,
      })
      .execute();
    // the process form as the documents area hands it to the engine (documents.lifecycle formOf)
    const form = {
      title: o.title,
      secretLevel: '内部',
      urgency: '普通',
      sourceOrg: o.sourceOrg ?? null,
      sourceNo: o.sourceNo ?? null,
      receivedDate: o.received ?? null,
      deadline: o.deadline ?? null,
      mainTo: o.mainTo ?? null,
      ccTo: o.data.ccTo ?? null,
      leader: o.data.leader ?? null,
      handlers: o.data.handlers ?? [],
      readers: o.data.readers ?? [],
      countersigners: o.data.countersigners ?? [],
      signer: o.data.signer ?? null,
    };
    if (o.instance)
      await history(
        trx,
        { id: docId, module, serial: sn, title: o.title, creator: o.creator, dept: 'D01', form },
        o.steps,
        o.ago,
        o.instance,
        o.waiting,
      );
    for (const u of o.distribute ?? []) {
      await trx
        .insertInto('doc_distribution')
        .values({
          id: id('R'),
          doc_id: docId,
          recipient_kind: 'user',
          recipient_code: u,
          recipient_name: u,
          user_code: u,
          received_at: day(o.ago - 3),
          read_at: u === 'leader' ? day(o.ago - 4) : null,
          created_by: 'zhaolei',
          created_at: day(o.ago - 3),
        })
        .execute();
    }
    if (o.file) {
      const s = { fonds: 'A001', category: 'WS', year: YEAR, retention: o.file, orgCode: ORG_CODES.D01 };
      const itemNo = (itemNos.get(itemSeries(s)) ?? 0) + 1;
      itemNos.set(itemSeries(s), itemNo);
      const p = { ...s, itemNo };
      await trx
        .insertInto('archive_item')
        .values({
          id: id('A'),
          doc_id: docId,
          kind: o.kind,
          scope: 'office',
          fonds: 'A001',
          category: 'WS',
          year: YEAR,
          retention: o.file,
          org_code: p.orgCode,
          item_no: itemNo,
          archive_code: archiveCode(p),
          doc_no: docNo ?? o.sourceNo ?? null,
          responsible: o.sourceOrg ?? '中国行业协会',
          title: o.title,
          doc_date: day(o.ago).slice(0, 10).replace(/-/g, ''),
          secret_level: '内部',
          pages: 3,
          remarks: null,
          box_no: '1',
          roll_id: null,
          sheet: JSON.stringify(
            o.steps.map((s, i) => ({
              node: s.node ?? '登记',
              action: historyActionLabel(s.action),
              actorName: SEED_USERS.find((u) => u.userCode === s.actor)?.userName ?? s.actor,
              comment: s.comment,
              at: day(o.ago - i * 0.4),
            })),
          ),
          pdf_file_id: null,
          attachments: '[]',
          dept_code: 'D01',
          expires_year: o.file === 'Y' ? null : YEAR + (o.file === 'D30' ? 30 : 10),
          filed_by: 'sunlihua',
          filed_at: day(o.ago - 5),
        })
        .execute();
      await trx
        .insertInto('archive_counter')
        .values({ series: itemSeries(s), last_no: itemNo })
        .onConflict((oc) => oc.column('series').doUpdateSet({ last_no: itemNo }))
        .execute();
    }
  };

  const receiptSteps = (instruction: string): Step[] => [
    { node: null, action: 'submit', actor: 'staff', comment: null },
    { node: '初审', nodeId: 'check', action: 'approve', actor: 'zhaolei', comment: '来文要素齐全，拟请办公室主任提出拟办意见。' },
    { node: '拟办', nodeId: 'propose', action: 'approve', actor: 'leader', comment: '拟请陈静副主任阅示，行业发展部牵头办理。' },
    { node: '领导批示', nodeId: 'instruct', action: 'approve', actor: 'chenjing', comment: instruction },
    { node: '承办', nodeId: 'handle', action: 'approve', actor: 'zhangwei', comment: '已按批示办理完毕，相关材料已报送。' },
  ];
  const r = (title: string, sourceOrg: string, sourceNo: string, ago: number, extra: Partial<Parameters<typeof insertDoc>[0]>) =>
    insertDoc({
      kind: 'receipt',
      title,
      sourceOrg,
      sourceNo,
      status: 'done',
      creator: 'staff',
      ago,
      received: day(ago).slice(0, 10),
      typeId: upper.id,
      instance: 'approved',
      steps: receiptSteps('同意拟办意见，请行业发展部抓紧落实，按期报送。'),
      data: { copies: 2, summary: null, leader: 'chenjing', handlers: ['zhangwei'], readers: ['liuyang'], attachments: [] },
      ...extra,
    });
  await r('关于开展2026年度行业统计调查工作的通知', '国家统计局', '国统字〔2026〕31号', 40, { file: 'D30' });
  await r('关于报送行业协会商会年度工作报告的通知', '民政部社会组织管理局', '民社管函〔2026〕18号', 30, { file: 'D10' });
  await r('关于推荐2026年度优秀会员单位的函', '华东会员联络处', '华东联〔2026〕5号', 14, {
    typeId: member.id,
    deadline: day(-10).slice(0, 10),
  });
  // mid-process: proposed by the office, awaiting the leader's 批示 (chenjing's to-do)
  await r('关于报送2026年度行业运行监测数据的通知', '工业和信息化部', '工信厅运函〔2026〕112号', 3, {
    status: 'running',
    instance: 'running',
    deadline: day(-7).slice(0, 10),
    steps: receiptSteps('').slice(0, 3),
    waiting: { nodeId: 'instruct', nodeName: '领导批示', assignees: ['chenjing'], prevApprovers: ['leader'] },
  });
  await insertDoc({
    kind: 'receipt',
    title: '关于征求《行业团体标准管理办法（征求意见稿）》意见的函',
    sourceOrg: '国家标准化管理委员会',
    sourceNo: '标委办函〔2026〕77号',
    status: 'draft',
    creator: 'staff',
    ago: 1,
    received: day(1).slice(0, 10),
    typeId: upper.id,
    instance: null,
    steps: [],
    data: { copies: 1, leader: null, handlers: [], readers: [], attachments: [] },
  });

  const body =
    '<p>为深入贯彻落实行业高质量发展要求，进一步发挥协会桥梁纽带作用，经研究，决定开展相关工作。现将有关事项通知如下：</p><p>一、工作目标</p><p>围绕行业发展重点任务，服务会员单位，推动行业规范发展。</p><p>二、工作要求</p><p>（一）各单位要高度重视，明确专人负责。</p><p>（二）请于规定时间内将有关材料报送协会办公室。</p>';
  const dispatchSteps: Step[] = [
    { node: null, action: 'submit', actor: 'lina', comment: null },
    { node: '核稿', nodeId: 'review', action: 'approve', actor: 'zhaolei', comment: '文字规范，格式符合要求。' },
    { node: '会签', nodeId: 'countersign', action: 'approve', actor: 'liuyang', comment: '会员服务部同意。' },
    { node: '会签', nodeId: 'countersign', action: 'approve', actor: 'huangli', comment: '财务部同意，经费在年度预算内列支。' },
    { node: '签发', nodeId: 'sign', action: 'approve', actor: 'leader', comment: '同意印发。' },
  ];
  const dd = (title: string, status: string, ago: number, extra: Partial<Parameters<typeof insertDoc>[0]>) =>
    insertDoc({
      kind: 'dispatch',
      title,
      status,
      creator: 'lina',
      ago,
      mainTo: '各会员单位',
      typeId: xie.id,
      instance: 'approved',
      steps: dispatchSteps,
      data: {
        ccTo: '协会各部门',
        countersigners: ['liuyang', 'huangli'],
        signer: 'leader',
        issuer: null,
        bodyHtml: body,
        bodyFileId: null,
        attachments: [],
        attachNote: null,
        copies: 60,
      },
      ...extra,
    });
  await dd('关于召开2026年度会员代表大会的通知', 'distributed', 35, {
    numbered: true,
    distribute: ['leader', 'zhangwei', 'liuyang'],
    file: 'D30',
  });
  await dd('关于开展行业诚信体系建设评价工作的通知', 'distributed', 20, { numbered: true, distribute: ['leader', 'staff', 'zhangwei'] });
  await dd('关于印发《协会会员管理办法》的通知', 'signed', 5, {});
  // mid-process: reviewed, countersigned by 会员服务部, awaiting 财务部's countersign (huangli's to-do)
  await dd('关于开展2026年度会员单位满意度调查的通知', 'running', 2, {
    instance: 'running',
    steps: dispatchSteps.slice(0, 3),
    waiting: { nodeId: 'countersign', nodeName: '会签', assignees: ['huangli'], prevApprovers: ['zhaolei'] },
  });
  // mid-process: reviewed and countersigned, awaiting the director's 签发 (the leader's to-do on 首页)
  await dd('关于做好2026年度行业人才培训工作的通知', 'running', 1, {
    instance: 'running',
    steps: dispatchSteps.slice(0, 4),
    waiting: { nodeId: 'sign', nodeName: '签发', assignees: ['leader'], prevApprovers: ['liuyang', 'huangli'] },
  });
  await insertDoc({
    kind: 'dispatch',
    title: '关于举办2026年行业发展论坛的通知（草稿）',
    status: 'draft',
    creator: 'lina',
    ago: 2,
    mainTo: '各会员单位',
    typeId: xie.id,
    instance: null,
    steps: [],
    data: {
      ccTo: null,
      countersigners: ['liuyang'],
      signer: 'leader',
      issuer: null,
      bodyHtml: body,
      bodyFileId: null,
      attachments: [],
      attachNote: null,
      copies: 30,
    },
  });
  await trx.insertInto('doc_counter').values({ type_id: xie.id, year: YEAR, last_no: docSeq }).execute();
  for (const [module, n] of serials)
    await trx
      .insertInto('archive_counter')
      .values({ series: `serial:${module}:${YEAR}`, last_no: n })
      .execute();
}
