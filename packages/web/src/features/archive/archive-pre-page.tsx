import { useState } from 'react';
import { Alert, Button, Card, Descriptions, Form, Input, InputNumber, Select } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { ARCHIVE_CATEGORIES, DEFAULT_FONDS, RETENTION_LABELS } from '@oa/shared/contract/archive';
import { RETENTIONS } from '@oa/shared/contract/documents';
import { useTabRoute } from '../../lib/tab-route';
import { errorMessage } from '../../lib/http-client';
import { notifyError } from '../../lib/notify-error';
import { feedback } from '../../lib/feedback';
import { archiveApi } from './archive.api';

/** /archivePre?docId=: what the item will be (档号 and catalogue row) before the archivist files it. */
export default function ArchivePrePage() {
  const { fullPath } = useTabRoute();
  const docId = new URLSearchParams(fullPath.split('?')[1] ?? '').get('docId') ?? '';
  const navigate = useNavigate();
  const [form] = Form.useForm();
  const [retention, setRetention] = useState<string>();
  const [fonds, setFonds] = useState(DEFAULT_FONDS);
  const q = useQuery({
    queryKey: ['archive', 'preview', docId, retention, fonds],
    queryFn: () => archiveApi.preview({ docId, retention, fonds: /^[A-Z0-9]{4}$/.test(fonds) ? fonds : undefined }),
    enabled: !!docId,
  });
  const [busy, setBusy] = useState(false);
  if (q.error)
    return (
      <div className="oa-page">
        <Alert type="error" showIcon message={errorMessage(q.error)} />
      </div>
    );
  const p = q.data;
  const file = async () => {
    const v = await form.validateFields();
    setBusy(true);
    try {
      const item = await archiveApi.file({ ...v, docId, retention: retention ?? p?.suggestedRetention });
      feedback().message.success(`已归档：${item.archiveCode}`);
      navigate(`/archiveDetail?id=${item.id}`);
    } catch (err) {
      notifyError(err);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="oa-page" data-testid="archive-pre">
      <Card variant="borderless" title="归档预览" loading={q.isLoading}>
        {p?.alreadyFiled ? (
          <Alert type="info" showIcon message={`该公文已归档，档号 ${p.alreadyFiled}`} style={{ marginBottom: 12 }} />
        ) : null}
        {p ? (
          <Descriptions bordered size="small" column={2} style={{ marginBottom: 16 }}>
            <Descriptions.Item label="档号（预计）">
              <b data-testid="pre-code">{p.archiveCode}</b>
            </Descriptions.Item>
            <Descriptions.Item label="文号">{p.docNo}</Descriptions.Item>
            <Descriptions.Item label="题名" span={2}>
              {p.title}
            </Descriptions.Item>
            <Descriptions.Item label="责任者">{p.responsible}</Descriptions.Item>
            <Descriptions.Item label="日期">{p.docDate}</Descriptions.Item>
            <Descriptions.Item label="密级">{p.secretLevel}</Descriptions.Item>
            <Descriptions.Item label="年度 / 机构">
              {p.year} / {p.orgCode}
            </Descriptions.Item>
          </Descriptions>
        ) : null}
        {p && !p.alreadyFiled ? (
          <Form form={form} layout="inline" initialValues={{ fonds: DEFAULT_FONDS, category: 'WS', pages: 1 }}>
            <Form.Item name="fonds" label="全宗号" rules={[{ required: true, pattern: /^[A-Z0-9]{4}$/, message: '4 位大写字母或数字' }]}>
              <Input style={{ width: 90 }} onChange={(e) => setFonds(e.target.value)} />
            </Form.Item>
            <Form.Item name="category" label="门类">
              <Select
                style={{ width: 100 }}
                options={ARCHIVE_CATEGORIES.map((c) => ({ value: c.value, label: `${c.label} ${c.value}` }))}
              />
            </Form.Item>
            <Form.Item label="保管期限">
              <Select
                aria-label="保管期限"
                style={{ width: 130 }}
                value={retention ?? p.suggestedRetention}
                onChange={setRetention}
                options={RETENTIONS.map((r) => ({ value: r, label: `${RETENTION_LABELS[r]} ${r}` }))}
                data-testid="pre-retention"
              />
            </Form.Item>
            <Form.Item name="pages" label="页数">
              <InputNumber min={1} max={99999} />
            </Form.Item>
            <Form.Item name="boxNo" label="盒号">
              <Input style={{ width: 80 }} />
            </Form.Item>
            <Form.Item name="remarks" label="备注">
              <Input style={{ width: 200 }} />
            </Form.Item>
            <Form.Item>
              <Button type="primary" loading={busy} onClick={file} data-testid="pre-file">
                确认归档
              </Button>
            </Form.Item>
          </Form>
        ) : null}
      </Card>
    </div>
  );
}
