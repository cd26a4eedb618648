import { z } from 'zod';
import { pageQuery } from './envelope';

/**
 * Meeting rooms, bookings and live meetings (spec §2 "Meeting rooms" / "Live meetings", §7 "Meetings").
 * Spec calls keep their exact paths; the rest lives under /api/auth/oa/meetings/.
 */
const O = '/api/auth/industry/meeting/ordinary';
const A = '/api/auth/oa/meetings';
export const MEETING_API = {
  list: `${O}/meetingList`,
  insert: `${O}/insert`,
  freeRooms: `${O}/getLeavedRoomList`,
  liveList: `${O}/meetingLiveList`,
  editLive: `${O}/editMeetingLive`,
  arrangement: `${O}/meetingArrangementList`,
  get: `${O}/get`,
  close: `${O}/close`,
  update: `${O}/update`,
  remove: `${O}/delete`,
  delLive: `${O}/delMeetingLive`,
  rooms: `${A}/rooms`,
  room: `${A}/room`,
  respond: `${A}/respond`,
  checkin: `${A}/checkin`,
  checkinBy: `${A}/checkinBy`,
  minutes: `${A}/minutes`,
  liveGet: `${A}/live`,
} as const;

/** Meeting types offered on the booking form. */
export const MEETING_TYPES = ['办公会议', '部门例会', '专题会议', '评审会', '培训', '接待会谈', '其他'] as const;
export const ROOM_EQUIPMENT = ['投影仪', '大屏幕', '视频会议终端', '音响话筒', '白板', '电话会议', '同声传译'] as const;

/** pending: waiting for the room's approver (holds the slot) · approved: booked · released: nobody checked in. */
export const MEETING_STATUSES = ['pending', 'approved', 'rejected', 'cancelled', 'released'] as const;
export type MeetingStatus = (typeof MEETING_STATUSES)[number];
export const MEETING_STATUS_LABELS: Record<MeetingStatus, string> = {
  pending: '待审批',
  approved: '已预订',
  rejected: '已驳回',
  cancelled: '已取消',
  released: '已释放（无人签到）',
};
/** Statuses that occupy the room. */
export const BLOCKING_STATUSES: readonly MeetingStatus[] = ['pending', 'approved'];

export const LIVE_STATUSES = ['scheduled', 'live', 'ended'] as const;
export type LiveStatus = (typeof LIVE_STATUSES)[number];
export const LIVE_STATUS_LABELS: Record<LiveStatus, string> = { scheduled: '未开始', live: '直播中', ended: '已结束' };

// ---- shared pieces --------------------------------------------------------------------------------

const isoTime = (label: string) =>
  z
    .string({ message: `请选择${label}` })
    .trim()
    .min(1, { message: `请选择${label}` })
    .max(40, { message: `${label}格式不正确` })
    .refine((v) => !Number.isNaN(Date.parse(v)), { message: `${label}格式不正确` });
const idNum = (label: string) =>
  z.coerce
    .number({ message: `缺少${label}` })
    .int({ message: `${label}不正确` })
    .positive({ message: `${label}不正确` });
const text = (label: string, max: number) =>
  z
    .string({ message: `${label}格式不正确` })
    .trim()
    .max(max, { message: `${label}不能超过${max}个字` });
const url = (label: string) =>
  text(label, 500).refine((v) => v === '' || /^(https?:\/\/|\/)/i.test(v), { message: `${label}须以 http(s):// 或 / 开头` });
const userCode = z.string({ message: '人员编号不正确' }).trim().min(1).max(64, { message: '人员编号不正确' });
const flag = z.enum(['Y', 'N'], { message: '请选择是或否' });

// ---- rooms ----------------------------------------------------------------------------------------

export const meetingRoom = z.object({
  id: z.number().int(),
  name: z.string(),
  building: z.string().nullable(),
  floor: z.string().nullable(),
  roomNo: z.string().nullable(),
  capacity: z.number().int(),
  equipment: z.array(z.string()),
  photoFileId: z.string().nullable(),
  needApproval: flag,
  approver: z.string().nullable(),
  approverName: z.string().nullable(),
  available: flag,
  remark: z.string().nullable(),
  sortNo: z.number().int(),
});
export type MeetingRoom = z.infer<typeof meetingRoom>;

