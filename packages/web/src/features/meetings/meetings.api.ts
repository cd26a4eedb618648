import type { Paged } from '@oa/shared/contract/envelope';
import {
  MEETING_API,
  type Arrangement,
  type Clash,
  type LiveBody,
  type LiveMeeting,
  type MeetingDetail,
  type MeetingInsert,
  type MeetingItem,
  type MeetingRoom,
  type MeetingUpdate,
  type Resolution,
  type RoomAvailability,
  type RoomBody,
} from '@oa/shared/contract/meetings';
import { PICKER_DEPTS_PATH, PICKER_USERS_PATH, type DeptOption, type UserOption } from '@oa/shared/contract/records';
import { BusinessError, http, unwrap } from '../../lib/http-client';

/** A refused booking: the server's message and every clashing slot. */
export class ClashError extends BusinessError {
  constructor(
    code: number,
    message: string,
    readonly clashes: Clash[],
  ) {
    super(code, message);
  }
}

type ListQuery = {
  view?: 'mine' | 'all' | 'calendar';
  from?: string;
  to?: string;
  roomId?: number;
  status?: string;
  keyword?: string;
  pageNumber?: number;
  pageSize?: number;
};

export const meetingsApi = {
  list: async (q: ListQuery) => unwrap(await http.get<Paged<MeetingItem>>(MEETING_API.list, q)),
  get: async (id: number) => unwrap(await http.get<MeetingDetail>(MEETING_API.get, { id })),
  /** Books; a clash answers ClashError with the clashing slots. */
  insert: async (body: MeetingInsert) => {
    const env = await http.post<{ ids: number[]; seriesId: number; status: string; skipped: Clash[] } & { clashes?: Clash[] }>(
      MEETING_API.insert,
      body,
    );
    if (env.code !== 0) throw new ClashError(env.code, env.message, env.data?.clashes ?? []);
    return { ...env.data, message: env.message };
  },
  update: async (body: MeetingUpdate) => {
    const env = await http.put<{ id: number; status: string } & { clashes?: Clash[] }>(MEETING_API.update, body);
    if (env.code !== 0) throw new ClashError(env.code, env.message, env.data?.clashes ?? []);
    return { ...env.data, message: env.message };
  },
  cancel: async (id: number, scope: 'one' | 'series', reason?: string) =>
    unwrap(await http.delete<{ ids: number[] }>(MEETING_API.remove, { id, scope, reason })),
  freeRooms: async (q: { startTime: string; endTime: string; capacity?: number; excludeId?: number; all?: 'Y' | 'N' }) =>
    unwrap(await http.get<RoomAvailability[]>(MEETING_API.freeRooms, q)),
  arrangement: async (range: 'today' | 'week' | 'month', date?: string) =>
    unwrap(await http.get<Arrangement>(MEETING_API.arrangement, { range, date })),
  respond: async (id: number, response: 'accepted' | 'declined', reason?: string) =>
    unwrap(await http.post<null>(MEETING_API.respond, { id, response, reason })),
  checkin: async (id: number) => {
    const env = await http.post<{ already: boolean; at: string }>(MEETING_API.checkin, { id });
    return { ...unwrap(env), message: env.message };
  },
  checkinBy: async (id: number, userCode: string) => unwrap(await http.post<null>(MEETING_API.checkinBy, { id, userCode })),
  minutes: async (id: number, minutes: string, resolutions: Resolution[]) =>
    unwrap(await http.put<null>(MEETING_API.minutes, { id, minutes, resolutions })),
  rooms: async (available?: 'Y' | 'N') => unwrap(await http.get<MeetingRoom[]>(MEETING_API.rooms, { available })),
  saveRoom: async (body: RoomBody) => unwrap(await http.post<MeetingRoom>(MEETING_API.room, body)),
  removeRoom: async (id: number) => unwrap(await http.delete<null>(MEETING_API.room, { id })),
  users: async () => unwrap(await http.get<UserOption[]>(PICKER_USERS_PATH)),
  depts: async () => unwrap(await http.get<DeptOption[]>(PICKER_DEPTS_PATH)),
};

export const liveApi = {
  list: async (q: { isClose?: 'O' | 'C'; status?: string; keyword?: string; replay?: 'Y'; pageNumber?: number; pageSize?: number }) =>
    unwrap(await http.get<Paged<LiveMeeting>>(MEETING_API.liveList, q)),
  get: async (q: { id?: number; infoCode?: string }) => unwrap(await http.get<LiveMeeting>(MEETING_API.liveGet, q)),
  save: async (body: LiveBody) => unwrap(await http.post<LiveMeeting>(MEETING_API.editLive, body)),
  close: async (id: number) => unwrap(await http.put<LiveMeeting>(MEETING_API.close, { id })),
  remove: async (id: number) => unwrap(await http.post<null>(MEETING_API.delLive, { id })),
};
