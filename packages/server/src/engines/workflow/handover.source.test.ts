import { describe, expect, it } from 'vitest';
import { replaceFixedUser } from './handover.source';

const def = (admins: string[], approvers: string[], candidates: string[]) => ({
  moduleCode: 'm',
  adminUserCodes: admins,
  root: {
    id: 'start',
    type: 'start',
    childNode: {
      id: 'n1',
      type: 'approver',
      settings: { assignee: { kind: 'users', userCodes: approvers } },
      childNode: { id: 'n2', type: 'approver', settings: { assignee: { kind: 'initiatorPicks', candidates } }, childNode: null },
    },
  },
});

describe('replaceFixedUser (the hand-over of process roles)', () => {
  it('names the successor wherever a definition names the leaver: fixed approvers, candidates, process administrators', () => {
    expect(replaceFixedUser(def(['leaver', 'admin'], ['a', 'leaver'], ['leaver']), 'leaver', 'succ')).toEqual(
      def(['succ', 'admin'], ['a', 'succ'], ['succ']),
    );
  });

  it('keeps a list without duplicates when the successor is already in it', () => {
    expect(replaceFixedUser(def(['leaver', 'succ'], ['succ', 'leaver'], []), 'leaver', 'succ')).toEqual(def(['succ'], ['succ'], []));
  });

  it('answers null when the definition does not name the leaver (a process administrator alone counts)', () => {
    expect(replaceFixedUser(def(['admin'], ['a'], ['b']), 'leaver', 'succ')).toBeNull();
    expect(replaceFixedUser(def(['leaver'], ['a'], ['b']), 'leaver', 'succ')).toEqual(def(['succ'], ['a'], ['b']));
  });
});
