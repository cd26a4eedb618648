import type { AnyModule } from '@oa/shared/modules/define-module';
import type { MenuPage, ModuleMenu } from '@oa/shared/modules/module-menu';
import { MODULES } from '@oa/shared/modules/registry';
import type { SeedFunction } from './seed-function';

/**
 * The functions of the business modules, derived from their declarations: a module the engine serves
 * brings its pages (`menu`: the list page, whose function code is the module code, and `menu.pages`); every
 * module its permission keys `<code>:create|read|manage|approve` (a register: no approve) under the page
 * of its list route — for an area module (documents, meetings, subjects, news) the area's page.
 */

const ACTIONS = [
  ['create', '新建'],
  ['read', '查看'],
  ['manage', '管理'],
  ['approve', '审批'],
] as const;

function listPage(m: AnyModule, menu: ModuleMenu): SeedFunction {
  const { parent, order, icon } = menu;
  return {
    funCode: m.code,
    funName: menu.name ?? m.name,
    parentCode: parent,
    router: m.routes.list,
    sortNo: order,
    icon,
    menuType: '1',
    isHidden: 'N',
  };
}

function modulePage(m: AnyModule, menu: ModuleMenu, p: MenuPage): SeedFunction {
  const base = { funCode: p.funCode, funName: p.name, parentCode: menu.parent, router: p.route, sortNo: p.order, menuType: '1' as const };
  if (p.icon) return { ...base, icon: p.icon, isHidden: 'N' };
  return { ...base, routerSelected: p.selected ?? m.routes.list, isHidden: 'Y', ...(p.form ? { noCache: 'Y' as const } : {}) };
}

/** The menu pages of every module that declares its menu place. */
export function modulePages(modules: readonly AnyModule[] = MODULES): SeedFunction[] {
  return modules.flatMap((m) => {
    const menu = m.menu;
    return menu ? [listPage(m, menu), ...(menu.pages ?? []).map((p) => modulePage(m, menu, p))] : [];
  });
}

/** The permission keys of every module, under the page of its list route among `pages`. */
export function modulePermissions(pages: readonly SeedFunction[], modules: readonly AnyModule[] = MODULES) {
  const byRouter = new Map(pages.filter((f) => f.router).map((f) => [f.router, f]));
  const ownerOf = (m: AnyModule): SeedFunction => {
    const owner = byRouter.get(m.routes.list);
    if (!owner) throw new Error(`module ${m.code}: no function with the route ${m.routes.list}`);
    return owner;
  };
  const functions = modules.flatMap((m) => {
    const owner = ownerOf(m);
    const actions = m.kind === 'register' ? ACTIONS.filter(([a]) => a !== 'approve') : ACTIONS;
    return actions.map(([action, label], i): SeedFunction => ({
      funCode: `${m.code}:${action}`,
      funName: `${owner.funName}-${label}`,
      parentCode: owner.funCode,
      router: null,
      sortNo: i + 1,
      isHidden: 'Y',
      menuType: '2',
    }));
  });
  return {
    functions,
    approvalPages: modules.filter((m) => m.kind === 'approval').map((m) => [m.code, ownerOf(m).funCode] as const),
    registerPages: modules.filter((m) => m.kind === 'register').map((m) => m.code),
  };
}

/** Who gets a module page in the demo seed: its `grant`, else every member for a hidden page of the list. */
function grantOf(p: MenuPage): MenuPage['grant'] {
  return p.grant ?? (!p.icon && !p.selected ? 'all' : undefined);
}

/** Function codes of the pages of `modules` granted to every member and to department leaders. */
export function modulePageGrants(modules: readonly AnyModule[]): { all: string[]; leaders: string[] } {
  const pages = modules.flatMap((m) => (m.menu?.pages ?? []).map((p) => [p.funCode, grantOf(p)] as const));
  return {
    all: [...modules.filter((m) => m.menu).map((m) => m.code), ...pages.filter(([, g]) => g === 'all').map(([c]) => c)],
    leaders: pages.filter(([, g]) => g === 'leaders').map(([c]) => c),
  };
}
