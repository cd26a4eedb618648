import { useSession } from './session.store';

/** One permission check for the UI (ARCHITECTURE.md §8): administrators see everything. */
export function can(permission: string): boolean {
  const { isAdmin, permissions } = useSession.getState();
  return isAdmin || permissions.includes(permission);
}

/** Reactive variant for components: `const allowed = useCan('oa_stamp:manage')`. */
export function useCan(permission: string): boolean {
  return useSession((s) => s.isAdmin || s.permissions.includes(permission));
}
