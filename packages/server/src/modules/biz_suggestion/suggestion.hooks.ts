import type { RegisterHooks } from '../../core/ports/module-hooks';

const today = (): string => new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);

/** 意见建议: the office replies. */
export const suggestionHooks: RegisterHooks = {
  defaults: () => ({ state: '待回复', reply: null, replier: null, replyDate: null }),
  actions: {
    async reply(_trx, _record, payload, actor) {
      return { state: payload.state, reply: payload.reply, replier: actor.userName, replyDate: today() };
    },
  },
};
