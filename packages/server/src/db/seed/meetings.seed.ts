import { chinaDate, chinaInstant } from '@oa/shared/format/china-time';
import { ROLE_DEFAULT } from '@oa/shared/constants';
import type { Db } from '../database';

/** What every user may do with meetings (default role): book, see the calendar, watch live meetings. */
const DEFAULT_FUNCTIONS = [
  'office',
  'office_meet',
  'office_meet_room',
  'office_meet_apply',
  'office_meet_modify',
  'office_meet_detail',
  'office_live',
  'office_live_index',
  'office_live_play',
  'oa_meeting:create',
  'oa_meeting:read',
];

const ROOMS = [
  {
    name: '第一会议室',
    building: 'A座',
    floor: '3层',
    room_no: '301',
    capacity: 20,
    equipment: ['投影仪', '白板', '电话会议'],
    need_approval: 'N',
    approver: null,
  },
  {
    name: '第二会议室',
    building: 'A座',
    floor: '3层',
    room_no: '305',
    capacity: 12,
    equipment: ['大屏幕', '白板'],
    need_approval: 'N',
    approver: null,
  },
  {
    name: '多功能厅',
    building: 'B座',
    floor: '1层',
    room_no: '101',
    capacity: 120,
    equipment: ['投影仪', '音响话筒', '视频会议终端', '同声传译'],
    need_approval: 'Y',
    approver: 'leader',
  },
  {
    name: '视频会议室',
    building: 'B座',
    floor: '5层',
    room_no: '502',
    capacity: 30,
    equipment: ['视频会议终端', '大屏幕', '音响话筒'],
    need_approval: 'N',
    approver: null,
  },
  { name: '洽谈室', building: 'A座', floor: '5层', room_no: '508', capacity: 6, equipment: ['大屏幕'], need_approval: 'N', approver: null },
  {
    name: '党员活动室',
    building: 'B座',
    floor: '3层',
    room_no: '306',
    capacity: 40,
    equipment: ['投影仪', '音响话筒'],
    need_approval: 'N',
    approver: null,
  },
] as const;

/** day offset from today, local hours, room index, title, type, organiser, dept, host, invitees */
const BOOKINGS: Array<[number, number, number, number, string, string, string, string, string, string[]]> = [
  [-3, 9, 11, 0, '办公室周例会', '部门例会', 'leader', 'D01', 'leader', ['staff', 'chenjing', 'zhaolei', 'sunlihua', 'zhoutao']],
  [-2, 14, 16, 3, '信息化建设项目评审会', '评审会', 'guomin', 'D06', 'guomin', ['liangzhenyu', 'xiaoyu', 'jiangxiaojun', 'admin']],
  [-1, 10, 12, 1, '会员服务季度工作分析', '专题会议', 'liuyang', 'D03', 'liuyang', ['wangfang', 'huzhiqiang', 'linxiaoyan']],
  [-1, 15, 17, 5, '党支部主题党日活动', '其他', 'weihongxia', 'D08', 'weihongxia', ['yuanlixin', 'caiwenjing', 'chenggang', 'dujuan']],
  [0, 9, 10, 0, '办公室晨会', '部门例会', 'leader', 'D01', 'leader', ['staff', 'chenjing', 'zhaolei']],
  [
    0,
    14,
    16,
    2,
    '年度行业发展报告编制推进会',
    '办公会议',
    'zhangwei',
    'D02',
    'leader',
    ['lina', 'wuxiaodong', 'zhengxiuying', 'staff', 'mawentao'],
  ],
  [0, 16, 17, 4, '外宾来访接待准备', '接待会谈', 'tangguohua', 'D07', 'tangguohua', ['hejingyi', 'zengqingfeng', 'yeqing']],
  [1, 9, 11, 0, '财务预算执行情况通报会', '办公会议', 'huangli', 'D04', 'huangli', ['xuming', 'pengdan', 'staff', 'leader']],
  [1, 14, 17, 3, '新员工入职培训', '培训', 'yangfan', 'D05', 'yangfan', ['xieting', 'luobin', 'dengxiaohong', 'tianye']],
  [2, 10, 12, 1, '行业标准起草工作组会议', '专题会议', 'lina', 'D02', 'zhangwei', ['wuxiaodong', 'hanxue', 'staff']],
  [2, 15, 16, 4, '会员单位座谈', '接待会谈', 'wangfang', 'D03', 'liuyang', ['songjia', 'gaoxiang']],
  [
    3,
    9,
    12,
    2,
    '秘书长办公会',
    '办公会议',
    'leader',
    'D01',
    'leader',
    ['zhangwei', 'liuyang', 'huangli', 'yangfan', 'guomin', 'tangguohua', 'weihongxia'],
  ],
  [4, 14, 16, 5, '工会委员会会议', '其他', 'yuanlixin', 'D08', 'weihongxia', ['caiwenjing', 'dujuan', 'xieting']],
];

const DAY = 86_400_000;

