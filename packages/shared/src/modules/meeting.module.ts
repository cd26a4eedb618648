import { MEETING_TYPES } from '../contract/meetings';
import { defineModule } from './define-module';
import { field, options } from './field';

/**
 * 会议室预订 (/meeting): the meetings area keeps its own tables (engine 'area'); this declaration gives
 * the workflow designer the booking's form fields and conditions, and the permission keys
 * oa_meeting:create|read|manage|approve. `approver` is the room's approver (the default process asks them).
 */
export const meetingModule = defineModule({
  code: 'oa_meeting',
  name: '会议室预订',
  kind: 'approval',
  engine: 'area',
  routes: { list: '/meeting', edit: '/meetingEdit', preview: '/meeting/detail' },
  serial: { prefix: 'HY' },
  fields: {
    title: field.text('会议主题', { required: true, max: 100 }),
    meetingType: field.select('会议类型', { options: options(...MEETING_TYPES), required: true }),
    roomName: field.text('会议室', { required: true, max: 50 }),
    startTime: field.text('开始时间', { required: true, max: 40 }),
    endTime: field.text('结束时间', { required: true, max: 40 }),
    occurrences: field.int('场次', { min: 1, max: 1000 }),
    attendeeCount: field.int('参会人数', { min: 0, max: 2000 }),
    approver: field.user('会议室审批人'),
  },
  list: { columns: ['title', 'meetingType', 'roomName', 'startTime', 'status'], filters: ['title', 'status'] },
});
