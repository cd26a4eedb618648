import { HANDOVER_KIND_LIST, type HandoverItem, type HandoverKind } from '@oa/shared/contract/handover';
import type { Db } from '../../db/database';
import type { AppContext } from '../context';

/**
 * The hand-over port (issue 38): every area that lets a person hold work answers "what does this person hold"
 * and "move it to someone else" for its kind of `HANDOVER_KINDS` (@oa/shared/contract/handover), registered when
 * its routes register. The hand-over feature lists and moves through this port and imports no area.
 *
 * `move` runs in the hand-over's transaction and moves only what the person still holds at that moment
 * (conditional UPDATEs), so an item another action closed meanwhile is left alone and a second hand-over of the
 * same person finds nothing.
 */
export interface HandoverSource {
  kind: HandoverKind;
  /** what the person holds now, at most `limit` items */
  list(db: Db, userCode: string, limit: number): Promise<HandoverItem[]>;
  /** moves everything the person holds to `to`; returns how many items moved */
  move(trx: Db, m: { from: string; to: string; at: string; actor: string }): Promise<number>;
}

declare module '../context' {
  interface AppContext {
    handoverSources?: Map<HandoverKind, HandoverSource>;
  }
}

/** Registers (or replaces) the source of one kind on this app. */
export function registerHandoverSource(ctx: AppContext, source: HandoverSource): void {
  (ctx.handoverSources ??= new Map()).set(source.kind, source);
}

/** The sources in the order of the declaration; a declared kind without a source is a wiring bug. */
export function handoverSources(ctx: Pick<AppContext, 'handoverSources'>): HandoverSource[] {
  return HANDOVER_KIND_LIST.map((k) => {
    const s = ctx.handoverSources?.get(k);
    if (!s) throw new Error(`handover: no source registered for ${k}`);
    return s;
  });
}

/** Of `userCodes`, those who still hold any work (the /user page's 有待交接工作 tag). */
export async function holdersOfWork(ctx: Pick<AppContext, 'handoverSources'>, db: Db, userCodes: readonly string[]): Promise<Set<string>> {
  const sources = handoverSources(ctx);
  const out = new Set<string>();
  for (const u of userCodes) {
    for (const s of sources) {
      if ((await s.list(db, u, 1)).length) {
        out.add(u);
        break;
      }
    }
  }
  return out;
}
