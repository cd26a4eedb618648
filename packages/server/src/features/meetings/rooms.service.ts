import type { MeetingRoom, RoomBody } from '@oa/shared/contract/meetings';
import type { AppContext } from '../../core/context';
import { inChange, type AuditLast } from '../../core/audit';
import { badRequest, bizError, notFound } from '../../lib/errors';
import { nowIso } from '../../lib/time';
import * as repo from './meetings.repository';

const list = (s: string): string[] => {
  try {
    const v = JSON.parse(s) as unknown;
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return [];
  }
};

export const roomDto = (r: repo.RoomRow): MeetingRoom => ({
  id: Number(r.id),
  name: r.name,
  building: r.building,
  floor: r.floor,
  roomNo: r.room_no,
  capacity: Number(r.capacity),
  equipment: list(r.equipment),
  photoFileId: r.photo_file_id,
  needApproval: r.need_approval,
  approver: r.approver,
  approverName: r.approver_name,
  available: r.available,
  remark: r.remark,
  sortNo: Number(r.sort_no),
});

export async function rooms(ctx: AppContext, q: { available?: 'Y' | 'N'; keyword?: string }): Promise<MeetingRoom[]> {
  return (await repo.listRooms(ctx.db, q)).map(roomDto);
}

async function values(ctx: AppContext, b: RoomBody) {
  if (b.needApproval === 'Y' && !b.approver) throw badRequest('需要审批的会议室请选择审批人', 'approver');
  if (b.approver && (await repo.userExists(ctx.db, [b.approver])).length === 0) throw badRequest('审批人不存在或已停用', 'approver');
  if (b.photoFileId && (await repo.attachableFiles(ctx.db, [b.photoFileId], '')).length === 0)
    throw badRequest('会议室照片须为公开上传的图片', 'photoFileId');
  return {
    name: b.name,
    building: b.building || null,
    floor: b.floor || null,
    room_no: b.roomNo || null,
    capacity: b.capacity,
    equipment: JSON.stringify([...new Set(b.equipment.filter(Boolean))]),
    photo_file_id: b.photoFileId || null,
    need_approval: b.needApproval,
    approver: b.approver || null,
    available: b.available,
    remark: b.remark || null,
    sort_no: b.sortNo,
  };
}

/** The room as `db` sees it (a transaction reads its own change). */
async function readRoom(db: AppContext['db'], id: number): Promise<MeetingRoom> {
  const r = await repo.getRoom(db, id);
  if (!r) throw notFound('会议室不存在');
  return roomDto(r);
}

export async function saveRoom(
  ctx: AppContext,
  b: RoomBody,
  audit: AuditLast<{ before: MeetingRoom | null; after: MeetingRoom }>,
): Promise<MeetingRoom> {
  const v = await values(ctx, b);
  const at = nowIso();
  if (!b.id && (await repo.listRooms(ctx.db)).some((r) => r.name === b.name)) throw bizError(`会议室「${b.name}」已存在`);
  return inChange(ctx.db, async (trx) => {
    let id = b.id;
    let before: MeetingRoom | null = null;
    if (id) {
      before = await readRoom(trx, id);
      if (!(await repo.updateRoom(trx, id, { ...v, updated_at: at }))) throw notFound('会议室不存在');
    } else {
      id = await repo.insertRoom(trx, { ...v, lock_ver: 0, deleted: 'N', created_at: at, updated_at: at });
    }
    const after = await readRoom(trx, id);
    await audit(trx, { before, after });
    return after;
  });
}

/** Removes a room from the register (kept for the history of its bookings); refused while future bookings hold it. */
export async function removeRoom(ctx: AppContext, id: number, audit: AuditLast<MeetingRoom>): Promise<void> {
  const held = await repo.clashes(ctx.db, id, nowIso(), '9999-12-31T00:00:00.000Z');
  if (held.length) throw bizError(`会议室还有 ${held.length} 个未开始的预订（如「${held[0].title}」），请先取消或改为暂停使用`);
  await inChange(ctx.db, async (trx) => {
    const before = await readRoom(trx, id);
    if (!(await repo.updateRoom(trx, id, { deleted: 'Y', available: 'N', updated_at: nowIso() }))) throw notFound('会议室不存在');
    await audit(trx, before);
  });
}
