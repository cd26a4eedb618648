import type { Db } from '../database';

/**
 * Demo of messages that leave the system: the administrator's delivery log shows each state on first start —
 * delivered (the far end's answer), failed after every retry (a gateway's refusal), retrying (a mail server's
 * temporary refusal, next try later) — and some demo people have preferences (quiet hours, digests, a channel off).
 * admin, leader and staff keep the defaults (everything at once) that the walkthroughs expect.
 */
interface DemoDelivery {
  user: string;
  channel: string;
  address: string;
  kind: string;
  event: string;
  title: string;
  content: string;
  link: string;
  /** answers of the attempts, oldest first; the last decides the state with `status` */
  answers: string[];
  status: 'sent' | 'failed' | 'pending';
}

const MAIL_OK = '250 2.0.0 Ok: queued as 4F1A2B3C9D';
const DEMO: DemoDelivery[] = [
  {
    user: 'leader',
    channel: 'email',
    address: 'leader@assoc.org.cn',
    kind: 'task',
    event: 'task',
    title: '待审批：关于举办2026年度行业发展论坛的签报',
    content: '刘小雨 提交的「关于举办2026年度行业发展论坛的签报」等待您审批（部门负责人审批）',
    link: '/oa/process',
    answers: [MAIL_OK],
    status: 'sent',
  },
  {
    user: 'chenjing',
    channel: 'dingtalk_robot',
    address: '群',
    kind: 'system',
    event: 'meeting_invite',
    title: '会议邀请：第三季度工作例会',
    content: '王建国邀请您参加「第三季度工作例会」，请回复是否参加。',
    link: '/oa/meeting',
    answers: ['{"errcode":0,"errmsg":"ok"}'],
    status: 'sent',
  },
  {
    user: 'zhaolei',
    channel: 'sms',
    address: '15114247719',
    kind: 'urge',
    event: 'urge',
    title: '催办：办公用品采购申请',
    content: '陈静 催您尽快审批「办公用品采购申请」',
    link: '/oa/process',
    answers: Array.from({ length: 6 }, () => 'HTTP 400 {"Code":"isv.BUSINESS_LIMIT_CONTROL","Message":"触发号码天级流控Permits:10"}'),
    status: 'failed',
  },
  {
    user: 'sunlihua',
    channel: 'email',
    address: 'sunlihua@assoc.org.cn',
    kind: 'system',
    event: 'salary',
    title: '2026年10月工资条已发放',
    content: '请在“工资条查询”中验证身份后查看，并确认或反馈。',
    link: '/oa/salary',
    answers: ['421 4.7.0 mail.assoc.org.cn Try again later, closing connection.', '451 4.3.0 Temporary lookup failure'],
    status: 'pending',
  },
];

const PREFS = [
  {
    user: 'wuxiaodong',
    quiet: ['22:00', '07:30'],
    digestAt: '18:00',
    choices: [
      ['cc', 'email', 'digest'],
      ['unread', 'email', 'digest'],
    ],
  },
  {
    user: 'zhengxiuying',
    quiet: [null, null],
    digestAt: '09:00',
    choices: [
      ['system', 'sms', 'off'],
      ['meeting_change', 'sms', 'off'],
    ],
  },
  {
    user: 'mawentao',
    quiet: ['12:00', '13:30'],
    digestAt: '17:30',
    choices: [
      ['distribute', 'email', 'digest'],
      ['weekly_due', 'wecom_app', 'off'],
    ],
  },
] as const;

const ago = (at: string, minutes: number) => new Date(Date.parse(at) - minutes * 60_000).toISOString();

export async function seedNotify(trx: Db, at: string): Promise<void> {
  for (const [n, d] of DEMO.entries()) {
    const id = `demo${String(n + 1).padStart(4, '0')}`;
    const created = ago(at, 240 - n * 20);
    await trx
      .insertInto('notify_outbox')
      .values({
        id,
        user_code: d.user,
        kind: d.kind,
        event: d.event,
        title: d.title,
        content: d.content,
        link: d.link,
        created_at: created,
        dispatched: 'Y',
      })
      .execute();
    const tries = d.answers.map((answer, i) => ({
      delivery_id: `${id}:${d.channel}`,
      at: ago(created, -(2 ** i)),
      ok: d.status === 'sent' ? 'Y' : 'N',
      answer,
    }));
    await trx
      .insertInto('notify_delivery')
      .values({
        id: `${id}:${d.channel}`,
        outbox_id: id,
        user_code: d.user,
        channel: d.channel,
        address: d.address,
        status: d.status,
        attempts: d.answers.length,
        // a retry waits an hour: the log shows it as retrying on first start
        next_at: d.status === 'pending' ? ago(at, -60) : tries[tries.length - 1].at,
        lease_owner: null,
        lease_until: null,
        last_answer: d.answers[d.answers.length - 1],
        created_at: created,
        sent_at: d.status === 'sent' ? tries[0].at : null,
        digest: 'N',
      })
      .execute();
    await trx
      .insertInto('notify_attempt')
      .values(tries.map((t) => ({ ...t, ok: t.ok as 'Y' | 'N' })))
      .execute();
  }
  for (const p of PREFS) {
    await trx
      .insertInto('notify_person')
      .values({ user_code: p.user, quiet_from: p.quiet[0], quiet_to: p.quiet[1], digest_at: p.digestAt, updated_at: at })
      .execute();
    await trx
      .insertInto('notify_choice')
      .values(p.choices.map(([event, channel, mode]) => ({ user_code: p.user, event, channel, mode })))
      .execute();
  }
}
