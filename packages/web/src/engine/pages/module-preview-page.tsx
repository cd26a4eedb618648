import { Alert, Button, Card, Col, Result, Row, Space, Spin, Typography } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { errorMessage } from '../../lib/http-client';
import { ApprovalActions } from '../components/approval-actions';
import { ApprovalTimeline } from '../components/approval-timeline';
import { PrintSheet } from '../components/print-sheet';
import { RecordView } from '../components/record-view';
import { StatusTag } from '../components/status-tag';
import { processApi } from '../process.api';
import { recordsApi } from '../records.api';
import { useModuleRoute } from '../use-module';
import '../modules.css';
import { formTitle } from '@oa/shared/modules/define-module';
import { hiddenFieldsOf } from '../hidden-fields';

/** The preview page of any module (/stampPreview?id=…): the form read-only, attachments, timeline, actions, print. */
export default function ModulePreviewPage() {
  const { module: m } = useModuleRoute();
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const qc = useQueryClient();
  const navigate = useNavigate();
  const rec = useQuery({ queryKey: ['records', m.code, 'get', id], queryFn: () => recordsApi.get(m.code, id), enabled: !!id });
  const view = useQuery({
    queryKey: ['records', m.code, 'process', id, rec.data?.status, rec.data?.updatedAt],
    queryFn: () => processApi.view(m.code, id),
    enabled: !!rec.data?.instanceId,
  });
  const refresh = () => qc.invalidateQueries({ queryKey: ['records', m.code] });

  if (!id) {
    return (
      <div className="oa-page" data-testid="preview-missing-id">
        <Result
          status="warning"
          title="缺少记录编号"
          subTitle={`没有指定要查看的${m.name}记录，请从列表或待办中打开一条记录。`}
          extra={
            <Space>
              <Button onClick={() => navigate(-1)}>返回上一页</Button>
              <Button type="primary" onClick={() => navigate(m.routes.list)}>
                返回{m.name}列表
              </Button>
            </Space>
          }
        />
      </div>
    );
  }
  if (rec.isLoading)
    return (
      <div className="oa-page">
        <Spin />
      </div>
    );
  if (rec.error || !rec.data)
    return (
      <div className="oa-page">
        <Alert type="error" showIcon message={errorMessage(rec.error, '记录不存在或无权查看')} />
      </div>
    );
  const r = rec.data;
  const v = view.data ?? null;
  const hidden = hiddenFieldsOf(v);
  const title = formTitle(m, r.variant);
  return (
    <div className="oa-page oa-module-preview" data-testid={`module-preview-${m.code}`}>
      <Card
        variant="borderless"
        title={
          <Space>
            <Typography.Text strong style={{ fontSize: 16 }}>
              {title}
            </Typography.Text>
            <StatusTag status={r.status} />
          </Space>
        }
        extra={<Typography.Text type="secondary">{r.title}</Typography.Text>}
      >
        <ApprovalActions m={m} record={r} view={v} onDone={refresh} />
        <Row gutter={24}>
          <Col xs={24} xl={16}>
            <RecordView m={m} record={r} hidden={hidden} />
          </Col>
          <Col xs={24} xl={8}>
            <Card size="small" title="审批记录" loading={view.isLoading && !!r.instanceId}>
              <ApprovalTimeline view={v} logs={r.logs} />
            </Card>
          </Col>
        </Row>
      </Card>
      <PrintSheet m={m} record={r} view={v} hidden={hidden} />
    </div>
  );
}
