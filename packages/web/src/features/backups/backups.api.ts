import { BACKUPS_API, type BackupsAnswer, type VerifyAnswer } from '@oa/shared/contract/backups';
import { http, unwrap } from '../../lib/http-client';

/** The administrator's backups (contract: @oa/shared/contract/backups). */
export const backupsApi = {
  list: async () => unwrap(await http.get<BackupsAnswer>(BACKUPS_API.list)),
  start: async () => unwrap(await http.post<null>(BACKUPS_API.start, {})),
  verify: async (name: string) => unwrap(await http.post<VerifyAnswer>(BACKUPS_API.verify, { name })),
};
