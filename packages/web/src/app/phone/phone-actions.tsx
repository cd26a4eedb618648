import { useState } from 'react';
import { Button, Drawer, Modal } from 'antd';
import { useNavigate } from 'react-router';
import type { AnyModule } from '@oa/shared/modules/define-module';
import type { RecordDetail } from '@oa/shared/contract/records';
import type { InstanceView } from '@oa/shared/contract/workflow';
import { RecordActionForm } from '../../engine/components/record-action-form';
import { ACTION_TITLES, useRecordActions } from '../../engine/components/use-record-actions';

interface Entry {
  key: string;
  label: string;
  primary?: boolean;
  danger?: boolean;
  run: () => void;
}

/** At most this many buttons in the bar; with more, the first ones and 更多 (the rest in a sheet). */
const IN_BAR = 3;

/**
 * The item's actions on a phone: a bar fixed at the bottom, each button only when the server lets this person act
 * (the same `myActions` and `can.*` as the desktop, the same calls through useRecordActions), the rest under 更多;
 * each action's inputs in a sheet from below — 同意 with the 批示 opinion and the handwritten signature pad.
 */
export function PhoneActions({
  m,
  record,
  view,
  onDone,
  onSheet,
  withdraw,
  labels,
}: {
  m: AnyModule;
  record: RecordDetail;
  view: InstanceView | null;
  onDone: () => void;
  /** shows the printed 审批单/处理笺 in the page */
  onSheet: () => void;
  /** 撤回 of an area's own record (a document), instead of the records engine's */
  withdraw?: () => Promise<unknown>;
  /** another name for an entry, by its key (a document's 传阅 reader 阅签s; its sheet is the 处理笺) */
  labels?: Partial<Record<string, string>>;
}) {
  const navigate = useNavigate();
  const a = useRecordActions({ m, record, view, onDone, withdraw });
  const [more, setMore] = useState(false);
  const entries: Entry[] = [
    ...a.taskActions.map((k) => ({
      key: k,
      label: ACTION_TITLES[k],
      primary: k === 'approve',
      danger: k === 'reject',
      run: () => a.open({ kind: k }),
    })),
    ...(a.canWithdraw
      ? [
          {
            key: 'withdraw',
            label: '撤回',
            run: () => Modal.confirm({ title: '确定撤回该申请吗？', okText: '撤回', cancelText: '取消', centered: true, onOk: a.withdraw }),
          },
        ]
      : []),
    ...(a.canUrge ? [{ key: 'urge', label: '催办', run: () => void a.urge() }] : []),
    ...record.actions.map((k) => ({
      key: `module-${k}`,
      label: m.actions?.[k]?.label ?? k,
      run: () => a.open({ kind: 'module', action: k }),
    })),
    ...(record.can.edit && a.editRoute
      ? [
          {
            key: 'edit',
            label: record.status === 'draft' ? '编辑' : '修改并重新提交',
            run: () => navigate(`${a.editRoute}?id=${record.id}`),
          },
        ]
      : []),
    ...(record.can.print ? [{ key: 'print', label: '查看审批单', run: onSheet }] : []),
  ];
  for (const e of entries) e.label = labels?.[e.key] ?? e.label;
  // the decisions first: 同意 and 驳回 stay in the bar, the primary one last (under the right thumb)
  const bar = entries.length <= IN_BAR ? entries : entries.slice(0, IN_BAR - 1);
  const rest = entries.length <= IN_BAR ? [] : entries.slice(IN_BAR - 1);
  const ordered = [...bar.filter((e) => !e.primary), ...bar.filter((e) => e.primary)];
  const isApprove = a.dialog?.kind === 'approve';
  return (
    <>
      {entries.length ? (
        <div className="m-actionbar" data-testid="m-actions">
          {rest.length ? (
            <Button size="large" onClick={() => setMore(true)} data-testid="m-action-more">
              更多
            </Button>
          ) : null}
          {ordered.map((e) => (
            <Button
              key={e.key}
              size="large"
              type={e.primary ? 'primary' : 'default'}
              danger={e.danger}
              onClick={e.run}
              data-testid={`m-action-${e.key}`}
            >
              {e.label}
            </Button>
          ))}
        </div>
      ) : null}
      <Drawer open={more} placement="bottom" size="auto" title="更多操作" onClose={() => setMore(false)} className="m-sheet">
        <div className="m-sheet-list">
          {rest.map((e) => (
            <Button
              key={e.key}
              block
              size="large"
              danger={e.danger}
              data-testid={`m-action-${e.key}`}
              onClick={() => {
                setMore(false);
                e.run();
              }}
            >
              {e.label}
            </Button>
          ))}
        </div>
      </Drawer>
      <Drawer
        open={!!a.dialog}
        placement="bottom"
        size="auto"
        title={isApprove ? '批示' : ((a.dialog && labels?.[a.dialog.kind]) ?? a.title)}
        onClose={a.close}
        // a typed opinion and a drawn signature are not thrown away by a tap beside the sheet
        maskClosable={false}
        destroyOnHidden
        className="m-sheet"
        data-testid="m-action-sheet"
        footer={
          <div className="m-sheet-foot">
            <Button size="large" onClick={a.close}>
              取消
            </Button>
            <Button size="large" type="primary" danger={a.dialog?.kind === 'reject'} loading={a.busy} onClick={() => void a.confirm()}>
              {isApprove ? '签批同意' : '确定'}
            </Button>
          </div>
        }
      >
        <RecordActionForm a={a} large />
      </Drawer>
    </>
  );
}
