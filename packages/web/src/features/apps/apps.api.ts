import type { Paged } from '@oa/shared/contract/envelope';
import { APP_API } from '@oa/shared/contract/apps-api';
import type { AppPublish, AppPublishBody } from '@oa/shared/contract/apps';
import type { UploadedFile } from '@oa/shared/contract/files';
import { http, unwrap } from '../../lib/http-client';
import { uploadFile } from '../../lib/files-transfer';

export const appsApi = {
  list: async (q: { pageNumber: number; pageSize: number; isPublish?: 'Y' | 'N' }): Promise<Paged<AppPublish>> =>
    unwrap(await http.get<Paged<AppPublish>>(APP_API.list, q)),
  create: async (body: AppPublishBody) => unwrap(await http.post<AppPublish>(APP_API.one, body)),
  update: async (id: number, body: AppPublishBody) => unwrap(await http.put<AppPublish>(APP_API.one, { ...body, id })),
  remove: async (id: number) => unwrap(await http.delete<null>(APP_API.one, { id })),
  uploadPackage: (file: File, onProgress: (p: number) => void): Promise<UploadedFile> =>
    uploadFile('/api/auth/oa/apps/upload', file, file.name, { onProgress }),
};
