import { DIRECTORY_SYNC_API, type DirectoryState, type SyncAnswer } from '@oa/shared/contract/directory-sync';
import { http, unwrap } from '../../lib/http-client';

/** The 目录同步 page (contract: @oa/shared/contract/directory-sync). */
export const ldapSyncApi = {
  state: async () => unwrap(await http.get<DirectoryState>(DIRECTORY_SYNC_API.state)),
  preview: async () => unwrap(await http.post<SyncAnswer>(DIRECTORY_SYNC_API.preview, {})),
  apply: async () => unwrap(await http.post<SyncAnswer>(DIRECTORY_SYNC_API.apply, {})),
};
