import type { HistoryAction } from '../contract/workflow';

/**
 * The one Chinese reading of every workflow history action (trails, timelines, 处理笺, archive sheets):
 * a new action must be named here, and no engine word ("submit", "formEdit", "finish", "skip") reaches a person.
 */
export const HISTORY_ACTION_LABELS: Readonly<Record<HistoryAction, string>> = {
  submit: '提交申请',
  approve: '同意',
  reject: '驳回',
  return: '退回',
  transfer: '转交',
  addSign: '加签',
  withdraw: '撤回',
  urge: '催办',
  comment: '意见',
  autoApprove: '自动通过',
  autoReject: '自动驳回',
  skip: '自动跳过',
  cc: '抄送',
  remind: '超时提醒',
  reassign: '改派',
  terminate: '终止',
  finish: '流程结束',
  formEdit: '指定人员',
  resubmit: '重新提交',
};

/** The engine's own actor code (auto-pass, CC, timeouts) and how it reads. */
export const SYSTEM_ACTOR = 'system';
export const SYSTEM_ACTOR_NAME = '系统自动';

export const historyActionLabel = (action: string): string => (HISTORY_ACTION_LABELS as Readonly<Record<string, string>>)[action] ?? '处理';

/** A history row's actor as a person reads it: the name, '系统自动' for the engine, never the code 'system'. */
export const actorNameOf = (actor: string, name: string | null | undefined): string =>
  name ?? (actor === SYSTEM_ACTOR ? SYSTEM_ACTOR_NAME : actor);
