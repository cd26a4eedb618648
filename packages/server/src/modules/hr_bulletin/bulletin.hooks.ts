import { nowIso } from '../../lib/time';
import { bizError } from '../../lib/errors';
import type { RegisterHooks } from '../../core/ports/module-hooks';

/** 工作安排: publishing and withdrawing a work arrangement. */
export const bulletinHooks: RegisterHooks = {
  defaults: () => ({ publishState: '草稿', publishedAt: null, publisher: null }),
  actions: {
    async publish(_trx, record, _payload, actor) {
      if (record.data.publishState === '已发布') throw bizError('该工作安排已发布');
      return { publishState: '已发布', publishedAt: nowIso().slice(0, 19).replace('T', ' '), publisher: actor.userName };
    },
    async unpublish(_trx, record) {
      if (record.data.publishState !== '已发布') throw bizError('该工作安排尚未发布');
      return { publishState: '已撤回' };
    },
  },
};
