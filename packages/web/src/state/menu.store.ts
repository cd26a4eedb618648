import { create } from 'zustand';
import type { FunctionItem } from '@oa/shared/contract/auth';
import { buildRouteTable, type RouteTable } from './route-table';

interface MenuState {
  /** the visible menu functions (roleFunListByUserCode, isHidden N, target 0) */
  menu: FunctionItem[];
  /** every granted function, hidden ones included (user/funList) */
  functions: FunctionItem[];
  /** page routes rebuilt from `functions` */
  routes: RouteTable;
  setMenus: (menu: FunctionItem[], functions: FunctionItem[]) => void;
  reset: () => void;
}

export const useMenus = create<MenuState>()((set) => ({
  menu: [],
  functions: [],
  routes: buildRouteTable([]),
  setMenus: (menu, functions) => set({ menu, functions, routes: buildRouteTable([...functions, ...menu]) }),
  reset: () => set({ menu: [], functions: [], routes: buildRouteTable([]) }),
}));
