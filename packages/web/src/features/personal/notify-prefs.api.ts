import { NOTIFY_API } from '@oa/shared/contract/notify';
import type { MyNotifyPrefs, MyNotifyPrefsAnswer } from '@oa/shared/contract/notify-prefs';
import { http, unwrap } from '../../lib/http-client';

/** A person's message preferences (contract: @oa/shared/contract/notify-prefs). */
export const notifyPrefsApi = {
  get: async () => unwrap(await http.get<MyNotifyPrefsAnswer>(NOTIFY_API.myPrefs)),
  save: async (b: MyNotifyPrefs) => unwrap(await http.post<null>(NOTIFY_API.saveMyPrefs, b)),
};
