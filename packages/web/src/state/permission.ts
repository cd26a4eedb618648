import { can as canWith } from '@oa/shared/access/can';
import { useSession } from './session.store';

/** The UI's permission check (menu, buttons): the one rule of @oa/shared/access/can over the session's grants. */
export function can(permission: string): boolean {
  return canWith(useSession.getState(), permission);
}

/** Reactive variant for components: `const allowed = useCan('oa_stamp:manage')`. */
export function useCan(permission: string): boolean {
  return useSession((s) => canWith(s, permission));
}
