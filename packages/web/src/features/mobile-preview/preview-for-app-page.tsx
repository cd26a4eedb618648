import { useState } from 'react';
import { historyActionLabel } from '@oa/shared/workflow/history-labels';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Drawer, Input, Result, Spin, Tag, Timeline } from 'antd';
import { useSearchParams } from 'react-router';
import { STATUS_COLORS, STATUS_LABELS } from '@oa/shared/modules/define-module';
import { moduleByCode } from '@oa/shared/modules/registry';
import { feedback } from '../../lib/feedback';
import { errorMessage } from '../../lib/http-client';
import { getToken } from '../../lib/storage-keys';
import { FieldDisplay } from '../../engine/fields/field-display';
import { processApi } from '../../engine/process.api';
import { recordsApi } from '../../engine/records.api';
import './mobile-preview.css';
import { notifyError } from '../../lib/notify-error';

type Decision = 'approve' | 'reject';

function formatTime(iso: string): string {
  const d = new Date(iso);
  const p = (n: number) => String(n).padStart(2, '0');
  return Number.isNaN(d.getTime()) ? iso : `${d.getMonth() + 1}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}`;
}

/**
 * /PreviewForApp?moduleCode=&id=&token= — what the mobile app opens in a web view: the record, its
 * approval timeline and, for the current approver, approve / reject. No shell; laid out for a phone.
 */
export default function PreviewForAppPage() {
  const [params] = useSearchParams();
  const queryClient = useQueryClient();
  const moduleCode = params.get('moduleCode') ?? params.get('module') ?? '';
  const id = params.get('id') ?? params.get('recordId') ?? '';
  const module = moduleByCode(moduleCode);
  const [decision, setDecision] = useState<Decision | null>(null);
  const [comment, setComment] = useState('');
  const [busy, setBusy] = useState(false);
  const enabled = Boolean(module && id && getToken());
  const record = useQuery({
    queryKey: ['app-preview', 'record', moduleCode, id],
    queryFn: () => recordsApi.get(moduleCode, id),
    enabled,
    retry: false,
  });
  const flow = useQuery({ queryKey: ['app-preview', 'flow', moduleCode, id], queryFn: () => processApi.view(moduleCode, id), enabled });

  if (!getToken()) return <Result status="403" title="请在APP中打开" subTitle="链接缺少登录凭证或已失效" />;
  if (!module || !id) return <Result status="404" title="链接参数不正确" />;
  if (record.isLoading)
    return (
      <div style={{ padding: 80, textAlign: 'center' }}>
        <Spin />
      </div>
    );
  if (!record.data)
    return <Result status="warning" title="无法查看该申请" subTitle={record.error ? errorMessage(record.error) : undefined} />;
  const r = record.data;
  const view = flow.data;
  const perms = view?.fieldPermissions ?? {};
  const task = view?.myTask ?? null;
  const canApprove = Boolean(task && view?.myActions.includes('approve'));
  const canReject = Boolean(task && view?.myActions.includes('reject'));

  const submit = async () => {
    if (!task || !decision) return;
    if (decision === 'reject' && !comment.trim()) {
      feedback().message.warning('请填写驳回意见');
      return;
    }
    setBusy(true);
    try {
      if (decision === 'approve') await processApi.approve(task.taskId, comment.trim() || undefined);
      else await processApi.reject(task.taskId, comment.trim());
      feedback().message.success(decision === 'approve' ? '已同意' : '已驳回');
      setDecision(null);
      setComment('');
      void queryClient.invalidateQueries({ queryKey: ['app-preview'] });
    } catch (err) {
      notifyError(err);
    } finally {
      setBusy(false);
    }
  };

  const fields = Object.entries(module.fields).filter(([code, f]) => perms[code] !== 'hidden' && (!f.variant || f.variant === r.variant));
  return (
    <div className="mp-page" data-testid="preview-for-app">
      <header className="mp-head">
        <h1>{r.title}</h1>
        <div className="mp-sub">
          {module.name} · {r.serialNo ?? '未编号'} · {r.applicantName}
          <Tag color={STATUS_COLORS[r.status]} style={{ marginLeft: 8 }}>
            {STATUS_LABELS[r.status]}
          </Tag>
        </div>
      </header>
      <section className="mp-card">
        <h2>申请内容</h2>
        {fields.map(([code, f]) => (
          <div className="mp-row" key={code}>
            <span className="mp-label">{f.label}</span>
            <span className="mp-value">
              <FieldDisplay field={f} value={r.data[code]} />
            </span>
          </div>
        ))}
      </section>
      <section className="mp-card">
        <h2>审批记录</h2>
        {view && view.history.length > 0 ? (
          <Timeline
            items={[
              ...view.history.map((h) => ({
                color:
                  h.action === 'reject' || h.action === 'autoReject' || h.action === 'terminate'
                    ? 'red'
                    : h.action === 'return'
                      ? 'orange'
                      : 'green',
                content: (
                  <div>
                    <strong>{h.actorLabel}</strong> {historyActionLabel(h.action)}{' '}
                    <span style={{ color: '#8c8c8c' }}>{h.nodeName ?? ''}</span>
                    {h.comment && <div>{h.comment}</div>}
                    <div style={{ color: '#bfbfbf', fontSize: 12 }}>{formatTime(h.createdAt)}</div>
                  </div>
                ),
              })),
              ...(view.openTasks.length
                ? [{ color: 'blue', content: <div>等待 {view.openTasks.map((t) => t.assigneeName).join('、')} 审批</div> }]
                : []),
            ]}
          />
        ) : (
          <div style={{ color: '#8c8c8c' }}>暂无审批记录</div>
        )}
      </section>
      {(canApprove || canReject) && (
        <div className="mp-bar">
          {canReject && (
            <Button danger onClick={() => setDecision('reject')} data-testid="app-reject">
              驳回
            </Button>
          )}
          {canApprove && (
            <Button type="primary" onClick={() => setDecision('approve')} data-testid="app-approve">
              同意
            </Button>
          )}
        </div>
      )}
      <Drawer
        placement="bottom"
        size="auto"
        open={Boolean(decision)}
        onClose={() => setDecision(null)}
        title={decision === 'approve' ? '同意' : '驳回'}
      >
        <Input.TextArea
          rows={4}
          maxLength={1000}
          value={comment}
          onChange={(e) => setComment(e.target.value)}
          placeholder={decision === 'reject' ? '请填写驳回意见（必填）' : '审批意见（选填）'}
        />
        <Button
          type="primary"
          danger={decision === 'reject'}
          block
          size="large"
          loading={busy}
          style={{ marginTop: 12 }}
          onClick={() => void submit()}
        >
          提交
        </Button>
      </Drawer>
    </div>
  );
}
