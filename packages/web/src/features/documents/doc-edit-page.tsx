import { useEffect, useState } from 'react';
import { Button, Card, Col, DatePicker, Form, Input, InputNumber, Row, Select, Space, Upload } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import dayjs, { type Dayjs } from 'dayjs';
import { SECRET_LEVELS, URGENCIES, type DocAttachment } from '@oa/shared/contract/documents';
import { usePeople } from '../../engine/use-module';
import { notifyError } from '../../lib/notify-error';
import { feedback } from '../../lib/feedback';
import { RichTextField } from '../../lib/rich-text-field';
import { DocRecognize } from './doc-recognize';
import { docsApi } from './documents.api';
import { SCOPE_LABEL, useDocRoute } from './doc-route';
import { actionLink } from '../../lib/action-link';

/** The dispatch body's heading buttons: 一级标题 (h2, printed 黑体) and 二级标题 (h3, printed 楷体) after GB/T 9704. */
const BODY_HEADINGS = [
  { level: 2, label: '一级标题' },
  { level: 3, label: '二级标题' },
] as const;

/** 收文登记 / 发文拟稿 (office and department level): the form, saved as a draft or submitted into its process. */
export default function DocEditPage() {
  const r = useDocRoute();
  const id = r.query.get('id') ?? undefined;
  const navigate = useNavigate();
  const [form] = Form.useForm();
  const { users, depts } = usePeople();
  const [files, setFiles] = useState<DocAttachment[]>([]);
  const [busy, setBusy] = useState(false);
  const types = useQuery({ queryKey: ['documents', 'types', r.kind, r.scope], queryFn: () => docsApi.types(r.kind, r.scope) });
  const existing = useQuery({ queryKey: ['documents', 'detail', id], queryFn: () => docsApi.detail(id!), enabled: !!id });
  const isReceipt = r.kind === 'receipt';
  const userOptions = users.map((u) => ({
    value: u.userCode,
    label: `${u.userName}${u.deptCode ? `（${depts.find((d) => d.deptCode === u.deptCode)?.deptName ?? ''}）` : ''}`,
  }));

  useEffect(() => {
    const d = existing.data;
    if (!d) return;
    const f = d.form as Record<string, unknown>;
    form.setFieldsValue({
      ...f,
      receivedDate: f.receivedDate ? dayjs(String(f.receivedDate)) : undefined,
      deadline: f.deadline ? dayjs(String(f.deadline)) : undefined,
      bodyHtml: d.bodyHtml,
    });
    setFiles(d.attachments);
  }, [existing.data, form]);

  const save = async (submit: boolean) => {
    const v = await form.validateFields();
    const day = (x?: Dayjs) => (x ? x.format('YYYY-MM-DD') : null);
    const payload = isReceipt
      ? { ...v, receivedDate: day(v.receivedDate), deadline: day(v.deadline), attachments: files }
      : { ...v, bodyHtml: v.bodyHtml ?? '', attachments: files };
    setBusy(true);
    try {
      const out = await docsApi.save(r.kind, r.scope, payload, submit, id);
      feedback().message.success(submit ? '已提交办理' : '已保存草稿');
      navigate(`${r.previewRoute}?id=${out.id}`);
    } catch (err) {
      notifyError(err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="oa-page" data-testid="doc-edit">
      <Card variant="borderless" title={`${SCOPE_LABEL[r.scope]}${isReceipt ? '收文登记' : '发文拟稿'}`}>
        <Form
          form={form}
          layout="vertical"
          initialValues={
            isReceipt
              ? { secretLevel: '内部', urgency: '普通', copies: 1, receivedDate: dayjs() }
              : { secretLevel: '内部', urgency: '普通', copies: 1 }
          }
        >
          {isReceipt ? <DocRecognize form={form} onFile={(f) => setFiles((xs) => [...xs, f])} /> : null}
          <Row gutter={16}>
            <Col span={24}>
              <Form.Item name="title" label="文件标题" rules={[{ required: true, message: '请输入文件标题' }, { max: 200 }]}>
                <Input data-testid="f-title" />
              </Form.Item>
            </Col>
            {isReceipt ? (
              <>
                <Col span={8}>
                  <Form.Item name="sourceOrg" label="来文单位" rules={[{ required: true, message: '请输入来文单位' }]}>
                    <Input data-testid="f-sourceOrg" />
                  </Form.Item>
                </Col>
                <Col span={8}>
                  <Form.Item name="sourceNo" label="来文字号">
                    <Input placeholder="如：国统字〔2026〕31号" data-testid="f-sourceNo" />
                  </Form.Item>
                </Col>
                <Col span={8}>
                  <Form.Item name="typeId" label="收文类型">
                    <Select allowClear options={(types.data ?? []).map((t) => ({ value: t.id, label: t.name }))} />
                  </Form.Item>
                </Col>
                <Col span={6}>
                  <Form.Item name="receivedDate" label="收文日期" rules={[{ required: true, message: '请选择收文日期' }]}>
                    <DatePicker style={{ width: '100%' }} />
                  </Form.Item>
                </Col>
                <Col span={6}>
                  <Form.Item name="deadline" label="办理时限">
                    <DatePicker style={{ width: '100%' }} />
                  </Form.Item>
                </Col>
                <Col span={6}>
                  <Form.Item name="copies" label="份数">
                    <InputNumber min={1} max={9999} style={{ width: '100%' }} />
                  </Form.Item>
                </Col>
              </>
            ) : (
              <>
                <Col span={8}>
                  <Form.Item name="typeId" label="发文类型" rules={[{ required: true, message: '请选择发文类型' }]}>
                    <Select
                      data-testid="f-type"
                      options={(types.data ?? []).map((t) => ({ value: t.id, label: `${t.name}（${t.prefix}）` }))}
                    />
                  </Form.Item>
                </Col>
                <Col span={8}>
                  <Form.Item name="signer" label="签发人" rules={[{ required: true, message: '请选择签发人' }]}>
                    <Select showSearch optionFilterProp="label" options={userOptions} data-testid="f-signer" />
                  </Form.Item>
                </Col>
                <Col span={8}>
                  <Form.Item name="countersigners" label="会签人（各会签部门负责人）">
                    <Select mode="multiple" showSearch optionFilterProp="label" options={userOptions} data-testid="f-countersigners" />
                  </Form.Item>
                </Col>
                <Col span={12}>
                  <Form.Item name="mainTo" label="主送" rules={[{ required: true, message: '请输入主送机关' }]}>
                    <Input placeholder="如：各会员单位" data-testid="f-mainTo" />
                  </Form.Item>
                </Col>
                <Col span={12}>
                  <Form.Item name="ccTo" label="抄送">
                    <Input />
                  </Form.Item>
                </Col>
                <Col span={6}>
                  <Form.Item name="copies" label="印制份数">
                    <InputNumber min={1} max={9999} style={{ width: '100%' }} />
                  </Form.Item>
                </Col>
              </>
            )}
            <Col span={6}>
              <Form.Item name="secretLevel" label="密级" rules={[{ required: true }]}>
                <Select options={SECRET_LEVELS.map((s) => ({ value: s, label: s }))} />
              </Form.Item>
            </Col>
            <Col span={6}>
              <Form.Item name="urgency" label="紧急程度" rules={[{ required: true }]}>
                <Select options={URGENCIES.map((s) => ({ value: s, label: s }))} />
              </Form.Item>
            </Col>
            {isReceipt ? (
              <Col span={24}>
                <Form.Item name="summary" label="内容摘要">
                  <Input.TextArea rows={3} maxLength={2000} />
                </Form.Item>
              </Col>
            ) : (
              <>
                <Col span={24}>
                  <Form.Item name="bodyHtml" label="正文（一级标题用黑体、二级标题用楷体排版；段落、列表按公文格式印制）">
                    <RichTextField placeholder="正文" headings={BODY_HEADINGS} />
                  </Form.Item>
                </Col>
                <Col span={24}>
                  <Form.Item name="attachNote" label="附件说明（多个用“；”分隔，留空则用附件文件名）">
                    <Input />
                  </Form.Item>
                </Col>
              </>
            )}
            <Col span={24}>
              <Form.Item label={isReceipt ? '来文扫描件及附件（PDF/OFD/Word/图片）' : '附件'}>
                <Upload
                  multiple
                  showUploadList={false}
                  accept=".pdf,.ofd,.doc,.docx,.jpg,.jpeg,.png,.xls,.xlsx"
                  customRequest={async ({ file, onSuccess, onError }) => {
                    try {
                      const f = file as File;
                      const up = await docsApi.upload(f);
                      setFiles((xs) => [...xs, { fileId: up.fileId, fileName: up.fileName }]);
                      onSuccess?.(up);
                    } catch (err) {
                      notifyError(err);
                      onError?.(err as Error);
                    }
                  }}
                >
                  <Button icon={<UploadOutlined />}>上传文件</Button>
                </Upload>
                <div style={{ marginTop: 8 }}>
                  {files.map((f) => (
                    <div key={f.fileId}>
                      {f.fileName} <a {...actionLink(() => setFiles((xs) => xs.filter((x) => x.fileId !== f.fileId)))}>移除</a>
                    </div>
                  ))}
                </div>
              </Form.Item>
            </Col>
          </Row>
          <Space>
            <Button onClick={() => save(false)} loading={busy} data-testid="doc-save">
              保存草稿
            </Button>
            <Button type="primary" onClick={() => save(true)} loading={busy} data-testid="doc-submit">
              提交办理
            </Button>
          </Space>
        </Form>
      </Card>
    </div>
  );
}
