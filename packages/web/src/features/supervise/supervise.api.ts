import type { Paged } from '@oa/shared/contract/envelope';
import type { UploadedFile } from '@oa/shared/contract/files';
import {
  SUPERVISE_API,
  type SuperviseBody,
  type SuperviseColor,
  type SuperviseDetail,
  type SuperviseStat,
  type SuperviseTask,
} from '@oa/shared/contract/supervise';
import { http, unwrap } from '../../lib/http-client';
import { uploadFile } from '../../lib/files-transfer';

interface SuperviseListQuery {
  pageNumber: number;
  pageSize: number;
  scope: 'mine' | 'exec' | 'all';
  status?: string;
  color?: string;
  keyword?: string;
  leadDept?: string;
}

export const superviseApi = {
  list: async (q: SuperviseListQuery) => unwrap(await http.get<Paged<SuperviseTask>>(SUPERVISE_API.list, { ...q })),
  detail: async (id: string) => unwrap(await http.get<SuperviseDetail>(SUPERVISE_API.one, { id })),
  create: async (body: SuperviseBody) => unwrap(await http.post<SuperviseDetail>(SUPERVISE_API.one, body)),
  accept: async (id: string) => unwrap(await http.post<null>(SUPERVISE_API.accept, { id })),
  progress: async (body: { id: string; subtaskId?: string | null; percent: number; content: string; fileIds: string[] }) =>
    unwrap(await http.post<null>(SUPERVISE_API.progress, body)),
  extend: async (body: { id: string; dueDate: string; reason: string }) => unwrap(await http.post<null>(SUPERVISE_API.extend, body)),
  submit: async (id: string, content?: string) => unwrap(await http.post<null>(SUPERVISE_API.submit, { id, content })),
  review: async (body: { id: string; action: 'close' | 'return' | 'extendOk' | 'extendNo'; comment?: string }) =>
    unwrap(await http.post<null>(SUPERVISE_API.review, body)),
  urge: async (id: string, content?: string) => unwrap(await http.post<null>(SUPERVISE_API.urge, { id, content })),
  stats: async () => unwrap(await http.get<SuperviseStat[]>(SUPERVISE_API.stats)),
  due: async () => unwrap(await http.get<SuperviseTask[]>(SUPERVISE_API.due)),
  upload: (file: File): Promise<UploadedFile> => uploadFile(SUPERVISE_API.upload, file, file.name),
};

export const COLOR_TAG: Record<SuperviseColor, string> = { red: 'red', yellow: 'gold', blue: 'blue', none: 'green' };
