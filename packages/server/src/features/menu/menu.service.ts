import type { FunctionItem } from '@oa/shared/contract/auth';
import type { Db } from '../../db/database';
import { loadGrantedFunctions } from '../../core/identity/identity.repository';

/**
 * The functions granted to some roles (optionally of one platform): the menu and the button permissions.
 * `granted`: the session guard's permission codes, so that the menu holds exactly what the API grants.
 */
export const grantedFunctions = (
  db: Db,
  roleCodes: readonly string[],
  opts: { platformCode?: string; granted: () => Promise<ReadonlySet<string>> },
): Promise<FunctionItem[]> => loadGrantedFunctions(db, roleCodes, opts);
