import { chinaDate } from '@oa/shared/format/china-time';
import type { RegisterHooks } from '../../core/ports/module-hooks';

/** 意见建议: the office replies. */
export const suggestionHooks: RegisterHooks = {
  defaults: () => ({ state: '待回复', reply: null, replier: null, replyDate: null }),
  actions: {
    async reply(_trx, _record, payload, actor) {
      return { state: payload.state, reply: payload.reply, replier: actor.userName, replyDate: chinaDate() };
    },
  },
};
