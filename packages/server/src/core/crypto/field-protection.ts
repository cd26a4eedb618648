import type { AppContext } from '../context';
import { sealedColumnState } from '../../db/sealed-columns';

export interface FieldProtectionEvidence {
  /** env: OA_DATA_KEYS is set; generated: a key generated into the data directory (development / demo) */
  keySource: 'env' | 'generated';
  currentKeyId: string;
  keyCount: number;
  columns: Array<{ column: string; plaintext: number; olderKey: number; hashOutdated?: number }>;
  plaintextRemaining: number;
  /** the control holds: keys from the environment and no plaintext left */
  ok: boolean;
}

/** Evidence for the 等保/密评 self-check: which columns are encrypted, where the key comes from, plaintext left. */
export async function fieldProtectionEvidence(ctx: Pick<AppContext, 'db' | 'fieldKeys'>): Promise<FieldProtectionEvidence> {
  const columns = await sealedColumnState(ctx.db, ctx.fieldKeys);
  const plaintextRemaining = columns.reduce((n, c) => n + c.plaintext, 0);
  return {
    keySource: ctx.fieldKeys.source,
    currentKeyId: ctx.fieldKeys.current.id,
    keyCount: ctx.fieldKeys.all.size,
    columns,
    plaintextRemaining,
    ok: ctx.fieldKeys.source === 'env' && plaintextRemaining === 0,
  };
}
