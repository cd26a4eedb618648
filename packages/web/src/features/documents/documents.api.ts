import type { Paged } from '@oa/shared/contract/envelope';
import {
  DOC_API,
  type DistributionRow,
  type DocDetail,
  type DocRow,
  type DocType,
  type LeaderOption,
  type NumberRow,
  type ToReadRow,
} from '@oa/shared/contract/documents';
import { type DocKind, type DocScope } from '@oa/shared/contract/document-routes';
import { FILE_API } from '@oa/shared/contract/files-api';
import type { UploadedFile } from '@oa/shared/contract/files';
import { http, unwrap, type QueryParams } from '../../lib/http-client';
import { downloadFrom, uploadFile } from '../../lib/files-transfer';

/** The official documents API (contract: @oa/shared/contract/documents). */
export const docsApi = {
  list: async (q: QueryParams) => unwrap(await http.get<Paged<DocRow>>(DOC_API.list, q)),
  exportLedger: (q: Record<string, string>, name: string) => downloadFrom(DOC_API.export, q, `${name}.xlsx`),
  leaders: async () => unwrap(await http.get<LeaderOption[]>(DOC_API.leaders)),
  detail: async (id: string) => unwrap(await http.get<DocDetail>(DOC_API.detail, { id })),
  save: async (kind: DocKind, scope: DocScope, form: Record<string, unknown>, submit: boolean, id?: string) =>
    unwrap(await http.post<{ id: string }>(DOC_API.save, { kind, scope, form, submit, id })),
  submit: async (id: string) => unwrap(await http.post<null>(DOC_API.submit, { id })),
  withdraw: async (id: string) => unwrap(await http.post<null>('/api/auth/oa/documents/withdraw', { id })),
  remove: async (id: string) => unwrap(await http.post<null>(DOC_API.remove, { id })),
  types: async (kind: DocKind, scope: DocScope, all = false) =>
    unwrap(await http.get<DocType[]>(DOC_API.types, { kind, scope, all: all ? 'Y' : 'N' })),
  saveType: async (body: Record<string, unknown>) => unwrap(await http.post<DocType>(DOC_API.typeSave, body)),
  numbers: async (typeId: string) => unwrap(await http.get<NumberRow[]>(DOC_API.numbers, { typeId })),
  reserve: async (typeId: string, reason: string) => unwrap(await http.post<NumberRow>(DOC_API.reserve, { typeId, reason })),
  voidNumber: async (numberId: string, reason: string) => unwrap(await http.post<null>(DOC_API.void, { numberId, reason })),
  number: async (id: string, reservedId?: string) => unwrap(await http.post<{ docNo: string }>(DOC_API.number, { id, reservedId })),
  print: async (id: string, seal: { sealId: string | null; stampRecordId: string | null } = { sealId: null, stampRecordId: null }) =>
    unwrap(await http.post<{ fileId: string }>(DOC_API.print, { id, ...seal })),
  distribute: async (body: { id: string; userCodes: string[]; deptCodes: string[]; externals: string[] }) =>
    unwrap(await http.post<{ added: number }>(DOC_API.distribute, body)),
  distribution: async (id: string) => unwrap(await http.get<DistributionRow[]>(DOC_API.distribution, { id })),
  toRead: async (unreadOnly = true, pageSize = 8) =>
    unwrap(await http.get<Paged<ToReadRow>>(DOC_API.toRead, { unreadOnly: unreadOnly ? 'Y' : 'N', pageSize })),
  pdf: (id: string, name: string) => downloadFrom(DOC_API.pdf, { id }, `${name}.pdf`, 'application/pdf'),
  docx: (id: string, name: string) => downloadFrom(DOC_API.docx, { id }, `${name}.docx`),
  ofd: (id: string, name: string) => downloadFrom(DOC_API.ofd, { id }, `${name}.ofd`, 'application/ofd'),
  upload: (file: File): Promise<UploadedFile> => uploadFile(FILE_API.upload, file, file.name, { fields: { scope: 'private' } }),
};
