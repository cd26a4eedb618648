import { useCallback, useRef, useState } from 'react';
import { Form } from 'antd';
import { fieldsFor, type AnyModule, variantOf } from '@oa/shared/modules/define-module';
import { validateRecord } from '@oa/shared/modules/field-schema';
import type { RecordDetail } from '@oa/shared/contract/records';
import type { InstanceView, WorkflowAction } from '@oa/shared/contract/workflow';
import type { SignaturePadHandle } from '../../components/signature-pad';
import { feedback } from '../../lib/feedback';
import { notifyError } from '../../lib/notify-error';
import { mustSign as stepNeedsSignature } from '../must-sign';
import { processApi } from '../process.api';
import { recordsApi } from '../records.api';
import { sheetApi } from '../sheet.api';

/** An action that asks for input first: a task action of the process, or one of the module's own actions. */
export type ActionDialog = { kind: Exclude<WorkflowAction, 'withdraw' | 'urge'> } | { kind: 'module'; action: string };
export type TaskDialogKind = Exclude<ActionDialog['kind'], 'module'>;

export const ACTION_TITLES: Readonly<Record<TaskDialogKind, string>> = {
  approve: '同意',
  reject: '驳回',
  return: '退回',
  transfer: '转交',
  addSign: '加签',
  comment: '评论',
};
const TASK_ACTIONS: readonly TaskDialogKind[] = ['approve', 'reject', 'return', 'transfer', 'addSign', 'comment'];

/**
 * What a person may do on a record and how each action reaches the server — one code for the desktop's action row
 * and the phone app's action bar. The buttons come from the server's answer only: the process's `myActions` for the
 * viewer's task, `record.can.*` and the record's module actions.
 */
export function useRecordActions({
  m,
  record,
  view,
  onDone,
  withdraw,
}: {
  m: AnyModule;
  record: RecordDetail;
  view: InstanceView | null;
  onDone: () => void;
  /** 撤回 of an area's own record (a document), instead of the records engine's */
  withdraw?: () => Promise<unknown>;
}) {
  const [dialog, setDialog] = useState<ActionDialog | null>(null);
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm<Record<string, unknown>>();
  const mine = view?.myActions ?? [];
  const task = view?.myTask ?? null;
  const pad = useRef<SignaturePadHandle>(null);
  const mustSign = stepNeedsSignature(view);
  const [signError, setSignError] = useState<string | null>(null);
  const onPadChange = useCallback((empty: boolean) => {
    if (!empty) setSignError(null);
  }, []);
  // handed to the pad as a callback ref: the answer holds no ref object (read only in the handlers)
  const setPad = useCallback((h: SignaturePadHandle | null) => {
    pad.current = h;
  }, []);
  const instanceId = view?.current?.instanceId ?? record.instanceId;
  // the fields the approver's node lets them change; sent with 同意 as formPatch
  const editable = task
    ? fieldsFor(m, record.variant).filter(([name, f]) => view?.fieldPermissions[name] === 'edit' && !f.readonlyOnForm)
    : [];

  const run = async (fn: () => Promise<unknown>, done: string) => {
    setBusy(true);
    try {
      await fn();
      feedback().message.success(done);
      setDialog(null);
      form.resetFields();
      onDone();
    } catch (err) {
      notifyError(err);
    } finally {
      setBusy(false);
    }
  };

  const confirm = async () => {
    if (!dialog) return;
    // a missing opinion is shown under its field (antd); never an unhandled rejection
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    const comment = typeof v.comment === 'string' && v.comment.trim() ? v.comment.trim() : undefined;
    if (dialog.kind === 'module') {
      const decl = m.actions![dialog.action];
      const check = validateRecord({ ...m, fields: decl.fields, rules: [] }, v);
      if (!check.ok) return form.setFields(check.issues.map((i) => ({ name: i.field, errors: [i.message] })));
      return run(() => recordsApi.action(m.code, record.id, dialog.action, check.data), `${decl.label}成功`);
    }
    const t = task?.taskId ?? '';
    switch (dialog.kind) {
      case 'approve': {
        const values = (v.patch ?? {}) as Record<string, unknown>;
        const changed = editable.filter(([name]) => JSON.stringify(values[name] ?? null) !== JSON.stringify(record.data[name] ?? null));
        const patch = changed.length ? Object.fromEntries(changed.map(([name]) => [name, values[name] ?? null])) : undefined;
        const png = await pad.current?.toPng();
        if (mustSign && !png) return setSignError('请在签名板上手写签名');
        return run(async () => {
          const signatureFileId = png ? await sheetApi.uploadSignature(png) : undefined;
          return processApi.approve(t, comment, patch, signatureFileId);
        }, '已同意');
      }
      case 'reject':
        return run(() => processApi.reject(t, comment ?? ''), '已驳回');
      case 'return':
        return run(() => processApi.sendBack(t, String(v.to), comment, v.to === 'initiator' && v.resubmitToMe === true), '已退回');
      case 'transfer':
        return run(() => processApi.transfer(t, String(v.toUser), comment), '已转交');
      case 'addSign':
        return run(() => processApi.addSign(t, String(v.toUser), v.position === 'before' ? 'before' : 'after', comment), '已加签');
      case 'comment': {
        // a signature drawn with the opinion (阅签 on a phone) goes with it
        const png = await pad.current?.toPng();
        return run(async () => {
          const signatureFileId = png ? await sheetApi.uploadSignature(png) : undefined;
          return processApi.comment(instanceId ?? '', comment ?? '', signatureFileId);
        }, '已评论');
      }
    }
  };

  const open = (d: ActionDialog) => {
    form.resetFields();
    setSignError(null);
    setDialog(d);
  };
  const moduleDecl = dialog?.kind === 'module' ? m.actions?.[dialog.action] : undefined;
  const title = dialog ? (dialog.kind === 'module' ? (moduleDecl?.label ?? '') : ACTION_TITLES[dialog.kind]) : '';
  const editRoute = variantOf(m, record.variant)?.route ?? m.routes.edit;

  return {
    m,
    record,
    view,
    dialog,
    title,
    moduleDecl,
    busy,
    form,
    setPad,
    mustSign,
    signError,
    onPadChange,
    editable,
    editRoute,
    /** the task actions offered to this viewer ('comment' also without a task of their own) */
    taskActions: TASK_ACTIONS.filter((a) => mine.includes(a) && (a === 'comment' || task)),
    canWithdraw: record.can.withdraw,
    canUrge: mine.includes('urge') && Boolean(instanceId),
    withdraw: () => run(() => (withdraw ? withdraw() : recordsApi.withdraw(m.code, record.id)), '已撤回'),
    urge: () => run(() => processApi.urge(instanceId ?? ''), '已催办'),
    open,
    close: () => setDialog(null),
    confirm,
  };
}

export type RecordActions = ReturnType<typeof useRecordActions>;
