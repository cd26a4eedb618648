import { describe, expect, it } from 'vitest';
import { checkinMeetingId, checkinUrl } from './checkin-link';

const ORIGIN = 'https://oa.example.org.cn';

describe('a scanned meeting check-in code', () => {
  it('the link the meeting page shows as its QR code names its meeting', () => {
    expect(checkinMeetingId(checkinUrl(42, ORIGIN), ORIGIN)).toBe(42);
    expect(checkinMeetingId(`  ${ORIGIN}/oa/meeting/detail?checkin=1&id=7\n`, ORIGIN)).toBe(7);
  });

  it('another site, another page, no check-in or no meeting is not a check-in code', () => {
    expect(checkinMeetingId(checkinUrl(42, 'https://evil.example.com'), ORIGIN)).toBeNull();
    expect(checkinMeetingId(`${ORIGIN}/oa/information/view?id=42&checkin=1`, ORIGIN)).toBeNull();
    expect(checkinMeetingId(`${ORIGIN}/oa/meeting/detail?id=42`, ORIGIN)).toBeNull();
    for (const id of ['', '0', '-3', '1.5', 'abc'])
      expect(checkinMeetingId(`${ORIGIN}/oa/meeting/detail?id=${id}&checkin=1`, ORIGIN), id).toBeNull();
    expect(checkinMeetingId('会议签到', ORIGIN)).toBeNull();
  });
});
