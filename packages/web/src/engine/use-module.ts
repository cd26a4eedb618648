import { useQuery } from '@tanstack/react-query';
import { moduleByRoute, type ModulePage } from '@oa/shared/modules/registry';
import type { AnyModule } from '@oa/shared/modules/define-module';
import { useTabRoute } from '../lib/tab-route';
import { recordsApi } from './records.api';

/** The module (and page, variant) of the current tab's route. */
export function useModuleRoute(): { module: AnyModule; page: ModulePage; variant: string | null } {
  const { path } = useTabRoute();
  const found = moduleByRoute(path);
  if (!found) throw new Error(`没有为 ${path} 声明业务模块`);
  return found;
}

/** User and department names for pickers and displays (cached for the session). */
export function usePeople() {
  const users = useQuery({ queryKey: ['records', 'pickers', 'users'], queryFn: recordsApi.users, staleTime: 10 * 60_000 });
  const depts = useQuery({ queryKey: ['records', 'pickers', 'depts'], queryFn: recordsApi.depts, staleTime: 10 * 60_000 });
  const userName = (code: string) => users.data?.find((u) => u.userCode === code)?.userName ?? code;
  const deptName = (code: string) => depts.data?.find((d) => d.deptCode === code)?.deptName ?? code;
  return { users: users.data ?? [], depts: depts.data ?? [], userName, deptName };
}
