import type { Paged } from '@oa/shared/contract/envelope';
import type { UserOption } from '@oa/shared/contract/admin';
import type { UploadedFile } from '@oa/shared/contract/files';
import { FILE_API } from '@oa/shared/contract/files-api';
import {
  SUBJECTS_API,
  type BatchItem,
  type FundItem,
  type SubjectDetail,
  type SubjectItem,
  type SubjectStats,
} from '@oa/shared/contract/subjects';
import { http, unwrap, type QueryParams } from '../../lib/http-client';
import { downloadFile, uploadFile } from '../../lib/files-transfer';

const P = (a: string) => `${SUBJECTS_API}/${a}`;
export type ListKind = 'manageList' | 'deptList' | 'allList' | 'search' | 'fundList';
type Ledger = { list: FundItem[]; budget: number; in: number; out: number; balance: number };

/** The staff side of research subjects (contract: @oa/shared/contract/subjects). */
export const subjectsApi = {
  list: async (kind: ListKind, q: QueryParams) => unwrap(await http.get<Paged<SubjectItem>>(P(kind), q)),
  detail: async (id: string) => unwrap(await http.get<SubjectDetail>(P('detail'), { id })),
  reviewQueue: async () => unwrap(await http.get<Array<SubjectItem & { scoredAt: string | null }>>(P('reviewQueue'))),
  expertOptions: async (keyword?: string) => unwrap(await http.get<UserOption[]>(P('expertOptions'), { keyword })),
  formCheck: async (body: { id: string; pass: boolean; opinion?: string; experts: string[] }) =>
    unwrap(await http.post<null>(P('formCheck'), body)),
  score: async (body: { id: string; score: number; opinion: string }) => unwrap(await http.post<{ closed: boolean }>(P('score'), body)),
  resubmit: async (id: string) => unwrap(await http.post<null>(P('resubmit'), { id })),
  decide: async (body: { id: string; action: 'midterm' | 'complete' | 'terminate'; pass: boolean; opinion: string }) =>
    unwrap(await http.post<null>(P('decide'), body)),
  stats: async () => unwrap(await http.get<SubjectStats>(P('stats'))),
  batches: async () => unwrap(await http.get<BatchItem[]>(P('batches'))),
  saveBatch: async (body: Record<string, unknown>) => unwrap(await http.post<string>(P('saveBatch'), body)),
  deleteBatch: async (id: string) => unwrap(await http.post<null>(P('deleteBatch'), { id })),
  funds: async (subjectId: string) => unwrap(await http.get<Ledger>(P('funds'), { subjectId })),
  addFund: async (body: Record<string, unknown>) => unwrap(await http.post<string>(P('addFund'), body)),
  removeFund: async (id: string) => unwrap(await http.post<null>(P('removeFund'), { id })),
  createApplicant: async (body: Record<string, unknown>) => unwrap(await http.post<null>(P('createApplicant'), body)),
  /** a private voucher upload (readable by staff who may read the subject) */
  uploadVoucher: (file: File): Promise<UploadedFile> => uploadFile(FILE_API.upload, file, file.name, { fields: { scope: 'private' } }),
  download: (fileId: string, name: string) => downloadFile(fileId, name),
};