export const roomBody = z.object({
  id: idNum('会议室编号 id').optional(),
  name: z
    .string({ message: '请输入会议室名称' })
    .trim()
    .min(1, { message: '请输入会议室名称' })
    .max(50, { message: '会议室名称不能超过50个字' }),
  building: text('楼宇', 50).optional().nullable(),
  floor: text('楼层', 20).optional().nullable(),
  roomNo: text('房间号', 20).optional().nullable(),
  capacity: z
    .number({ message: '请输入容纳人数' })
    .int({ message: '容纳人数须为整数' })
    .min(1, { message: '容纳人数至少为1' })
    .max(2000, { message: '容纳人数不能超过2000' }),
  equipment: z.array(text('设备', 20), { message: '设备格式不正确' }).max(20, { message: '设备最多20项' }).default([]),
  photoFileId: z
    .string()
    .trim()
    .regex(/^f[0-9a-f]{30}$/, { message: '会议室照片无效' })
    .optional()
    .nullable(),
  needApproval: flag.default('N'),
  approver: userCode.optional().nullable(),
  available: flag.default('Y'),
  remark: text('备注', 500).optional().nullable(),
  sortNo: z.number({ message: '排序号须为数字' }).int().min(0).max(9999).default(0),
});
export type RoomBody = z.infer<typeof roomBody>;
export const roomListQuery = z.object({ available: flag.optional(), keyword: text('关键字', 50).optional() });
export const idQuery = z.object({ id: idNum('编号 id') });
export const idBody = z.object({ id: idNum('编号 id') });

/** A free room for a time range: the register entry, free or with its clashing bookings. */
export const freeRoomQuery = z.object({
  startTime: isoTime('开始时间'),
  endTime: isoTime('结束时间'),
  capacity: z.coerce.number({ message: '人数须为数字' }).int().min(0).max(2000).optional(),
  /** a booking being edited: its own slot does not count */
  excludeId: idNum('会议编号').optional(),
  /** 'Y': list busy rooms too (with the meeting that holds them) */
  all: flag.optional(),
});
export const roomAvailability = meetingRoom.extend({
  free: z.boolean(),
  busyWith: z.array(
    z.object({ id: z.number().int(), title: z.string(), startTime: z.string(), endTime: z.string(), organizerName: z.string() }),
  ),
});
export type RoomAvailability = z.infer<typeof roomAvailability>;

// ---- meetings -------------------------------------------------------------------------------------

export const attachment = z.object({ fileId: z.string(), fileName: z.string(), size: z.number(), mime: z.string() });
export type MeetingAttachment = z.infer<typeof attachment>;
export const resolution = z.object({
  content: z
    .string({ message: '请填写决议内容' })
    .trim()
    .min(1, { message: '请填写决议内容' })
    .max(500, { message: '决议内容不能超过500个字' }),
  ownerDept: text('承办部门', 50).optional().nullable(),
  deadline: text('完成时限', 20).optional().nullable(),
});
export type Resolution = z.infer<typeof resolution>;

export const recurrence = z.object({
  freq: z.enum(['none', 'daily', 'weekly', 'monthly'], { message: '重复方式不正确' }).default('none'),
  /** last day of the series (YYYY-MM-DD, inclusive) */
  until: z
    .string({ message: '请选择重复截止日期' })
    .regex(/^\d{4}-\d{2}-\d{2}$/, { message: '重复截止日期格式不正确' })
    .optional()
    .nullable(),
});

