import { can as canWith } from '@oa/shared/access/can';
import { useSession } from './session.store';

/** Reactive variant for components: `const allowed = useCan('oa_stamp:manage')`. */
export function useCan(permission: string): boolean {
  return useSession((s) => canWith(s, permission));
}
