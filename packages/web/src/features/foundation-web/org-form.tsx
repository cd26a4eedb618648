import { useEffect, useState } from 'react';
import { Button, Descriptions, Form, Input } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { notifyError } from '../../lib/notify-error';
import { feedback } from '../../lib/feedback';
import { fwebApi } from './fweb.api';

const FIELDS: Array<[string, string]> = [
  ['orgName', '单位名称'],
  ['creditCode', '统一社会信用代码'],
  ['address', '单位地址'],
  ['contact', '联系人'],
  ['phone', '联系电话'],
  ['intro', '单位简介'],
];

export function OrgView() {
  const q = useQuery({ queryKey: ['fweb-org'], queryFn: fwebApi.org });
  return (
    <Descriptions bordered column={1} size="small" data-testid="fweb-org-view">
      {FIELDS.map(([k, label]) => (
        <Descriptions.Item key={k} label={label}>
          {((q.data as Record<string, unknown> | null | undefined)?.[k] as string) ?? '—'}
        </Descriptions.Item>
      ))}
    </Descriptions>
  );
}

export function OrgForm({ onSaved }: { onSaved: () => void }) {
  const qc = useQueryClient();
  const q = useQuery({ queryKey: ['fweb-org'], queryFn: fwebApi.org });
  const [form] = Form.useForm();
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (q.data) form.setFieldsValue(q.data);
  }, [q.data, form]);
  const save = async () => {
    const v = await form.validateFields();
    setBusy(true);
    try {
      await fwebApi.saveOrg(v);
      feedback().message.success('保存成功');
      await qc.invalidateQueries({ queryKey: ['fweb-org'] });
      onSaved();
    } catch (err) {
      notifyError(err);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Form form={form} layout="vertical" style={{ maxWidth: 640 }}>
      <Form.Item name="orgName" label="单位名称" rules={[{ required: true, whitespace: true, message: '请填写单位名称' }]}>
        <Input maxLength={100} />
      </Form.Item>
      <Form.Item
        name="creditCode"
        label="统一社会信用代码"
        rules={[{ pattern: /^[0-9A-HJ-NPQRTUWXY]{2}\d{6}[0-9A-HJ-NPQRTUWXY]{10}$/, message: '统一社会信用代码格式不正确' }]}
      >
        <Input maxLength={18} />
      </Form.Item>
      <Form.Item name="address" label="单位地址">
        <Input maxLength={200} />
      </Form.Item>
      <Form.Item name="contact" label="联系人">
        <Input maxLength={30} />
      </Form.Item>
      <Form.Item name="phone" label="联系电话">
        <Input maxLength={30} />
      </Form.Item>
      <Form.Item name="intro" label="单位简介">
        <Input.TextArea rows={4} maxLength={2000} />
      </Form.Item>
      <Button type="primary" loading={busy} onClick={() => void save()}>
        保存
      </Button>
    </Form>
  );
}