const bookingFields = {
  title: z
    .string({ message: '请输入会议主题' })
    .trim()
    .min(1, { message: '请输入会议主题' })
    .max(100, { message: '会议主题不能超过100个字' }),
  meetingType: z.enum(MEETING_TYPES, { message: '请选择会议类型' }),
  roomId: idNum('会议室'),
  startTime: isoTime('开始时间'),
  endTime: isoTime('结束时间'),
  host: userCode.optional().nullable(),
  attendeeCount: z
    .number({ message: '参会人数须为数字' })
    .int()
    .min(0)
    .max(2000, { message: '参会人数不能超过2000' })
    .optional()
    .nullable(),
  invitees: z.array(userCode, { message: '参会人员格式不正确' }).max(500, { message: '参会人员最多500人' }).default([]),
  inviteDepts: z.array(text('参会部门', 32), { message: '参会部门格式不正确' }).max(50, { message: '参会部门最多50个' }).default([]),
  materials: z.array(attachment, { message: '会议材料格式不正确' }).max(20, { message: '会议材料最多20个' }).default([]),
  content: text('会议议程', 2000).optional().nullable(),
  remark: text('备注', 500).optional().nullable(),
};
export const meetingInsert = z.object({
  ...bookingFields,
  recurrence: recurrence.default({ freq: 'none' }),
  /** book the free occurrences of a series and skip the clashing ones */
  skipClashes: z.boolean({ message: 'skipClashes 须为布尔值' }).default(false),
});
export type MeetingInsert = z.infer<typeof meetingInsert>;
export const meetingUpdate = z.object({ id: idNum('会议编号 id'), ...bookingFields });
export type MeetingUpdate = z.infer<typeof meetingUpdate>;
export const meetingDelete = z.object({
  id: idNum('会议编号 id'),
  /** 'one' this occurrence, 'series' this and the later occurrences of its series */
  scope: z.enum(['one', 'series'], { message: '取消范围不正确' }).default('one'),
  reason: text('取消原因', 200).optional().nullable(),
});

export const meetingListQuery = pageQuery.extend({
  pageSize: z.coerce.number().int().min(1).max(2000).default(10),
  /** 'mine' (organised, hosted or invited), 'all' (needs oa_meeting:manage), 'calendar' (every booking, for the room calendar) */
  view: z.enum(['mine', 'all', 'calendar'], { message: '视图不正确' }).default('mine'),
  from: isoTime('起始时间').optional(),
  to: isoTime('截止时间').optional(),
  roomId: idNum('会议室').optional(),
  status: z.enum(MEETING_STATUSES, { message: '状态不正确' }).optional(),
  keyword: text('关键字', 50).optional(),
});
export type MeetingListQuery = z.infer<typeof meetingListQuery>;

export const meetingItem = z.object({
  id: z.number().int(),
  seriesId: z.number().int(),
  title: z.string(),
  meetingType: z.string(),
  roomId: z.number().int(),
  roomName: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  status: z.enum(MEETING_STATUSES),
  organizer: z.string(),
  organizerName: z.string(),
  deptCode: z.string().nullable(),
  deptName: z.string().nullable(),
  host: z.string().nullable(),
  hostName: z.string().nullable(),
  checkedIn: z.number().int(),
  /** the current user's answer to the invitation, when invited */
  myResponse: z.enum(['pending', 'accepted', 'declined']).nullable(),
});
export type MeetingItem = z.infer<typeof meetingItem>;

export const invitee = z.object({
  userCode: z.string(),
  userName: z.string(),
  deptName: z.string().nullable(),
  response: z.enum(['pending', 'accepted', 'declined']),
  respondedAt: z.string().nullable(),
  declineReason: z.string().nullable(),
  checkinAt: z.string().nullable(),
  checkinBy: z.string().nullable(),
});
export const meetingDetail = meetingItem.extend({
  content: z.string().nullable(),
  remark: z.string().nullable(),
  attendeeCount: z.number().int().nullable(),
  inviteDepts: z.array(z.object({ deptCode: z.string(), deptName: z.string() })),
  invitees: z.array(invitee),
  materials: z.array(attachment),
  minutes: z.string().nullable(),
  resolutions: z.array(resolution),
  minutesBy: z.string().nullable(),
  minutesAt: z.string().nullable(),
  cancelReason: z.string().nullable(),
  room: meetingRoom.nullable(),
  occurrences: z.number().int(),
  recurrence: z.string().nullable(),
  /** when a room is released if nobody has checked in (minutes after start) */
  releaseMinutes: z.number().int(),
  can: z.object({
    edit: z.boolean(),
    cancel: z.boolean(),
    respond: z.boolean(),
    checkin: z.boolean(),
    manageCheckin: z.boolean(),
    minutes: z.boolean(),
  }),
});
export type MeetingDetail = z.infer<typeof meetingDetail>;

