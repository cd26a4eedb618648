import { ROLE } from '@oa/shared/constants';
import type { Paged } from '@oa/shared/contract/envelope';
import type { PublishedBriefing } from '@oa/shared/contract/approval-modules';
import type { Db } from '../../db/database';
import { notFound } from '../../lib/errors';
import type { Viewer } from '../route-kit';
import * as repo from './briefing.repository';

/** 简报查阅 (/briefingList): approved briefings, with the "department leaders and above" scope. */
function toBriefing(r: Awaited<ReturnType<typeof repo.approvedBriefings>>[number]): PublishedBriefing & { scope: string | null } {
  let d: Record<string, unknown> = {};
  try {
    d = JSON.parse(r.data) as Record<string, unknown>;
  } catch {
    /* empty */
  }
  const s = (k: string) => (typeof d[k] === 'string' ? (d[k] as string) : null);
  const files = Array.isArray(d.files)
    ? (d.files as Array<{ fileId: string; fileName: string }>).map((f) => ({ fileId: f.fileId, fileName: f.fileName }))
    : [];
  return {
    id: r.id,
    serialNo: r.serial_no,
    title: s('title') ?? r.title,
    issueNo: s('issueNo'),
    category: s('category'),
    briefDate: s('briefDate'),
    deptName: r.dept_name,
    applicantName: r.applicant_name,
    summary: s('summary'),
    content: s('content'),
    files,
    publishedAt: r.finished_at,
    scope: s('scope'),
  };
}
const visibleTo = (v: Viewer) => (b: { scope: string | null }) =>
  b.scope !== '部门负责人及以上' || v.isAdmin || v.roleCodes.includes(ROLE.DEPT_LEADER);

export async function publishedBriefings(
  db: Db,
  v: Viewer,
  q: { pageNumber: number; pageSize: number; keyword?: string; category?: string },
): Promise<Paged<PublishedBriefing>> {
  const k = q.keyword?.trim();
  const all = (await repo.approvedBriefings(db))
    .map(toBriefing)
    .filter(visibleTo(v))
    .filter((b) => (!k || b.title.includes(k) || (b.summary ?? '').includes(k)) && (!q.category || b.category === q.category));
  const page = all
    .slice((q.pageNumber - 1) * q.pageSize, q.pageNumber * q.pageSize)
    .map(({ scope: _s, content: _c, ...b }) => ({ ...b, content: null }));
  return { list: page, total: all.length, pageNumber: q.pageNumber, pageSize: q.pageSize };
}
export async function publishedBriefing(db: Db, v: Viewer, id: string): Promise<PublishedBriefing> {
  const found = (await repo.approvedBriefings(db)).map(toBriefing).find((b) => b.id === id);
  if (!found || !visibleTo(v)(found)) throw notFound('简报不存在或尚未发布');
  const { scope: _s, ...b } = found;
  return b;
}
