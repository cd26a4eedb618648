import { useEffect, useState } from 'react';
import { Button, Card, DatePicker, Form, Input, Select, Space, Switch, Upload, type UploadFile } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import dayjs, { type Dayjs } from 'dayjs';
import { FILE_API } from '@oa/shared/contract/files-api';
import type { ArticleBody } from '@oa/shared/contract/news';
import { uploadFile } from '../../lib/files-transfer';
import { feedback } from '../../lib/feedback';
import { errorMessage } from '../../lib/http-client';
import { RichTextField } from '../../lib/rich-text-field';
import { CoverPicker } from './cover-picker';
import { newsApi } from './news.api';

interface Values {
  columnCode: string;
  title: string;
  source?: string;
  summary?: string;
  bodyHtml: string;
  isTop: boolean;
  publishAt?: Dayjs | null;
}
type Att = UploadFile & { fileId?: string };

/** /information/edit: write or revise an article (draft → submit for approval). */
export default function NewsEditPage() {
  const [params] = useSearchParams();
  const id = params.get('id');
  const navigate = useNavigate();
  const qc = useQueryClient();
  const [form] = Form.useForm<Values>();
  const [files, setFiles] = useState<Att[]>([]);
  const [cover, setCover] = useState<string | null>(null);
  const [coverBusy, setCoverBusy] = useState(false);
  const [busy, setBusy] = useState(false);
  const columns = useQuery({ queryKey: ['news', 'columns'], queryFn: newsApi.columns });
  const existing = useQuery({ queryKey: ['news', 'detail', id], queryFn: () => newsApi.detail(id!), enabled: !!id });
  const publishable = (columns.data ?? []).filter((c) => c.canPublish);

  useEffect(() => {
    const a = existing.data;
    if (!a) return;
    form.setFieldsValue({
      columnCode: a.columnCode,
      title: a.title,
      source: a.source ?? '',
      summary: a.summary ?? '',
      bodyHtml: a.bodyHtml,
      isTop: a.isTop === 'Y',
      publishAt: a.publishAt ? dayjs(a.publishAt) : null,
    });
    setCover(a.coverPicked ? a.coverFile : null);
    setFiles(a.attachments.map((f) => ({ uid: f.fileId, name: f.fileName, status: 'done', fileId: f.fileId })));
  }, [existing.data, form]);

  const upload = async (file: File) => {
    const uid = `${Date.now()}-${file.name}`;
    setFiles((xs) => [...xs, { uid, name: file.name, status: 'uploading', percent: 0 }]);
    try {
      const up = await uploadFile(FILE_API.upload, file, file.name, {
        fields: { scope: 'private' },
        onProgress: (percent) => setFiles((xs) => xs.map((x) => (x.uid === uid ? { ...x, percent } : x))),
      });
      setFiles((xs) => xs.map((x) => (x.uid === uid ? { ...x, status: 'done', fileId: up.fileId } : x)));
    } catch (err) {
      setFiles((xs) => xs.map((x) => (x.uid === uid ? { ...x, status: 'error', response: errorMessage(err, '上传失败') } : x)));
      feedback().message.error(errorMessage(err, '上传失败'));
    }
  };

  const send = async (mode: 'save' | 'submit') => {
    const v = await form.validateFields();
    if (files.some((f) => f.status === 'uploading')) return feedback().message.warning('附件还在上传，请稍候');
    if (coverBusy) return feedback().message.warning('封面还在上传，请稍候');
    const body: ArticleBody = {
      ...(id ? { id } : {}),
      columnCode: v.columnCode,
      title: v.title,
      source: v.source || null,
      summary: v.summary || null,
      bodyHtml: v.bodyHtml ?? '',
      coverFile: cover,
      isTop: v.isTop ? 'Y' : 'N',
      publishAt: v.publishAt ? v.publishAt.toISOString() : null,
      attachments: files.filter((f) => f.fileId).map((f) => ({ fileId: f.fileId!, fileName: f.name })),
    };
    setBusy(true);
    try {
      const r = mode === 'save' ? await newsApi.save(body) : await newsApi.submit(body);
      feedback().message.success(mode === 'save' ? '已保存草稿' : '已提交审核');
      await qc.invalidateQueries({ queryKey: ['news'] });
      if (mode === 'submit') void navigate('/information');
      else if (!id) void navigate(`/information/edit?id=${r.id}`, { replace: true });
    } catch (err) {
      feedback().message.error(errorMessage(err, '保存失败'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="oa-page" data-testid="news-edit">
      <Card variant="borderless" title={id ? '修改信息' : '撰写信息'} loading={!!id && existing.isLoading}>
        <Form form={form} layout="vertical" initialValues={{ isTop: false }} style={{ maxWidth: 980 }}>
          <Space size="large" wrap style={{ width: '100%' }}>
            <Form.Item
              name="columnCode"
              label="栏目"
              rules={[{ required: true, message: '请选择栏目' }]}
              style={{ minWidth: 240 }}
              extra={
                publishable.length === 0 && !columns.isLoading
                  ? '您还没有任何栏目的发布权限，请联系管理员在“栏目用户授权”中授权'
                  : undefined
              }
            >
              <Select
                placeholder="请选择栏目"
                options={publishable.map((c) => ({ value: c.columnCode, label: c.columnName }))}
                data-testid="news-column"
              />
            </Form.Item>
            <Form.Item name="source" label="来源" style={{ minWidth: 200 }}>
              <Input maxLength={100} placeholder="如：办公室" />
            </Form.Item>
            <Form.Item name="isTop" label="置顶" valuePropName="checked">
              <Switch />
            </Form.Item>
            <Form.Item name="publishAt" label="定时发布" extra="不填则审核通过后立即发布">
              <DatePicker showTime format="YYYY-MM-DD HH:mm" disabledDate={(d) => d.isBefore(dayjs(), 'day')} />
            </Form.Item>
          </Space>
          <Form.Item
            name="title"
            label="标题"
            rules={[
              { required: true, whitespace: true, message: '请输入标题' },
              { max: 200, message: '标题最多 200 字' },
            ]}
          >
            <Input maxLength={200} showCount placeholder="请输入标题" />
          </Form.Item>
          <Form.Item name="summary" label="摘要">
            <Input.TextArea rows={2} maxLength={500} showCount placeholder="不填则取正文开头" />
          </Form.Item>
          <Form.Item label="封面">
            <CoverPicker value={cover} onChange={setCover} onBusy={setCoverBusy} />
          </Form.Item>
          <Form.Item name="bodyHtml" label="正文" rules={[{ required: true, message: '请输入正文' }]}>
            <RichTextField placeholder="正文" />
          </Form.Item>
          <Form.Item label="附件">
            <Upload
              multiple
              fileList={files}
              beforeUpload={(f) => {
                void upload(f);
                return false;
              }}
              onRemove={(f) => setFiles((xs) => xs.filter((x) => x.uid !== f.uid))}
            >
              <Button icon={<UploadOutlined />} data-testid="news-attach">
                上传附件
              </Button>
            </Upload>
          </Form.Item>
          <Space>
            <Button onClick={() => void send('save')} loading={busy}>
              保存草稿
            </Button>
            <Button type="primary" onClick={() => void send('submit')} loading={busy}>
              提交审核
            </Button>
            <Button onClick={() => void navigate('/information')}>返回</Button>
          </Space>
        </Form>
      </Card>
    </div>
  );
}
