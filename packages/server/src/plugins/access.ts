/**
 * What a route needs, declared on every route under /oa/api (route `config`).
 * A route without a declaration refuses to register, so none is ever open by accident.
 */
export type Access =
  | { kind: 'public'; unsigned?: boolean }
  | { kind: 'login' }
  | { kind: 'permission'; permission: string };

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    /** accept the token from the `wtoken` query parameter (image and file addresses) */
    queryToken?: boolean;
  }
}

export const access = {
  /** no login; `unsigned` also skips the request signature (health, client config) */
  public: (opts: { unsigned?: boolean } = {}) => ({ access: { kind: 'public', ...opts } as Access }),
  /** any logged-in user */
  login: () => ({ access: { kind: 'login' } as Access }),
  /** a granted function (permission) code */
  perm: (permission: string) => ({ access: { kind: 'permission', permission } as Access }),
};

export const describeAccess = (a: Access): string =>
  a.kind === 'public' ? '公开' : a.kind === 'login' ? '登录用户' : `权限 ${a.permission}`;
