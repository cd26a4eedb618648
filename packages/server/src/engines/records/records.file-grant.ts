import { moduleByCode } from '@oa/shared/modules/registry';
import type { AppContext } from '../../core/context';
import type { FileGrant } from '../../core/files/file-store';
import { viewerOf } from '../../core/identity/account-viewer';
import { canRead, parseData } from './records.access';
import { canSee, registerAccess } from './register.access';
import { recordsWithFile } from './records.repository';

/**
 * A private upload attached to a business record may be read by whoever may read that record
 * (applicant, department leader, managers, workflow participants; register readers by the register's rules).
 */
export function recordAttachmentGrant(ctx: AppContext): FileGrant {
  return async (db, file, userCode) => {
    const rows = await recordsWithFile(db, ctx.fieldKeys, file.id);
    if (rows.length === 0) return false;
    const actor = await viewerOf(ctx.db, userCode);
    if (!actor) return false;
    for (const row of rows) {
      const m = moduleByCode(row.module);
      if (!m) continue;
      if (m.kind === 'register') {
        if ((await actor.can(m.permissions.read)) && canSee(row, parseData(row), await registerAccess(m, actor), actor)) return true;
      } else if (await canRead(ctx, m, actor, row)) return true;
    }
    return false;
  };
}
