import type { DirectoryConfig } from '../../core/identity/directory-config';
import { firstValue, searchPages, withServiceBind } from '../../core/identity/directory-client';
import { nextTurn } from '../../lib/next-turn';
import { ouKey, type DirDept, type DirPerson } from './sync-plan';

/**
 * Reads the directory's people (and its department OUs when OA_LDAP_DEPT_BASE is set) page by page with the service
 * account, yielding to waiting requests between pages, so a directory of many thousands never holds the event loop.
 */
export async function readDirectory(cfg: DirectoryConfig): Promise<{ people: DirPerson[]; depts: DirDept[] }> {
  const people: DirPerson[] = [];
  const depts: DirDept[] = [];
  const a = cfg.attrs;
  await withServiceBind(cfg, async (client) => {
    if (cfg.deptBase) {
      await searchPages(cfg, client, cfg.deptBase, cfg.deptFilter, [cfg.deptNameAttr], async (entries) => {
        for (const e of entries)
          if (ouKey(e.dn) !== ouKey(cfg.deptBase!)) depts.push({ key: ouKey(e.dn), dn: e.dn, name: firstValue(e, cfg.deptNameAttr) });
        await nextTurn();
      });
    }
    const attributes = [a.login, a.name, a.mail, a.mobile, ...(a.dept ? [a.dept] : [])];
    await searchPages(cfg, client, cfg.userBase, cfg.userFilter, attributes, async (entries) => {
      for (const e of entries)
        people.push({
          dn: e.dn,
          login: firstValue(e, a.login),
          name: firstValue(e, a.name),
          mail: firstValue(e, a.mail),
          mobile: firstValue(e, a.mobile),
          deptValue: a.dept ? firstValue(e, a.dept) : '',
        });
      await nextTurn();
    });
  });
  return { people, depts: depts.filter((d) => d.name) };
}
