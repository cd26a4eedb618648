import { describe, expect, it } from 'vitest';
import { HISTORY_ACTIONS } from '../contract/workflow';
import { actorNameOf, historyActionLabel } from './history-labels';

describe('history labels', () => {
  it('every history action and the engine actor read in Chinese, never an engine word', () => {
    for (const a of HISTORY_ACTIONS) expect(historyActionLabel(a), a).toMatch(/^[^A-Za-z]+$/);
    expect(historyActionLabel('someFutureAction')).toMatch(/^[^A-Za-z]+$/);
    expect(actorNameOf('system', null)).toMatch(/^[^A-Za-z]+$/);
    expect(actorNameOf('zhangwei', '张伟')).toBe('张伟');
  });
});
