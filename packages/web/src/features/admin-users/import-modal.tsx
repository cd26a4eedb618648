import { useState } from 'react';
import { Alert, Button, Form, Input, Modal, Table, Upload } from 'antd';
import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import type { ImportResult } from '@oa/shared/contract/admin';
import { confirmPasswordRules, passwordRules } from '@oa/shared/validate/rules';
import { hashPassword } from '@oa/shared/crypto/sm3';
import { downloadFile, usersApi } from './admin-users.api';
import { notifyError } from '../../lib/notify-error';

interface Props {
  open: boolean;
  onClose: () => void;
  onImported: () => void;
}

/** Excel import: template download, initial password, and the per-row error report. */
export function ImportModal({ open, onClose, onImported }: Props) {
  const [form] = Form.useForm<{ password: string; confirm: string }>();
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<ImportResult | null>(null);
  const close = () => {
    setFile(null);
    setResult(null);
    onClose();
  };
  const run = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    if (!file) {
      notifyError(new Error('请选择要导入的 Excel 文件'));
      return;
    }
    setBusy(true);
    try {
      const r = await usersApi.import(file, hashPassword(v.password));
      setResult(r);
      if (r.imported > 0) onImported();
    } catch (err) {
      notifyError(err);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      title="导入用户"
      open={open}
      onCancel={close}
      maskClosable={false}
      destroyOnHidden
      width={640}
      footer={
        result ? (
          <Button type="primary" onClick={close}>
            完成
          </Button>
        ) : (
          [
            <Button
              key="tpl"
              icon={<DownloadOutlined />}
              onClick={() => void downloadFile(usersApi.templateUrl(), '用户导入模板.xlsx').catch(notifyError)}
            >
              下载模板
            </Button>,
            <Button key="cancel" onClick={close}>
              取消
            </Button>,
            <Button key="ok" type="primary" loading={busy} onClick={() => void run()}>
              开始导入
            </Button>,
          ]
        )
      }
    >
      {result ? (
        <>
          <Alert
            type={result.errors.length ? 'warning' : 'success'}
            showIcon
            title={`已导入 ${result.imported} 个用户${result.errors.length ? `，${result.errors.length} 行未导入` : ''}`}
            style={{ marginBottom: 12 }}
          />
          {result.errors.length > 0 && (
            <Table
              size="small"
              rowKey={(e) => `${e.row}-${e.field ?? ''}`}
              dataSource={result.errors}
              pagination={{ pageSize: 8 }}
              columns={[
                { title: '行号', dataIndex: 'row', width: 70 },
                { title: '列', dataIndex: 'field', width: 100, render: (v: string | null) => v ?? '-' },
                { title: '错误原因', dataIndex: 'message' },
              ]}
            />
          )}
        </>
      ) : (
        <Form form={form} layout="vertical" preserve={false}>
          <Form.Item label="Excel 文件" required extra="请使用导入模板（.xlsx）；表头不符时整个文件不导入，其余错误逐行报告">
            <Upload
              accept=".xlsx"
              maxCount={1}
              beforeUpload={(f) => {
                setFile(f);
                return false;
              }}
              onRemove={() => setFile(null)}
              fileList={file ? [{ uid: '1', name: file.name, status: 'done' }] : []}
            >
              <Button icon={<UploadOutlined />}>选择文件</Button>
            </Upload>
          </Form.Item>
          <Form.Item name="password" label="初始密码" rules={passwordRules()} extra="导入的用户首次登录时须修改密码">
            <Input.Password autoComplete="new-password" maxLength={16} />
          </Form.Item>
          <Form.Item name="confirm" label="确认密码" dependencies={['password']} rules={confirmPasswordRules('password')}>
            <Input.Password autoComplete="new-password" maxLength={16} />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}
