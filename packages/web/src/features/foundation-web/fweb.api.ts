import type { Paged } from '@oa/shared/contract/envelope';
import type { UploadedFile } from '@oa/shared/contract/files';
import {
  FWEB_API,
  type BatchItem,
  type OrgInfo,
  type ReportKind,
  type SubjectDetail,
  type SubjectItem,
} from '@oa/shared/contract/subjects';
import { http, unwrap } from '../../lib/http-client';
import { downloadFrom, uploadFile } from '../../lib/files-transfer';

/** The applicants' API (platform 19): own subjects only. */
const P = (a: string) => `${FWEB_API}/${a}`;

export const fwebApi = {
  batches: async () => unwrap(await http.get<BatchItem[]>(P('batches'))),
  subjects: async (pageNumber = 1, pageSize = 50) => unwrap(await http.get<Paged<SubjectItem>>(P('subjects'), { pageNumber, pageSize })),
  subject: async (id: string) => unwrap(await http.get<SubjectDetail>(P('subject'), { id })),
  create: async (batchId: string, name: string) => unwrap(await http.post<string>(P('create'), { batchId, name })),
  saveStep: async (id: string, step: string, data: Record<string, unknown>) =>
    unwrap(await http.post<null>(P('saveStep'), { id, step, data })),
  submit: async (id: string) => unwrap(await http.post<null>(P('submit'), { id })),
  saveContractStep: async (id: string, step: string, data: Record<string, unknown>) =>
    unwrap(await http.post<null>(P('saveContractStep'), { id, step, data })),
  submitContract: async (id: string) => unwrap(await http.post<null>(P('submitContract'), { id })),
  report: async (body: { subjectId: string; kind: ReportKind; title: string; content?: string; fileId?: string | null }) =>
    unwrap(await http.post<string>(P('report'), body)),
  org: async () => unwrap(await http.get<OrgInfo | null>(P('org'))),
  saveOrg: async (body: Record<string, unknown>) => unwrap(await http.post<null>(P('org'), body)),
  upload: (file: File): Promise<UploadedFile> => uploadFile(P('upload'), file, file.name),
  download: (fileId: string, fileName: string) => downloadFrom(P('file'), { fileId }, fileName),
  changePassword: (body: { userCode: string; oldPassword: string; password: string }) =>
    http.put<null>('/api/auth/base/system/changePassword', body, { quiet: true }),
};
