import type { Db } from '../db/database';
import { hasColumnGrant } from './system.repository';

/** Whether a user may publish in an information column (granted on /information/columnUserAuth). */
export const canPublishInColumn = (db: Db, userCode: string, columnCode: string): Promise<boolean> =>
  hasColumnGrant(db, userCode, columnCode);
