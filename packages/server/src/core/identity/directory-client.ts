import type { Client, Entry, Filter } from 'ldapts';
import type { DirectoryConfig } from './directory-config';

/**
 * The LDAP client of directory login and sync (ldapts, loaded on first use). Filters are built from objects
 * (`EqualityFilter`, the administrator's filter parsed by `FilterParser`), never from strings holding a value.
 */

const ldapts = () => import('ldapts');

/** The directory cannot be reached or refuses the service account: local accounts still log in. */
export class DirectoryUnavailable extends Error {}

const INVALID_CREDENTIALS = 49;

/** Why the directory could not answer, in words an administrator reads (the library's own text goes to the audit only). */
export function unreachableReason(e: unknown): string {
  const code = String((e as { code?: unknown })?.code ?? '');
  const text = String((e as Error)?.message ?? '');
  if (code === '32') return '目录中找不到所配置的查询起点（OA_LDAP_USER_BASE、OA_LDAP_DEPT_BASE）';
  if (code === 'ECONNREFUSED' || text.includes('ECONNREFUSED')) return '连接被拒绝（目录服务未运行或端口不对）';
  if (code === 'ENOTFOUND' || text.includes('ENOTFOUND')) return '找不到目录服务器（地址不对）';
  if (/timeout|ETIMEDOUT/i.test(code + text)) return '连接超时';
  if (/certificate|TLS|SSL/i.test(text)) return '安全连接（TLS）失败，请检查证书（OA_LDAP_CA_FILE）';
  return '目录服务返回了错误';
}
const codeOf = (e: unknown): number | undefined => (e as { code?: unknown })?.code as number | undefined;

/** A connection, upgraded with STARTTLS when configured; a failure to connect is DirectoryUnavailable. */
async function connect(cfg: DirectoryConfig): Promise<Client> {
  const { Client } = await ldapts();
  const ca = cfg.ca ? { ca: cfg.ca } : {};
  // TLS options go to the constructor for ldaps:// only: given there, a STARTTLS upgrade of ldap:// fails (ldapts 8)
  const ldaps = /^ldaps:/i.test(cfg.url);
  const client = new Client({ url: cfg.url, timeout: cfg.timeoutMs, connectTimeout: cfg.timeoutMs, ...(ldaps ? { tlsOptions: ca } : {}) });
  if (cfg.startTls && !ldaps) {
    try {
      await client.startTLS({ ...ca });
    } catch (e) {
      await client.unbind().catch(() => undefined);
      throw new DirectoryUnavailable(`STARTTLS 失败：${unreachableReason(e)}`, { cause: e });
    }
  }
  return client;
}

/** Runs `fn` on a connection bound as the service account (anonymous when none is configured), then closes it. */
export async function withServiceBind<T>(cfg: DirectoryConfig, fn: (client: Client) => Promise<T>): Promise<T> {
  const client = await connect(cfg);
  try {
    try {
      if (cfg.bindDn) await client.bind(cfg.bindDn, cfg.bindPassword);
    } catch (e) {
      throw new DirectoryUnavailable(
        codeOf(e) === INVALID_CREDENTIALS ? '目录服务账号（OA_LDAP_BIND_DN）认证失败' : `无法连接目录服务：${unreachableReason(e)}`,
        { cause: e },
      );
    }
    return await fn(client);
  } finally {
    await client.unbind().catch(() => undefined);
  }
}

/** The administrator's filter AND the attribute equal to the value (the value is encoded, never parsed). */
export async function filterWith(base: string, attribute: string, value: string): Promise<Filter> {
  const { AndFilter, EqualityFilter, FilterParser } = await ldapts();
  return new AndFilter({ filters: [FilterParser.parseString(base), new EqualityFilter({ attribute, value })] });
}

/** The DN of the one person whose login attribute is `login` (null: none, or more than one). */
export async function findPersonDn(cfg: DirectoryConfig, login: string): Promise<string | null> {
  const filter = await filterWith(cfg.userFilter, cfg.attrs.login, login);
  const { searchEntries } = await withServiceBind(cfg, (c) =>
    c.search(cfg.userBase, { scope: 'sub', filter, attributes: ['1.1'], sizeLimit: 2 }),
  );
  return searchEntries.length === 1 ? searchEntries[0].dn : null;
}

/**
 * Checks a person's directory password: the service account finds the DN, then a bind as that DN with the password.
 * 'ok' / 'bad' (wrong password, unknown person); DirectoryUnavailable when the directory cannot answer. An empty
 * password is 'bad' without asking (an LDAP bind with an empty password is an anonymous bind and "succeeds").
 */
export async function checkDirectoryPassword(cfg: DirectoryConfig, login: string, password: string): Promise<'ok' | 'bad'> {
  if (!password) return 'bad';
  let dn: string | null;
  try {
    dn = await findPersonDn(cfg, login);
  } catch (e) {
    if (e instanceof DirectoryUnavailable) throw e;
    throw new DirectoryUnavailable(`目录查询失败：${unreachableReason(e)}`, { cause: e });
  }
  if (!dn) return 'bad';
  const client = await connect(cfg);
  try {
    await client.bind(dn, password);
    return 'ok';
  } catch (e) {
    if (codeOf(e) === INVALID_CREDENTIALS) return 'bad';
    throw new DirectoryUnavailable(`目录认证失败：${unreachableReason(e)}`, { cause: e });
  } finally {
    await client.unbind().catch(() => undefined);
  }
}

/** The first value of an attribute as text ('' when absent). */
export const firstValue = (e: Entry, attr: string): string => {
  const key = Object.keys(e).find((k) => k.toLowerCase() === attr.toLowerCase());
  const v = key ? e[key] : undefined;
  const one = Array.isArray(v) ? v[0] : v;
  return one === undefined ? '' : Buffer.isBuffer(one) ? one.toString('utf8') : String(one).trim();
};

/**
 * Every entry under `base` matching `filter`, page by page (paged results control, `cfg.pageSize` a page): `onPage`
 * gets each page as it arrives, so a large directory is never one answer in memory at once.
 */
export async function searchPages(
  cfg: DirectoryConfig,
  client: Client,
  base: string,
  filter: string,
  attributes: string[],
  onPage: (entries: Entry[]) => Promise<void>,
): Promise<void> {
  const { FilterParser } = await ldapts();
  const pages = client.searchPaginated(base, {
    scope: 'sub',
    filter: FilterParser.parseString(filter),
    attributes,
    paged: { pageSize: cfg.pageSize },
  });
  for await (const page of pages) await onPage(page.searchEntries);
}
