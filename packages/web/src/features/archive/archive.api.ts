import type { Paged } from '@oa/shared/contract/envelope';
import {
  ARCHIVE_API,
  type ArchiveDetail,
  type ArchiveItem,
  type ArchivePreview,
  type PendingRow,
  type RollRow,
} from '@oa/shared/contract/archive';
import { http, unwrap, type QueryParams } from '../../lib/http-client';
import { downloadFrom } from '../../lib/files-transfer';

/** The archive API (contract: @oa/shared/contract/archive). */
export const archiveApi = {
  pending: async (q: QueryParams) => unwrap(await http.get<Paged<PendingRow>>(ARCHIVE_API.pending, q)),
  preview: async (q: QueryParams) => unwrap(await http.get<ArchivePreview>(ARCHIVE_API.preview, q)),
  file: async (body: Record<string, unknown>) => unwrap(await http.post<ArchiveItem>(ARCHIVE_API.file, body)),
  list: async (q: QueryParams) => unwrap(await http.get<Paged<ArchiveItem>>(ARCHIVE_API.list, q)),
  detail: async (id: string) => unwrap(await http.get<ArchiveDetail>(ARCHIVE_API.detail, { id })),
  ofd: (id: string, name: string) => downloadFrom(ARCHIVE_API.ofd, { id }, `${name}.ofd`, 'application/ofd'),
  /** the item's archive package: 正文, 定稿, 处理笺, attachments and 元数据.xml with each file's SM3 */
  package: (id: string, name: string) => downloadFrom(ARCHIVE_API.package, { id }, `${name}.zip`, 'application/zip'),
  exportCatalogue: (q: Record<string, string>) => downloadFrom(ARCHIVE_API.export, q, '归档文件目录.xlsx'),
  rolls: async () => unwrap(await http.get<RollRow[]>(ARCHIVE_API.rolls)),
  saveRoll: async (body: Record<string, unknown>) => unwrap(await http.post<null>(ARCHIVE_API.rollSave, body)),
  assignRoll: async (rollId: string | null, itemIds: string[]) =>
    unwrap(await http.post<null>(ARCHIVE_API.assignRoll, { rollId, itemIds })),
};
