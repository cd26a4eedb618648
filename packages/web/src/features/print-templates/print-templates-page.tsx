import { useState } from 'react';
import { Alert, Button, Card, Col, Descriptions, Popconfirm, Row, Space, Table, Tabs, Tag, Upload } from 'antd';
import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { PRINT_TEMPLATE_MAX_BYTES, type TemplateDetail, type TemplateModuleItem } from '@oa/shared/contract/print-template';
import { formatTime } from '@oa/shared/format/time';
import { feedback } from '../../lib/feedback';
import { errorMessage } from '../../lib/http-client';
import { printTemplatesApi } from './print-templates.api';
import { TemplatePlaceholders } from './template-placeholders';
import { TemplatePreview } from './template-preview';

/** The current template of a module: upload (or replace), download, delete (back to the default sheet). */
function TemplateFile({ detail, onChange }: { detail: TemplateDetail; onChange: () => Promise<void> }) {
  const [uploading, setUploading] = useState(false);
  const code = detail.moduleCode;
  const t = detail.template;
  const act = async (fn: () => Promise<unknown>, done?: string) => {
    try {
      await fn();
      if (done) feedback().message.success(done);
    } catch (err) {
      feedback().message.error(errorMessage(err));
    }
    await onChange();
  };
  const upload = async (f: File) => {
    if (f.size > PRINT_TEMPLATE_MAX_BYTES) return feedback().message.error('模板文件不能超过 5 MB');
    setUploading(true);
    await act(() => printTemplatesApi.upload(code, f), '模板已上传，打印 Word 审批单将使用该模板');
    setUploading(false);
  };
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Descriptions size="small" column={1} bordered data-testid="template-current">
        <Descriptions.Item label="当前模板">{t ? t.fileName : '未上传（打印默认审批单）'}</Descriptions.Item>
        {t && <Descriptions.Item label="上传人">{`${t.uploadedByName}  ${formatTime(t.uploadedAt)}`}</Descriptions.Item>}
      </Descriptions>
      <Space wrap>
        <Upload
          accept=".docx"
          showUploadList={false}
          beforeUpload={(f) => {
            void upload(f);
            return false;
          }}
        >
          <Button type="primary" icon={<UploadOutlined />} loading={uploading}>
            {t ? '替换模板' : '上传模板'}
          </Button>
        </Upload>
        {t && (
          <Button icon={<DownloadOutlined />} onClick={() => void act(() => printTemplatesApi.download(code, t.fileName))}>
            下载模板
          </Button>
        )}
        {t && (
          <Popconfirm title="删除后打印默认审批单，确定删除？" onConfirm={() => act(() => printTemplatesApi.remove(code), '模板已删除')}>
            <Button danger>删除模板</Button>
          </Popconfirm>
        )}
      </Space>
    </Space>
  );
}

/** /printTemplate (审批单模板): per module, a Word template with placeholders, previewed against a real record. */
export default function PrintTemplatesPage() {
  const qc = useQueryClient();
  const [code, setCode] = useState<string | null>(null);
  const list = useQuery({ queryKey: ['print-templates'], queryFn: printTemplatesApi.list });
  const detail = useQuery({ queryKey: ['print-template', code], queryFn: () => printTemplatesApi.detail(code!), enabled: !!code });
  const refresh = async () => {
    await qc.invalidateQueries({ queryKey: ['print-templates'] });
    await qc.invalidateQueries({ queryKey: ['print-template', code] });
  };
  const d = detail.data;
  return (
    <div className="oa-page" data-testid="print-templates-page">
      <Row gutter={16}>
        <Col xs={24} lg={8}>
          <Card variant="borderless" title="审批单模板">
            <Table<TemplateModuleItem>
              rowKey="moduleCode"
              size="small"
              loading={list.isLoading}
              dataSource={list.data ?? []}
              pagination={false}
              rowClassName={(m) => (m.moduleCode === code ? 'ant-table-row-selected' : '')}
              onRow={(m) => ({ onClick: () => setCode(m.moduleCode), style: { cursor: 'pointer' } })}
              columns={[
                { title: '审批单', dataIndex: 'sheetName' },
                {
                  title: '模板',
                  key: 't',
                  width: 100,
                  render: (_, m) => (m.template ? <Tag color="blue">Word 模板</Tag> : <Tag>默认</Tag>),
                },
              ]}
            />
          </Card>
        </Col>
        <Col xs={24} lg={16}>
          <Card variant="borderless" title={d ? d.sheetName : '选择左侧的审批单'} loading={!!code && detail.isLoading}>
            {!d ? (
              <Alert
                type="info"
                showIcon
                message="管理员可为每种审批单上传 Word 模板：填写表单字段、审批意见、手写签名、编号和二维码。上传模板后，所有能查看该记录的人打印 Word 审批单时都使用模板；删除模板即恢复默认审批单。"
              />
            ) : (
              <Tabs
                items={[
                  { key: 'file', label: '模板文件', children: <TemplateFile detail={d} onChange={refresh} /> },
                  { key: 'tags', label: '占位符说明', children: <TemplatePlaceholders detail={d} /> },
                  {
                    key: 'preview',
                    label: '预览',
                    disabled: !d.template,
                    children: d.template ? <TemplatePreview key={d.template.uploadedAt} detail={d} /> : null,
                  },
                ]}
              />
            )}
          </Card>
        </Col>
      </Row>
    </div>
  );
}
