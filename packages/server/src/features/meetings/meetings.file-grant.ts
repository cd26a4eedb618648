import type { FileGrant } from '../../core/files/file-store';
import * as repo from './meetings.repository';

/** A private material of a meeting may be read by its organiser, host and invitees. */
export const meetingMaterialGrant: FileGrant = async (db, file, userCode) => {
  for (const id of await repo.meetingsWithFile(db, file.id)) {
    const m = await repo.getMeeting(db, id);
    if (!m) continue;
    if (m.organizer === userCode || m.host === userCode || (await repo.invitee(db, id, userCode))) return true;
  }
  return false;
};
