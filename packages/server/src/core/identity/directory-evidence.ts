import type { AppContext } from '../context';
import { directoryAccountCounts, lastAppliedSync } from './directory-accounts.repository';

export interface DirectoryEvidence {
  /** a directory (LDAP/AD) is configured: its accounts log in by a bind */
  configured: boolean;
  /** the directory's address (no credential) */
  url: string | null;
  /** minutes between scheduled syncs; 0: by hand only */
  syncMinutes: number;
  accounts: { linked: number; disabled: number };
  /** the newest sync (dry runs left out): when it ended, how it was started, its result and counts */
  lastSync: { at: string; trigger: string; status: string; counts: unknown; message: string | null } | null;
}

/** The self-check's evidence of the directory (等保 identification / account management): configured or not, the last sync. */
export async function directoryEvidence(ctx: AppContext): Promise<DirectoryEvidence> {
  const c = ctx.config.directory;
  const last = await lastAppliedSync(ctx.db);
  return {
    configured: !!c,
    url: c?.url ?? null,
    syncMinutes: c?.syncMinutes ?? 0,
    accounts: await directoryAccountCounts(ctx.db),
    lastSync: last
      ? {
          at: last.finished_at ?? last.started_at,
          trigger: last.trigger,
          status: last.status,
          counts: last.counts ? JSON.parse(last.counts) : null,
          message: last.message,
        }
      : null,
  };
}
