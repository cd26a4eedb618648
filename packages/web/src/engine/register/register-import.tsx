import { useState } from 'react';
import { Alert, Button, Checkbox, Modal, Space, Table, Typography, Upload } from 'antd';
import { DownloadOutlined, InboxOutlined } from '@ant-design/icons';
import type { AnyModule } from '@oa/shared/modules/define-module';
import type { ImportIssue, RegisterImportResult } from '@oa/shared/contract/registers';
import { errorMessage } from '../../lib/http-client';
import { feedback } from '../../lib/feedback';
import { registerApi } from './register.api';
import { showError } from '../../lib/notify-error';

/** Excel import of a register: pick a file, import, and read the report of refused rows. */
export function RegisterImportModal({
  m,
  open,
  onClose,
  onImported,
}: {
  m: AnyModule;
  open: boolean;
  onClose: () => void;
  onImported: () => void;
}) {
  const [file, setFile] = useState<File | null>(null);
  const [skipInvalid, setSkipInvalid] = useState(false);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ result: RegisterImportResult | null; message: string } | null>(null);

  const reset = () => {
    setFile(null);
    setOutcome(null);
    setSkipInvalid(false);
  };
  const run = async () => {
    if (!file) return feedback().message.warning('请选择要导入的 Excel 文件');
    setBusy(true);
    try {
      const { result, message } = await registerApi.importFile(m.code, file, skipInvalid);
      setOutcome({ result, message });
      if (result.committed) onImported();
    } catch (err) {
      setOutcome({ result: null, message: errorMessage(err, '导入失败') });
    } finally {
      setBusy(false);
    }
  };
  const template = () => registerApi.template(m.code, m.name).catch((err: unknown) => showError(err, '下载失败'));

  return (
    <Modal
      title={`导入${m.name}`}
      open={open}
      width={760}
      maskClosable={false}
      destroyOnHidden
      onCancel={() => {
        reset();
        onClose();
      }}
      afterClose={reset}
      footer={
        <Space>
          <Button
            onClick={() => {
              reset();
              onClose();
            }}
          >
            关闭
          </Button>
          <Button type="primary" loading={busy} disabled={!file} onClick={run} data-testid="import-run">
            开始导入
          </Button>
        </Space>
      }
    >
      <Space direction="vertical" style={{ width: '100%' }} size="middle">
        <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
          请使用导入模板填写（表头须与模板一致）。系统逐行校验，有错误的行会按行号列出；默认只要有一行错误就不导入任何数据。
          <Button type="link" size="small" icon={<DownloadOutlined />} onClick={template}>
            下载导入模板
          </Button>
        </Typography.Paragraph>
        <Upload.Dragger
          accept=".xlsx"
          maxCount={1}
          beforeUpload={(f) => {
            setFile(f);
            setOutcome(null);
            return false;
          }}
          onRemove={() => {
            setFile(null);
            setOutcome(null);
          }}
          fileList={file ? [{ uid: '1', name: file.name, status: 'done' }] : []}
        >
          <p className="ant-upload-drag-icon">
            <InboxOutlined />
          </p>
          <p className="ant-upload-text">点击或拖拽 Excel 文件（.xlsx）到此处</p>
        </Upload.Dragger>
        <Checkbox checked={skipInvalid} onChange={(e) => setSkipInvalid(e.target.checked)}>
          跳过有错误的行，导入其余有效行
        </Checkbox>
        {outcome ? (
          <div data-testid="import-report">
            <Alert
              showIcon
              type={!outcome.result ? 'error' : outcome.result.errors.length ? (outcome.result.committed ? 'warning' : 'error') : 'success'}
              message={outcome.message}
              description={outcome.result ? `共读取 ${outcome.result.total} 行，导入 ${outcome.result.imported} 行` : undefined}
            />
            {outcome.result?.errors.length ? (
              <Table<ImportIssue>
                size="small"
                style={{ marginTop: 12 }}
                rowKey={(r, i) => `${r.row}-${r.column}-${i}`}
                dataSource={outcome.result.errors}
                pagination={{ pageSize: 8, showTotal: (t) => `共 ${t} 处错误` }}
                columns={[
                  { title: '行号', dataIndex: 'row', width: 80, render: (v: number) => `第 ${v} 行` },
                  { title: '列', dataIndex: 'column', width: 140, render: (v: string | null) => v ?? '—' },
                  { title: '错误说明', dataIndex: 'message' },
                ]}
              />
            ) : null}
          </div>
        ) : null}
      </Space>
    </Modal>
  );
}
