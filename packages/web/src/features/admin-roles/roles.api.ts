import type { UserOption } from '@oa/shared/contract/admin';
import type { AdminRole, RoleBody, RoleFunTree, RoleGroup, RoleGroupBody, RoleUser } from '@oa/shared/contract/admin-roles';
import type { Paged } from '@oa/shared/contract/envelope';
import { http, unwrap } from '../../lib/http-client';

/** The calls of one role screen: /role uses the spec's paths, /memberRole the member-platform ones. */
export interface RoleSurface {
  platform: '1' | '4';
  /** the permission that shows the edit buttons */
  perm: string;
  title: string;
  paths: { list: string; role: string; roleUser: string; roleUserList: string; roleFunList: string; roleFun: string; userOptions: string };
}

const C = '/api/auth/industry/common';
const M = '/api/auth/oa/memberRole';
export const OA_ROLES: RoleSurface = {
  platform: '1',
  perm: 'sys_role',
  title: '角色',
  paths: {
    list: `${C}/rolesList`,
    role: `${C}/roles`,
    roleUser: `${C}/roleUser`,
    roleUserList: `${C}/roleUserList`,
    roleFunList: `${C}/roleFunList`,
    roleFun: `${C}/roleFun`,
    userOptions: '/api/auth/oa/role/userOptions',
  },
};
export const MEMBER_ROLES: RoleSurface = {
  platform: '4',
  perm: 'sys_member_role',
  title: '会员角色',
  paths: {
    list: `${M}/rolesList`,
    role: `${M}/roles`,
    roleUser: `${M}/roleUser`,
    roleUserList: `${M}/roleUserList`,
    roleFunList: `${M}/roleFunList`,
    roleFun: `${M}/roleFun`,
    userOptions: `${M}/userOptions`,
  },
};

export function rolesApi(s: RoleSurface) {
  const p = s.paths;
  return {
    list: async (keyword?: string) => unwrap(await http.get<Paged<AdminRole>>(p.list, { keyword, pageNumber: 1, pageSize: 500 })),
    insert: async (b: RoleBody) => unwrap(await http.post<null>(p.role, b)),
    update: async (b: RoleBody) => unwrap(await http.put<null>(p.role, b)),
    remove: async (roleCode: string) => unwrap(await http.delete<null>(p.role, { roleCode })),
    users: async (roleCode: string, pageNumber: number, pageSize: number, keyword?: string) =>
      unwrap(await http.get<Paged<RoleUser>>(p.roleUserList, { roleCode, pageNumber, pageSize, keyword })),
    addUsers: async (roleCode: string, userCodes: string[]) => unwrap(await http.post<null>(p.roleUser, { roleCode, userCodes })),
    removeUsers: async (roleCode: string, userCodes: string[]) => {
      const env = await http.delete<null>(p.roleUser, { roleCode, userCodes });
      unwrap(env);
      return env.message;
    },
    funTree: async (roleCode: string) => unwrap(await http.get<RoleFunTree>(p.roleFunList, { roleCode })),
    saveFuns: async (roleCode: string, funCodes: string[]) => unwrap(await http.post<null>(p.roleFun, { roleCode, funCodes })),
    userOptions: async (keyword?: string) => unwrap(await http.get<UserOption[]>(p.userOptions, { keyword })),
  };
}
export type RolesApi = ReturnType<typeof rolesApi>;

const G = `${C}/roleGroup`;
export const roleGroupsApi = {
  list: async () => unwrap(await http.get<RoleGroup[]>(`${G}List`)),
  insert: async (b: RoleGroupBody) => unwrap(await http.post<null>(G, b)),
  update: async (b: RoleGroupBody) => unwrap(await http.put<null>(G, b)),
  remove: async (groupCode: string) => unwrap(await http.delete<null>(G, { groupCode })),
};
