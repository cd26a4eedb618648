/**
 * What a route needs, declared on every route under /oa/api (route `config`).
 * A route without a declaration refuses to register, so none is ever open by accident.
 */
export type Access =
  | { kind: 'public'; unsigned?: boolean }
  | { kind: 'login'; applicants?: boolean }
  | { kind: 'permission'; permission: string }
  /** only applicants (platform-19 users without the OA platform); see plugins/auth.ts */
  | { kind: 'applicant' }
  /** only member-unit contacts (platform-20 users without the OA platform, issue 37); see plugins/auth.ts */
  | { kind: 'unitContact' };

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
  /**
   * any logged-in OA user; `applicants: true` opens the route to applicants (platform 19) too — the
   * short allow-list of session, password and file routes they need. Every other route answers them 403.
   */
  login: (opts: { applicants?: boolean } = {}) => ({
    access: (opts.applicants ? { kind: 'login', applicants: true } : { kind: 'login' }) as Access,
  }),
  /** the applicants' own area (/foundationForWeb): applicants only */
  applicant: () => ({ access: { kind: 'applicant' } as Access }),
  /** the member-unit contacts' own area (/unitForWeb): their unit's documents, nothing else */
  unitContact: () => ({ access: { kind: 'unitContact' } as Access }),
  /** a granted function (permission) code */
  perm: (permission: string) => ({ access: { kind: 'permission', permission } as Access }),
};

export const describeAccess = (a: Access): string =>
  a.kind === 'public'
    ? '公开'
    : a.kind === 'login'
      ? a.applicants
        ? '登录用户（含课题申报用户）'
        : '登录用户'
      : a.kind === 'applicant'
        ? '课题申报用户'
        : a.kind === 'unitContact'
          ? '成员单位联系人'
          : `权限 ${a.permission}`;

/** True when the route is open to applicants (platform-19 users). */
export const openToApplicants = (a: Access): boolean => a.kind === 'applicant' || (a.kind === 'login' && a.applicants === true);

/** True when the route is open to member-unit contacts: their own routes and the session routes applicants have too. */
export const openToUnitContacts = (a: Access): boolean => a.kind === 'unitContact' || (a.kind === 'login' && a.applicants === true);
