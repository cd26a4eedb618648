import type { RoleRef, SessionUser } from '@oa/shared/contract/auth';
import type { Db } from '../../db/database';
import type { SessionTable } from '../../db/schema/system';
import type { PasswordState } from './identity.repository';

/**
 * What the session guard read for one bearer token: the token's claims, the session row, its user and the
 * user's roles, platforms and (once asked) permission codes.
 */
export interface GuardEntry {
  /** `sys_auth_version` when the entry was read: the entry serves only while the counter is unchanged */
  version: number;
  loadedAt: number;
  /** the token's own expiry (ms), from its verified claims */
  tokenExpiresAt: number;
  session: SessionTable;
  user: SessionUser;
  status: string;
  password: PasswordState;
  roles: RoleRef[];
  roleCodes: string[];
  isAdmin: boolean;
  platforms: string[];
  permissions?: Promise<Set<string>>;
}

/** An entry serves for at most this long even when nothing changed (bounds what a missed write could leave). */
const SESSION_CACHE_TTL_MS = 10_000;
const MAX_ENTRIES = 20_000;

/**
 * The session guard's in-process cache (issue 18), keyed by the bearer token, one per database handle.
 * An entry is only ever used to accept a request, and only while `sys_auth_version` — bumped by database
 * triggers on every write to what it holds (migration 078) — is the value it was read under; every refusal
 * is decided on a fresh read. So logout, revocation, a disabled account, a changed role, grant or platform
 * take effect on the very next request, on every instance sharing the database.
 */
export class SessionCache {
  private readonly entries = new Map<string, GuardEntry>();

  constructor(private readonly ttlMs = SESSION_CACHE_TTL_MS) {}

  /** The entry of `token` when it is still current at `version`; stale entries are dropped. */
  get(token: string, version: number, now = Date.now()): GuardEntry | null {
    const e = this.entries.get(token);
    if (!e) return null;
    if (e.version !== version || now - e.loadedAt >= this.ttlMs || now >= e.tokenExpiresAt) {
      this.entries.delete(token);
      return null;
    }
    return e;
  }

  set(token: string, entry: GuardEntry): void {
    this.entries.delete(token);
    if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(token, entry);
  }

  /** The guard touched the session (last_seen_at): the cached row says so too. */
  touched(token: string, at: string): void {
    const e = this.entries.get(token);
    if (e) e.session = Object.freeze({ ...e.session, last_seen_at: at });
  }

  drop(token: string): void {
    this.entries.delete(token);
  }
}

const caches = new WeakMap<Db, SessionCache>();

/** The cache of one database handle (each test app has its own). */
export function sessionCacheOf(db: Db): SessionCache {
  let c = caches.get(db);
  if (!c) caches.set(db, (c = new SessionCache()));
  return c;
}
