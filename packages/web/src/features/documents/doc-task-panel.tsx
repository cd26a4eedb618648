import { useRef, useState } from 'react';
import { Button, Card, Input, Select, Space, Typography } from 'antd';
import type { InstanceView } from '@oa/shared/contract/workflow';
import { useQuery } from '@tanstack/react-query';
import { processApi } from '../../engine/process.api';
import { docsApi } from './documents.api';
import { usePeople } from '../../engine/use-module';
import { notifyError } from '../../lib/notify-error';
import { feedback } from '../../lib/feedback';
import { SignaturePad, type SignaturePadHandle } from '../../components/signature-pad';
import { mustSign as stepNeedsSignature } from '../../engine/must-sign';
import { sheetApi } from '../../engine/sheet.api';

const EDITABLE: Record<string, { label: string; multiple: boolean }> = {
  leader: { label: '批示领导', multiple: false },
  handlers: { label: '承办人（主办、协办部门）', multiple: true },
  readers: { label: '传阅人', multiple: true },
};
const QUICK = ['同意', '请阅示', '拟同意，请领导批示', '已办理完毕', '已阅'];

/** The viewer's open step on a document: opinion, 同意 (with the fields the step fills in), 退回, 转交. */
export function DocTaskPanel({ view, form, onDone }: { view: InstanceView; form: Record<string, unknown>; onDone: () => void }) {
  const task = view.myTask!;
  const { users } = usePeople();
  const [comment, setComment] = useState('');
  const [patch, setPatch] = useState<Record<string, unknown>>({});
  const [back, setBack] = useState<string>();
  const [to, setTo] = useState<string>();
  const [busy, setBusy] = useState(false);
  const pad = useRef<SignaturePadHandle>(null);
  const mustSign = stepNeedsSignature(view);
  const edits = Object.entries(view.fieldPermissions)
    .filter(([k, p]) => p === 'edit' && EDITABLE[k])
    .map(([k]) => k);
  const userOptions = users.map((u) => ({ value: u.userCode, label: u.userName }));
  // 批示领导 is chosen among the leaders only (the server accepts no one else)
  const leaders = useQuery({ queryKey: ['documents', 'leaders'], queryFn: docsApi.leaders, enabled: edits.includes('leader') });
  const leaderOptions = (leaders.data ?? []).map((u) => ({ value: u.userCode, label: u.userName }));
  const run = async (fn: () => Promise<unknown>, done: string) => {
    setBusy(true);
    try {
      await fn();
      feedback().message.success(done);
      onDone();
    } catch (err) {
      notifyError(err);
    } finally {
      setBusy(false);
    }
  };
  const formPatch = edits.length
    ? Object.fromEntries(edits.map((k) => [k, patch[k] ?? form[k] ?? (EDITABLE[k].multiple ? [] : null)]))
    : undefined;
  return (
    <Card
      size="small"
      title={
        <Space>
          当前环节：<b data-testid="task-node">{task.nodeName}</b>
        </Space>
      }
      style={{ marginBottom: 12, borderColor: '#91caff' }}
      data-testid="task-panel"
    >
      {edits.map((k) => (
        <div key={k} style={{ marginBottom: 8 }}>
          <Typography.Text>{EDITABLE[k].label}：</Typography.Text>
          <Select
            style={{ minWidth: 320 }}
            mode={EDITABLE[k].multiple ? 'multiple' : undefined}
            showSearch
            optionFilterProp="label"
            options={k === 'leader' ? leaderOptions : userOptions}
            data-testid={`task-${k}`}
            value={(patch[k] ?? form[k] ?? undefined) as string | string[] | undefined}
            onChange={(v) => setPatch((p) => ({ ...p, [k]: v }))}
          />
        </div>
      ))}
      <Input.TextArea
        rows={3}
        maxLength={1000}
        placeholder="填写办理意见"
        value={comment}
        onChange={(e) => setComment(e.target.value)}
        data-testid="task-comment"
      />
      <Space wrap style={{ marginTop: 8 }}>
        {QUICK.map((q) => (
          <Button key={q} size="small" onClick={() => setComment(q)}>
            {q}
          </Button>
        ))}
      </Space>
      <div style={{ marginTop: 12, maxWidth: 480 }}>
        <Typography.Text>{mustSign ? '手写签名（本环节必须签名）：' : '手写签名（可选）：'}</Typography.Text>
        <SignaturePad ref={pad} />
      </div>
      <Space wrap style={{ marginTop: 12 }}>
        <Button
          type="primary"
          loading={busy}
          data-testid="task-approve"
          onClick={async () => {
            const png = await pad.current?.toPng();
            if (mustSign && !png) return feedback().message.error('本环节需要手写签名，请在签名板上签名');
            return run(async () => {
              const signatureFileId = png ? await sheetApi.uploadSignature(png) : undefined;
              return processApi.approve(task.taskId, comment.trim() || '同意', formPatch, signatureFileId);
            }, '已提交');
          }}
        >
          同意
        </Button>
        {view.myActions.includes('return') ? (
          <Space.Compact>
            <Select
              placeholder="退回至"
              aria-label="退回至"
              style={{ width: 150 }}
              value={back}
              onChange={setBack}
              options={view.returnTargets.map((t) => ({ value: t.target, label: t.label }))}
            />
            <Button
              danger
              disabled={!back}
              loading={busy}
              onClick={() => run(() => processApi.sendBack(task.taskId, back!, comment.trim() || undefined), '已退回')}
            >
              退回
            </Button>
          </Space.Compact>
        ) : null}
        {view.myActions.includes('transfer') ? (
          <Space.Compact>
            <Select
              placeholder="转交给"
              aria-label="转交给"
              showSearch
              optionFilterProp="label"
              style={{ width: 150 }}
              value={to}
              onChange={setTo}
              options={userOptions}
            />
            <Button
              disabled={!to}
              loading={busy}
              onClick={() => run(() => processApi.transfer(task.taskId, to!, comment.trim() || undefined), '已转交')}
            >
              转交
            </Button>
          </Space.Compact>
        ) : null}
      </Space>
    </Card>
  );
}
