import { useEffect, useState } from 'react';
import { Alert, Card, Empty, Form, Skeleton, Space, Steps, Tag, Typography, type FormInstance } from 'antd';
import { useQuery, keepPreviousData } from '@tanstack/react-query';
import type { AnyModule } from '@oa/shared/modules/define-module';
import type { ApproverPreviewStep } from '@oa/shared/contract/workflow-picks';
import { errorMessage } from '../../lib/http-client';
import { processApi } from '../process.api';

/** How long the form must rest before the chain is worked out again. */
const DEBOUNCE_MS = 500;

function useDebounced<T>(value: T, ms: number): T {
  const [v, setV] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setV(value), ms);
    return () => window.clearTimeout(timer);
  }, [value, ms]);
  return v;
}

function StepPeople({ step }: { step: ApproverPreviewStep }) {
  if (step.outcome === 'pick') return <Tag color="blue">{step.note}</Tag>;
  if (step.outcome === 'reject') return <Typography.Text type="danger">{step.note}</Typography.Text>;
  return (
    <Space size={[4, 4]} wrap>
      {step.people.map((p) => (
        <Tag key={p.userCode} color={step.outcome === 'cc' ? 'default' : p.auto ? 'green' : 'processing'}>
          {p.userName}
          {p.auto ? '（自动通过）' : ''}
        </Tag>
      ))}
      {step.people.length === 0 && step.outcome === 'autoPass' ? <Tag color="green">自动通过</Tag> : null}
      {step.mode ? <Typography.Text type="secondary">{step.mode}</Typography.Text> : null}
    </Space>
  );
}

/**
 * 审批流程预览 on an application form: who will approve it, worked out on the server from what is filled
 * in so far (debounced), as the workflow engine will route it — branches follow the amounts and choices.
 */
export function ApproverChain({ m, form }: { m: AnyModule; form: FormInstance<Record<string, unknown>> }) {
  const values = Form.useWatch((all: Record<string, unknown>) => all, form) ?? {};
  const key = useDebounced(JSON.stringify(values), DEBOUNCE_MS);
  const q = useQuery({
    queryKey: ['approver-preview', m.code, key],
    queryFn: () => processApi.approverPreview(m.code, JSON.parse(key) as Record<string, unknown>),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
    enabled: m.kind === 'approval' && m.engine !== 'area',
  });
  if (m.kind !== 'approval' || m.engine === 'area') return null;
  const data = q.data;
  return (
    <Card
      size="small"
      title="审批流程预览"
      className="oa-module-section"
      data-testid="approver-chain"
      extra={
        <Typography.Text type="secondary">
          {data ? data.processName : ''}
          {q.isFetching ? ' · 更新中…' : ''}
        </Typography.Text>
      }
    >
      {q.isLoading ? (
        <Skeleton active paragraph={{ rows: 2 }} />
      ) : q.error ? (
        <Alert type="warning" showIcon message={`暂时无法预览审批人：${errorMessage(q.error)}`} />
      ) : !data?.steps.length ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="该申请无需审批，提交后直接通过" />
      ) : (
        <>
          <Steps
            direction="vertical"
            size="small"
            current={-1}
            items={[
              { title: '发起申请', description: '您提交后进入审批', status: 'finish' },
              ...data.steps.map((s) => ({
                title: (
                  <span data-testid="approver-chain-step">
                    {s.nodeName}
                    {s.type === 'cc' ? <Tag style={{ marginLeft: 8 }}>抄送</Tag> : null}
                  </span>
                ),
                description: <StepPeople step={s} />,
                status: (s.outcome === 'reject' ? 'error' : 'wait') as 'error' | 'wait',
              })),
            ]}
          />
          {data.outcome === 'rejected' ? (
            <Alert type="error" showIcon message="按当前填写内容，流程中有节点无人审批，提交后将被驳回，请联系流程管理员" />
          ) : null}
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            审批人按当前填写内容推演，修改金额、类型等内容后会随之更新。
          </Typography.Text>
        </>
      )}
    </Card>
  );
}
