import { useState } from 'react';
import { Button, Form, Input, Modal, Progress, Radio, Space, Switch, Typography, Upload } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import type { AppPublish, AppPublishBody } from '@oa/shared/contract/apps';
import { feedback } from '../../lib/feedback';
import { appsApi } from './apps.api';
import { showError } from '../../lib/notify-error';

type Values = Omit<AppPublishBody, 'isPublish'> & { publish: boolean };

/** New / edit app: name, version, platform, package upload (progress) or download address, publish switch. */
export function AppEditDialog({
  app,
  open,
  onClose,
  onSaved,
}: {
  app: AppPublish | null;
  open: boolean;
  onClose: () => void;
  onSaved: () => void;
}) {
  const [form] = Form.useForm<Values>();
  const [progress, setProgress] = useState<number | null>(null);
  const [fileName, setFileName] = useState<string | null>(app?.fileName ?? null);
  const [saving, setSaving] = useState(false);

  const upload = async (file: File) => {
    setProgress(0);
    try {
      const f = await appsApi.uploadPackage(file, setProgress);
      form.setFieldValue('fileId', f.filePath);
      setFileName(f.fileName);
      feedback().message.success('安装包已上传');
    } catch (err) {
      showError(err, '上传失败');
    } finally {
      setProgress(null);
    }
  };

  const save = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    const { publish, ...v } = values;
    const body: AppPublishBody = { ...v, isPublish: publish ? 'Y' : 'N', appUrl: v.appUrl || null, fileId: v.fileId || null };
    setSaving(true);
    try {
      if (app) await appsApi.update(app.id, body);
      else await appsApi.create(body);
      feedback().message.success('保存成功');
      onSaved();
    } catch (err) {
      showError(err, '保存失败');
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title={app ? '编辑应用' : '新增应用'}
      onCancel={onClose}
      onOk={() => void save()}
      confirmLoading={saving}
      destroyOnHidden
      width={520}
    >
      <Form
        form={form}
        layout="vertical"
        preserve={false}
        initialValues={{
          appName: app?.appName ?? '',
          version: app?.version ?? '',
          platform: app?.platform ?? 'android',
          appUrl: app?.fileId ? '' : (app?.appUrl ?? ''),
          fileId: app?.fileId ?? null,
          remark: app?.remark ?? '',
          publish: app ? app.isPublish === 'Y' : true,
        }}
      >
        <Form.Item name="appName" label="应用名称" rules={[{ required: true, message: '请输入应用名称' }, { max: 100 }]}>
          <Input data-testid="app-name" />
        </Form.Item>
        <Space size={16}>
          <Form.Item name="version" label="版本号">
            <Input placeholder="如 1.0.0" data-testid="app-version" />
          </Form.Item>
          <Form.Item name="platform" label="平台">
            <Radio.Group
              options={[
                { value: 'android', label: 'Android' },
                { value: 'ios', label: 'iOS' },
                { value: 'other', label: '其他' },
              ]}
            />
          </Form.Item>
        </Space>
        <Form.Item name="fileId" hidden>
          <Input />
        </Form.Item>
        <Form.Item label="安装包" extra="apk、ipa 或 zip；上传后二维码指向本系统的下载地址">
          <Upload
            accept=".apk,.ipa,.zip"
            showUploadList={false}
            beforeUpload={(f) => {
              void upload(f);
              return false;
            }}
          >
            <Button icon={<UploadOutlined />} loading={progress !== null} data-testid="app-upload">
              上传安装包
            </Button>
          </Upload>
          {fileName && <Typography.Text style={{ marginLeft: 12 }}>{fileName}</Typography.Text>}
          {progress !== null && <Progress percent={progress} size="small" aria-label="上传进度" />}
        </Form.Item>
        <Form.Item
          name="appUrl"
          label="或填写下载地址"
          rules={[{ pattern: /^(https?:\/\/|\/)/i, message: '下载地址须以 http(s):// 或 / 开头' }]}
        >
          <Input placeholder="https://…" data-testid="app-url" />
        </Form.Item>
        <Form.Item name="remark" label="说明">
          <Input.TextArea rows={2} maxLength={500} />
        </Form.Item>
        <Form.Item name="publish" label="发布" valuePropName="checked">
          <Switch checkedChildren="已发布" unCheckedChildren="未发布" data-testid="app-publish" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