export const respondBody = z.object({
  id: idNum('会议编号 id'),
  response: z.enum(['accepted', 'declined'], { message: '请选择参加或不参加' }),
  reason: text('原因', 200).optional().nullable(),
});
export const checkinByBody = z.object({ id: idNum('会议编号 id'), userCode });
export const minutesBody = z.object({
  id: idNum('会议编号 id'),
  minutes: z
    .string({ message: '请填写会议纪要' })
    .trim()
    .min(1, { message: '请填写会议纪要' })
    .max(20000, { message: '会议纪要不能超过20000个字' }),
  resolutions: z.array(resolution, { message: '决议格式不正确' }).max(50, { message: '决议最多50条' }).default([]),
});

export const arrangementQuery = z.object({
  range: z.enum(['today', 'week', 'month'], { message: '范围须为 today、week 或 month' }).default('week'),
  /** a day inside the range (YYYY-MM-DD); default today */
  date: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, { message: '日期格式不正确' })
    .optional(),
});
export const arrangement = z.object({
  from: z.string(),
  to: z.string(),
  meetings: z.array(meetingItem),
  byRoom: z.array(z.object({ roomId: z.number().int(), roomName: z.string(), count: z.number().int(), hours: z.number() })),
  byDept: z.array(z.object({ deptCode: z.string().nullable(), deptName: z.string(), count: z.number().int(), hours: z.number() })),
});
export type Arrangement = z.infer<typeof arrangement>;

export const clash = z.object({
  startTime: z.string(),
  endTime: z.string(),
  meetingId: z.number().int(),
  title: z.string(),
  roomName: z.string(),
});
export type Clash = z.infer<typeof clash>;
export const insertResult = z.object({
  ids: z.array(z.number().int()),
  seriesId: z.number().int(),
  status: z.enum(MEETING_STATUSES),
  skipped: z.array(clash),
});

// ---- live meetings --------------------------------------------------------------------------------

export const liveMeeting = z.object({
  id: z.number().int(),
  infoCode: z.string(),
  meetingTopic: z.string(),
  status: z.enum(LIVE_STATUSES),
  isClose: z.enum(['O', 'C']),
  startTime: z.string().nullable(),
  endTime: z.string().nullable(),
  innerUrl: z.string().nullable(),
  outerUrl: z.string().nullable(),
  replayUrl: z.string().nullable(),
  speaker: z.string().nullable(),
  remark: z.string().nullable(),
  createdBy: z.string(),
  createdAt: z.string(),
  /** the internal host whose image the viewer probes for 1.5 s (spec §4); null: always external */
  probeUrl: z.string().nullable(),
});
export type LiveMeeting = z.infer<typeof liveMeeting>;
export const liveListQuery = pageQuery.extend({
  isClose: z.enum(['O', 'C'], { message: 'isClose 须为 O 或 C' }).optional(),
  status: z.enum(LIVE_STATUSES, { message: '状态不正确' }).optional(),
  keyword: text('关键字', 50).optional(),
  /** 'Y': only ended meetings with a replay (history) */
  replay: flag.optional(),
});
export const liveBody = z.object({
  id: idNum('直播编号 id').optional(),
  meetingTopic: z
    .string({ message: '请输入会议主题' })
    .trim()
    .min(1, { message: '请输入会议主题' })
    .max(100, { message: '会议主题不能超过100个字' }),
  status: z.enum(LIVE_STATUSES, { message: '直播状态不正确' }).default('scheduled'),
  startTime: isoTime('开始时间').optional().nullable(),
  innerUrl: url('内网直播地址').optional().nullable(),
  outerUrl: url('外网直播地址').optional().nullable(),
  replayUrl: url('回放地址').optional().nullable(),
  speaker: text('主讲人', 50).optional().nullable(),
  remark: text('备注', 500).optional().nullable(),
});
export type LiveBody = z.infer<typeof liveBody>;
export const liveGetQuery = z
  .object({ id: idNum('直播编号 id').optional(), infoCode: text('直播编码 infoCode', 40).optional() })
  .refine((q) => q.id !== undefined || !!q.infoCode, { message: '缺少直播编号 id 或 infoCode', path: ['id'] });
