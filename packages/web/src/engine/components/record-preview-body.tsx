import type { ReactNode } from 'react';
import { Alert, Card, Col, Row, Space, Spin, Typography } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { variantOf, type AnyModule } from '@oa/shared/modules/define-module';
import { errorMessage } from '../../lib/http-client';
import { processApi } from '../process.api';
import { recordsApi } from '../records.api';
import { ApprovalActions } from './approval-actions';
import { ApprovalTimeline } from './approval-timeline';
import { RecordView } from './record-view';
import { StatusTag } from './status-tag';

/**
 * A record read-only with its approval timeline and the actions the viewer may take — the preview
 * outside its own route (drawers of single-route modules, bespoke review pages).
 */
export function RecordPreviewBody({
  m,
  id,
  compact = false,
  extra,
  onEdit,
}: {
  m: AnyModule;
  id: string;
  compact?: boolean;
  extra?: ReactNode;
  /** opens the form in place (a single-route module's drawer: 修改并重新提交 without an edit route) */
  onEdit?: () => void;
}) {
  const qc = useQueryClient();
  const rec = useQuery({ queryKey: ['records', m.code, 'get', id], queryFn: () => recordsApi.get(m.code, id), enabled: !!id });
  const view = useQuery({
    queryKey: ['records', m.code, 'process', id, rec.data?.status, rec.data?.updatedAt],
    queryFn: () => processApi.view(m.code, id),
    enabled: !!rec.data?.instanceId,
  });
  const refresh = () => qc.invalidateQueries({ queryKey: ['records', m.code] });
  if (rec.isLoading) return <Spin />;
  if (rec.error || !rec.data) return <Alert type="error" showIcon message={errorMessage(rec.error, '记录不存在或无权查看')} />;
  const r = rec.data;
  const v = view.data ?? null;
  const title = variantOf(m, r.variant)?.label ?? m.name;
  return (
    <div className="oa-module-preview" data-testid={`module-preview-${m.code}`}>
      <Space style={{ marginBottom: 12 }}>
        <Typography.Text strong style={{ fontSize: 16 }}>
          {title}
        </Typography.Text>
        <StatusTag status={r.status} />
        <Typography.Text type="secondary">{r.title}</Typography.Text>
      </Space>
      <ApprovalActions m={m} record={r} view={v} onDone={refresh} onEdit={onEdit} />
      {extra}
      <Row gutter={24}>
        <Col xs={24} xl={compact ? 24 : 16}>
          <RecordView m={m} record={r} />
        </Col>
        <Col xs={24} xl={compact ? 24 : 8}>
          <Card size="small" title="审批记录" style={{ marginTop: compact ? 16 : 0 }} loading={view.isLoading && !!r.instanceId}>
            <ApprovalTimeline view={v} logs={r.logs} />
          </Card>
        </Col>
      </Row>
    </div>
  );
}
