import type { Paged } from '@oa/shared/contract/envelope';
import type { UploadedFile } from '@oa/shared/contract/files';
import { EXCHANGE_API, type UnitDocRow } from '@oa/shared/contract/exchange';
import { http, unwrap } from '../../lib/http-client';
import { downloadFrom, uploadFile } from '../../lib/files-transfer';

/** The member-unit contacts' API (platform 20): their unit's documents only. */
export const unitApi = {
  docs: async (pageNumber = 1, pageSize = 20) =>
    unwrap(await http.get<Paged<UnitDocRow> & { unitName: string }>(EXCHANGE_API.unitDocs, { pageNumber, pageSize })),
  doc: async (id: string) => unwrap(await http.get<UnitDocRow>(EXCHANGE_API.unitDoc, { id })),
  download: (d: UnitDocRow, format: 'pdf' | 'ofd') =>
    downloadFrom(EXCHANGE_API.unitFile, { id: d.id, format }, `${d.docNo ?? d.title}.${format}`),
  upload: (file: File): Promise<UploadedFile> => uploadFile(EXCHANGE_API.unitUpload, file, file.name),
  sign: async (id: string, replyText: string, replyFileId: string | null) =>
    unwrap(await http.post<null>(EXCHANGE_API.unitSign, { id, replyText: replyText || undefined, replyFileId: replyFileId ?? undefined })),
  notices: async () =>
    unwrap(await http.get<Array<{ id: string; title: string; content: string; createdAt: string }>>(EXCHANGE_API.unitNotices)),
};
