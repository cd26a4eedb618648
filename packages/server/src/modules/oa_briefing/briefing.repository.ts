import type { Db } from '../../db/database';

/** All SQL of the published briefings (approved oa_briefing records). */

/** Approved briefings, newest first (JSON data filtered by the service). */
export const approvedBriefings = (db: Db) =>
  db
    .selectFrom('business_record')
    .select(['id', 'serial_no', 'title', 'dept_name', 'applicant_name', 'data', 'finished_at'])
    .where('module', '=', 'oa_briefing')
    .where('status', '=', 'approved')
    .orderBy('finished_at', 'desc')
    .limit(2000)
    .execute();
