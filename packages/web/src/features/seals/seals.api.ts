import { SEAL_API, type SealItem, type SealRole, type SealSave, type SealUseItem } from '@oa/shared/contract/seals';
import type { Paged } from '@oa/shared/contract/envelope';
import { http, unwrap } from '../../lib/http-client';
import { fetchBlob } from '../../lib/files-transfer';

/** 印章管理 (contract: @oa/shared/contract/seals). */
export const sealsApi = {
  list: async () => unwrap(await http.get<SealItem[]>(SEAL_API.list)),
  roles: async () => unwrap(await http.get<SealRole[]>(SEAL_API.roles)),
  save: async (body: Partial<SealSave>) => unwrap(await http.post<SealItem>(SEAL_API.save, body)),
  uses: async (sealId: string | undefined, pageNumber: number) =>
    unwrap(await http.get<Paged<SealUseItem>>(SEAL_API.uses, { sealId, pageNumber, pageSize: 20 })),
  image: (id: string) => fetchBlob(SEAL_API.image, { id }),
};

/** A file read as base64 (no data: prefix). */
export const fileBase64 = (f: File): Promise<string> =>
  new Promise((resolve, reject) => {
    const r = new FileReader();
    r.onload = () => resolve(String(r.result).replace(/^data:[^,]*,/, ''));
    r.onerror = () => reject(new Error('读取图片失败'));
    r.readAsDataURL(f);
  });
