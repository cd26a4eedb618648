/**
 * Where a module sits in the menu (a function is both a menu entry and a permission, ARCHITECTURE.md §8).
 * The seed derives the module's functions from it (`db/seed/module-functions.ts`): its list page (function
 * code = the module code), the pages below, and the permission keys `<code>:create|read|manage|approve`
 * under the list page. Folders (`parent`) are the seed's own (`db/seed/functions.data.ts`).
 */
export interface MenuPage {
  funCode: string;
  name: string;
  route: string;
  order: number;
  /** a visible page's icon (an @ant-design/icons name); a page without one is hidden */
  icon?: string;
  /** a hidden page: the visible route highlighted while it is open (default: the module's list route) */
  selected?: string;
  /** a form: re-mounted on every visit so it starts fresh */
  form?: boolean;
  /**
   * Who gets the page in the demo seed besides administrators: 'all' every member, 'leaders' department
   * leaders. Default: every member for a hidden page of the module's list (an approval module's forms and
   * details), administrators only otherwise.
   */
  grant?: 'all' | 'leaders';
}

export interface ModuleMenu {
  /** the folder's function code, e.g. 'office' (行政办公) */
  parent: string;
  /** sort number of the list page in its folder (the pages below carry their own) */
  order: number;
  icon: string;
  /** the list page's menu name when it is not the module's name */
  name?: string;
  /** the name of the hidden form page on `routes.edit` (function `<code>_edit`, sort number order + 1) */
  edit?: string;
  /** the name of the hidden detail page on `routes.preview` (function `<code>_preview`, order + 2) */
  preview?: string;
  /** the module's other pages (after `edit` and `preview`): variant forms, its manage page, its bespoke pages */
  pages?: MenuPage[];
}

/** A visible page of a module. */
export const menuPage = (
  funCode: string,
  name: string,
  route: string,
  order: number,
  icon: string,
  grant?: MenuPage['grant'],
): MenuPage => ({
  funCode,
  name,
  route,
  order,
  icon,
  ...(grant ? { grant } : {}),
});

/** A hidden page (a detail) that highlights `selected` (default: the list route) in the menu. */
export const hiddenPage = (
  funCode: string,
  name: string,
  route: string,
  order: number,
  o: Pick<MenuPage, 'selected' | 'grant'> = {},
): MenuPage => ({
  funCode,
  name,
  route,
  order,
  ...o,
});

/** A hidden form page: like `hiddenPage`, re-mounted on every visit. */
export const formPage = (...args: Parameters<typeof hiddenPage>): MenuPage => ({ ...hiddenPage(...args), form: true });

/** The menu with its `edit` / `preview` pages written out (defineModule stores it so). */
export function expandMenu(code: string, routes: { list: string; edit?: string; preview?: string }, menu: ModuleMenu): ModuleMenu {
  const { edit, preview, ...rest } = menu;
  const own = (name: string | undefined, route: string | undefined, what: string) => {
    if (name && !route) throw new Error(`module ${code}: menu.${what} without routes.${what}`);
    return name && route ? [name, route] : null;
  };
  const e = own(edit, routes.edit, 'edit');
  const p = own(preview, routes.preview, 'preview');
  return {
    ...rest,
    pages: [
      ...(e ? [formPage(`${code}_edit`, e[0], e[1], menu.order + 1)] : []),
      ...(p ? [hiddenPage(`${code}_preview`, p[0], p[1], menu.order + 2)] : []),
      ...(menu.pages ?? []),
    ],
  };
}
