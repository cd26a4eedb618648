import type { Generated } from 'kysely';

/** Tables of the meetings area (migration 020). Times are ISO-8601 UTC strings; flags 'Y' / 'N'. */
export interface MeetingRoomTable {
  id: Generated<number>;
  name: string;
  building: string | null;
  floor: string | null;
  room_no: string | null;
  capacity: number;
  /** JSON array of equipment names */
  equipment: string;
  photo_file_id: string | null;
  need_approval: 'Y' | 'N';
  approver: string | null;
  available: 'Y' | 'N';
  remark: string | null;
  sort_no: number;
  /** bumped by every booking of the room inside its transaction: serialises bookings of one room */
  lock_ver: number;
  deleted: 'Y' | 'N';
  created_at: string;
  updated_at: string;
}

export interface MeetingTable {
  id: Generated<number>;
  /** the first occurrence's id (its own id for a single meeting) */
  series_id: number;
  /** 'daily:2026-12-31' etc. for a recurring series, else null */
  recurrence: string | null;
  room_id: number;
  title: string;
  meeting_type: string;
  start_at: string;
  end_at: string;
  status: 'pending' | 'approved' | 'rejected' | 'cancelled' | 'released';
  organizer: string;
  dept_code: string | null;
  host: string | null;
  attendee_count: number | null;
  /** JSON array of invited department codes */
  invite_depts: string;
  /** JSON array of { fileId, fileName, size, mime } */
  materials: string;
  content: string | null;
  remark: string | null;
  checked_in: number;
  minutes: string | null;
  /** JSON array of { content, ownerDept, deadline } */
  resolutions: string;
  minutes_by: string | null;
  minutes_at: string | null;
  cancel_reason: string | null;
  created_at: string;
  updated_at: string;
}

export interface MeetingInviteeTable {
  meeting_id: number;
  user_code: string;
  response: 'pending' | 'accepted' | 'declined';
  responded_at: string | null;
  decline_reason: string | null;
  checkin_at: string | null;
  checkin_by: string | null;
}

/** Materials of a meeting, for the file grant (who may download a private material). */
export interface MeetingFileTable {
  meeting_id: number;
  file_id: string;
}

export interface MeetingLiveTable {
  id: Generated<number>;
  info_code: string;
  meeting_topic: string;
  status: 'scheduled' | 'live' | 'ended';
  is_close: 'O' | 'C';
  start_at: string | null;
  end_at: string | null;
  inner_url: string | null;
  outer_url: string | null;
  replay_url: string | null;
  speaker: string | null;
  remark: string | null;
  created_by: string;
  created_at: string;
  updated_at: string;
}

export interface MeetingsTables {
  meeting_room: MeetingRoomTable;
  meeting: MeetingTable;
  meeting_invitee: MeetingInviteeTable;
  meeting_file: MeetingFileTable;
  meeting_live: MeetingLiveTable;
}
