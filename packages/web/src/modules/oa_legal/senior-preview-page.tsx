import { Alert, Card, Col, Row, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { legalModule } from '@oa/shared/modules/legal.module';
import { recordsApi } from '../../engine/records.api';
import { RecordPreviewBody } from '../../engine/components/record-preview-body';

/** 变更审阅 (/seniorPreview?id=): the legal representative's review — before and after side by side, then approve. */
export default function SeniorPreviewPage() {
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const rec = useQuery({ queryKey: ['records', 'oa_legal', 'get', id], queryFn: () => recordsApi.get('oa_legal', id), enabled: !!id });
  if (!id)
    return (
      <div className="oa-page">
        <Alert type="info" showIcon message="请从法人信息变更列表或待办中打开一条变更申请" />
      </div>
    );
  const d = rec.data?.data ?? {};
  const text = (k: string) => (typeof d[k] === 'string' ? (d[k] as string) : '');
  return (
    <div className="oa-page" data-testid="legal-senior-preview">
      <Card variant="borderless" title={`${text('entityName')} · ${text('changeType')}`} loading={rec.isLoading}>
        <Row gutter={16}>
          <Col span={12}>
            <Card size="small" title="变更前" style={{ background: '#fafafa' }}>
              <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }}>{text('beforeContent')}</Typography.Paragraph>
            </Card>
          </Col>
          <Col span={12}>
            <Card size="small" title="变更后" style={{ background: '#f6ffed' }}>
              <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }}>{text('afterContent')}</Typography.Paragraph>
            </Card>
          </Col>
        </Row>
        <Typography.Paragraph style={{ marginTop: 12 }}>
          <Typography.Text strong>变更原因：</Typography.Text>
          {text('reason')} · <Typography.Text strong>拟生效日期：</Typography.Text>
          {text('effectiveDate')}
        </Typography.Paragraph>
      </Card>
      <Card variant="borderless" style={{ marginTop: 12 }}>
        <RecordPreviewBody m={legalModule} id={id} />
      </Card>
    </div>
  );
}
