import { randomBytes } from 'node:crypto';
import type { Db } from '../database';
import { DEPT_CLERK_ROLE, DOC_CLERK_ROLE } from './documents.structure';
import { drawSealPng } from './seal-drawing';

/**
 * Demo of 印章管理 (issue 37): the association's seal (kept by the document clerk 赵磊, asked for by the document
 * clerks) and the 办公室's seal (kept by its leader), drawn in code (seal-drawing.ts); the distributed demo dispatches
 * carry the association's seal, stamped at their 印制, so the use log and their PDF/.docx/OFD show it.
 */
const id = (p: string) => `${p}${randomBytes(10).toString('hex')}`;
const ORG = process.env.OA_ORG_NAME ?? '中国行业协会';

export async function seedSeals(trx: Db, at: string): Promise<void> {
  const seals = [
    {
      id: 'SEALorg',
      name: ORG,
      kind: 'org',
      dept_code: null,
      png: await drawSealPng(ORG, null, 400),
      keepers: ['zhaolei'],
      roles: [DOC_CLERK_ROLE, DEPT_CLERK_ROLE],
      depts: [] as string[],
    },
    {
      id: 'SEALd01',
      name: `${ORG}办公室`,
      kind: 'dept',
      dept_code: 'D01',
      png: await drawSealPng(ORG, '办公室', 400),
      keepers: ['leader'],
      roles: [] as string[],
      depts: ['D01'],
    },
  ];
  await trx
    .insertInto('oa_seal')
    .values(
      seals.map((s) => ({
        id: s.id,
        name: s.name,
        kind: s.kind,
        dept_code: s.dept_code,
        image_png: s.png.toString('base64'),
        width: 400,
        height: 400,
        bytes: s.png.length,
        keepers: JSON.stringify(s.keepers),
        requester_roles: JSON.stringify(s.roles),
        requester_depts: JSON.stringify(s.depts),
        enabled: 'Y' as const,
        created_by: 'admin',
        created_at: at,
        updated_at: at,
      })),
    )
    .execute();
  const stamped = await trx
    .selectFrom('doc_document')
    .select(['id', 'title', 'updated_at'])
    .where('kind', '=', 'dispatch')
    .where('status', '=', 'distributed')
    .where('scope', '=', 'office')
    .execute();
  if (stamped.length)
    await trx
      .insertInto('oa_seal_use')
      .values(
        stamped.map((d) => ({
          id: id('SU'),
          seal_id: 'SEALorg',
          user_code: 'zhaolei',
          used_at: d.updated_at,
          doc_id: d.id,
          doc_title: d.title,
          record_id: null,
          via: 'keeper',
        })),
      )
      .execute();
}