/** What every user may do with meetings, in the structure seed's transaction. */
export async function seedMeetingGrants(trx: Db): Promise<void> {
  const roles = DEFAULT_FUNCTIONS.map((fun_code) => ({ role_code: ROLE_DEFAULT, fun_code }));
  const have = await trx.selectFrom('sys_function').select('fun_code').where('fun_code', 'in', DEFAULT_FUNCTIONS).execute();
  const granted = await trx.selectFrom('sys_role_function').select('fun_code').where('role_code', '=', ROLE_DEFAULT).execute();
  const haveSet = new Set(have.map((f) => f.fun_code));
  const grantedSet = new Set(granted.map((f) => f.fun_code));
  const grants = roles.filter((g) => haveSet.has(g.fun_code) && !grantedSet.has(g.fun_code));
  if (grants.length) await trx.insertInto('sys_role_function').values(grants).execute();
}

/** Demo: meeting rooms, a week of bookings around today and live meetings (one open, so the top bar shows it). */
export async function seedMeetings(trx: Db, at: string): Promise<void> {
  const roomIds: number[] = [];
  for (const [i, r] of ROOMS.entries()) {
    const row = await trx
      .insertInto('meeting_room')
      .values({
        ...r,
        equipment: JSON.stringify(r.equipment),
        photo_file_id: null,
        available: 'Y',
        remark: null,
        sort_no: (i + 1) * 10,
        lock_ver: 0,
        deleted: 'N',
        created_at: at,
        updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    roomIds.push(Number(row.id));
  }

  const now = Date.parse(at);
  const todayLocal = Date.parse(chinaInstant(chinaDate(now))); // China's midnight as an instant
  for (const [day, from, to, room, title, type, organizer, dept, host, invitees] of BOOKINGS) {
    const start = todayLocal + day * DAY + from * 3600_000;
    const end = todayLocal + day * DAY + to * 3600_000;
    const started = start <= now;
    const ended = end <= now;
    const m = await trx
      .insertInto('meeting')
      .values({
        series_id: 0,
        recurrence: null,
        room_id: roomIds[room],
        title,
        meeting_type: type,
        start_at: new Date(start).toISOString(),
        end_at: new Date(end).toISOString(),
        status: 'approved',
        organizer,
        dept_code: dept,
        host,
        attendee_count: invitees.length + 1,
        invite_depts: '[]',
        materials: '[]',
        content: `一、${title}相关情况通报\n二、讨论并部署下一阶段工作\n三、其他事项`,
        remark: null,
        checked_in: 0,
        minutes: ended ? `会议由${host === organizer ? '组织者' : '主持人'}主持，与会人员围绕议题进行了充分讨论，形成决议如下。` : null,
        resolutions: ended
          ? JSON.stringify([{ content: `落实「${title}」议定事项，按期报送进展`, ownerDept: null, deadline: null }])
          : '[]',
        minutes_by: ended ? host : null,
        minutes_at: ended ? new Date(end).toISOString() : null,
        cancel_reason: null,
        created_at: at,
        updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const id = Number(m.id);
    await trx.updateTable('meeting').set({ series_id: id }).where('id', '=', id).execute();
    const people = [...new Set([organizer, host, ...invitees])];
    await trx
      .insertInto('meeting_invitee')
      .values(
        people.map((user_code, k) => {
          const answered = user_code === organizer || started || k % 3 !== 2;
          const checked = started && k % 4 !== 3;
          return {
            meeting_id: id,
            user_code,
            response: answered ? ('accepted' as const) : ('pending' as const),
            responded_at: answered ? at : null,
            decline_reason: null,
            checkin_at: checked ? new Date(start + 5 * 60_000).toISOString() : null,
            checkin_by: checked ? user_code : null,
          };
        }),
      )
      .execute();
    if (started) {
      const n = people.filter((_, k) => k % 4 !== 3).length;
      await trx.updateTable('meeting').set({ checked_in: n }).where('id', '=', id).execute();
    }
  }

  const live = '/oa/demo-live/index.m3u8';
  const day = chinaDate(now).replace(/-/g, '');
  await trx
    .insertInto('meeting_live')
    .values([
      {
        info_code: `ZB${day}001`,
        meeting_topic: '2026年度行业工作会议（直播）',
        status: 'live',
        is_close: 'O',
        start_at: new Date(now - 20 * 60_000).toISOString(),
        end_at: null,
        inner_url: live,
        outer_url: live,
        replay_url: null,
        speaker: '王建国',
        remark: '全体会员单位在线收看',
        created_by: 'admin',
        created_at: at,
        updated_at: at,
      },
      {
        info_code: `ZB${day}002`,
        meeting_topic: '行业标准宣贯培训',
        status: 'ended',
        is_close: 'C',
        start_at: new Date(now - 3 * DAY).toISOString(),
        end_at: new Date(now - 3 * DAY + 2 * 3600_000).toISOString(),
        inner_url: live,
        outer_url: live,
        replay_url: live,
        speaker: '张伟',
        remark: null,
        created_by: 'admin',
        created_at: at,
        updated_at: at,
      },
      {
        info_code: `ZB${day}003`,
        meeting_topic: '会员服务政策解读会',
        status: 'scheduled',
        is_close: 'C',
        start_at: new Date(now + 2 * DAY).toISOString(),
        end_at: null,
        inner_url: live,
        outer_url: live,
        replay_url: null,
        speaker: '刘洋',
        remark: null,
        created_by: 'admin',
        created_at: at,
        updated_at: at,
      },
    ])
    .execute();
}
