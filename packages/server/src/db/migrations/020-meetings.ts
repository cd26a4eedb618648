import type { Kysely } from 'kysely';
import type { Dialect } from '../database';
import { withId, type OaMigration } from './migration-kit';

/** Meeting rooms, bookings (with invitees, check-in, minutes, materials) and live meetings. */
export const m020Meetings: OaMigration = {
  name: '020-meetings',
  async up(db: Kysely<unknown>, dialect: Dialect) {
    const k = db as Kysely<any>;
    await withId(k.schema.createTable('meeting_room'), dialect)
      .addColumn('name', 'varchar(50)', (c) => c.notNull())
      .addColumn('building', 'varchar(50)')
      .addColumn('floor', 'varchar(20)')
      .addColumn('room_no', 'varchar(20)')
      .addColumn('capacity', 'integer', (c) => c.notNull())
      .addColumn('equipment', 'varchar(1000)', (c) => c.notNull().defaultTo('[]'))
      .addColumn('photo_file_id', 'varchar(40)')
      .addColumn('need_approval', 'varchar(1)', (c) => c.notNull().defaultTo('N'))
      .addColumn('approver', 'varchar(64)')
      .addColumn('available', 'varchar(1)', (c) => c.notNull().defaultTo('Y'))
      .addColumn('remark', 'varchar(500)')
      .addColumn('sort_no', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('lock_ver', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('deleted', 'varchar(1)', (c) => c.notNull().defaultTo('N'))
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
      .execute();
    await k.schema.createIndex('idx_meeting_room_sort').on('meeting_room').columns(['deleted', 'sort_no', 'id']).execute();

    await withId(k.schema.createTable('meeting'), dialect)
      .addColumn('series_id', 'bigint', (c) => c.notNull())
      .addColumn('recurrence', 'varchar(40)')
      .addColumn('room_id', 'bigint', (c) => c.notNull())
      .addColumn('title', 'varchar(100)', (c) => c.notNull())
      .addColumn('meeting_type', 'varchar(20)', (c) => c.notNull())
      .addColumn('start_at', 'varchar(32)', (c) => c.notNull())
      .addColumn('end_at', 'varchar(32)', (c) => c.notNull())
      .addColumn('status', 'varchar(16)', (c) => c.notNull())
      .addColumn('organizer', 'varchar(64)', (c) => c.notNull())
      .addColumn('dept_code', 'varchar(32)')
      .addColumn('host', 'varchar(64)')
      .addColumn('attendee_count', 'integer')
      .addColumn('invite_depts', 'varchar(2000)', (c) => c.notNull().defaultTo('[]'))
      .addColumn('materials', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('content', 'text')
      .addColumn('remark', 'varchar(500)')
      .addColumn('checked_in', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('minutes', 'text')
      .addColumn('resolutions', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('minutes_by', 'varchar(64)')
      .addColumn('minutes_at', 'varchar(32)')
      .addColumn('cancel_reason', 'varchar(200)')
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
      .execute();
    // clash check and room calendar: one room, a time window
    await k.schema.createIndex('idx_meeting_room_time').on('meeting').columns(['room_id', 'start_at', 'end_at']).execute();
    // calendars, the arrangement board, statistics and the no-show sweep: a time window across rooms
    await k.schema.createIndex('idx_meeting_start').on('meeting').columns(['start_at', 'status']).execute();
    await k.schema.createIndex('idx_meeting_organizer').on('meeting').columns(['organizer', 'start_at']).execute();
    await k.schema.createIndex('idx_meeting_host').on('meeting').columns(['host', 'start_at']).execute();
    await k.schema.createIndex('idx_meeting_series').on('meeting').columns(['series_id', 'start_at']).execute();

    await k.schema
      .createTable('meeting_invitee')
      .addColumn('meeting_id', 'bigint', (c) => c.notNull())
      .addColumn('user_code', 'varchar(64)', (c) => c.notNull())
      .addColumn('response', 'varchar(16)', (c) => c.notNull().defaultTo('pending'))
      .addColumn('responded_at', 'varchar(32)')
      .addColumn('decline_reason', 'varchar(200)')
      .addColumn('checkin_at', 'varchar(32)')
      .addColumn('checkin_by', 'varchar(64)')
      .addPrimaryKeyConstraint('pk_meeting_invitee', ['meeting_id', 'user_code'])
      .execute();
    await k.schema.createIndex('idx_meeting_invitee_user').on('meeting_invitee').columns(['user_code', 'meeting_id']).execute();

    await k.schema
      .createTable('meeting_file')
      .addColumn('meeting_id', 'bigint', (c) => c.notNull())
      .addColumn('file_id', 'varchar(40)', (c) => c.notNull())
      .addPrimaryKeyConstraint('pk_meeting_file', ['meeting_id', 'file_id'])
      .execute();
    await k.schema.createIndex('idx_meeting_file_file').on('meeting_file').column('file_id').execute();

    await withId(k.schema.createTable('meeting_live'), dialect)
      .addColumn('info_code', 'varchar(40)', (c) => c.notNull().unique())
      .addColumn('meeting_topic', 'varchar(100)', (c) => c.notNull())
      .addColumn('status', 'varchar(16)', (c) => c.notNull())
      .addColumn('is_close', 'varchar(1)', (c) => c.notNull())
      .addColumn('start_at', 'varchar(32)')
      .addColumn('end_at', 'varchar(32)')
      .addColumn('inner_url', 'varchar(500)')
      .addColumn('outer_url', 'varchar(500)')
      .addColumn('replay_url', 'varchar(500)')
      .addColumn('speaker', 'varchar(50)')
      .addColumn('remark', 'varchar(500)')
      .addColumn('created_by', 'varchar(64)', (c) => c.notNull())
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
      .execute();
    await k.schema.createIndex('idx_meeting_live_open').on('meeting_live').columns(['is_close', 'start_at']).execute();
  },
};
