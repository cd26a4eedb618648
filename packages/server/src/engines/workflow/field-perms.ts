import { instancesOfRecords, involvementIn } from './runtime.repository';
import type { FieldPermission } from '@oa/shared/workflow/definition';
import { findNode } from '@oa/shared/workflow/tree';
import type { Db } from '../../db/database';
import { definitionBody } from './runtime';

type Perms = Record<string, FieldPermission>;
interface Seen {
  instanceId: string;
  nodeId: string;
  at: string;
  open: boolean;
}

/**
 * The field permissions of a user's node on each record: the node of their open task, otherwise of
 * their most recent task or CC copy (any instance of the record). Records where the user takes no
 * part are absent from the answer.
 */
export async function fieldPermissionsOf(
  db: Db,
  input: { moduleCode: string; recordIds: string[]; userCode: string },
): Promise<Map<string, Perms>> {
  const out = new Map<string, Perms>();
  const ids = [...new Set(input.recordIds)];
  if (!ids.length) return out;
  const instances = await instancesOfRecords(db, input.moduleCode, ids);
  if (!instances.length) return out;
  const byId = new Map(instances.map((i) => [i.id, i]));
  const instIds = instances.map((i) => i.id);
  const [tasks, ccs] = await involvementIn(db, instIds, input.userCode);
  const seen: Seen[] = [
    ...tasks.map((t) => ({ instanceId: t.instance_id, nodeId: t.node_id, at: t.acted_at ?? t.created_at, open: t.status === 'open' })),
    ...ccs.map((c) => ({ instanceId: c.instance_id, nodeId: c.node_id, at: c.created_at, open: false })),
  ];
  const best = new Map<string, Seen>();
  for (const s of seen) {
    const recordId = byId.get(s.instanceId)!.record_id;
    const cur = best.get(recordId);
    if (!cur || (s.open && !cur.open) || (s.open === cur.open && s.at > cur.at)) best.set(recordId, s);
  }
  for (const [recordId, s] of best) {
    const def = await definitionBody(db, byId.get(s.instanceId)!.definition_id);
    const node = findNode(def, s.nodeId);
    const perms = node && (node.type === 'approver' || node.type === 'cc') ? node.settings.fieldPermissions : {};
    out.set(recordId, s.open ? perms : readOnly(perms));
  }
  return out;
}

/** A past task no longer edits anything. */
const readOnly = (p: Perms): Perms => Object.fromEntries(Object.entries(p).map(([k, v]) => [k, v === 'edit' ? 'read' : v]));
