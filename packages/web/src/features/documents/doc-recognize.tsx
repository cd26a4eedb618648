import { useState } from 'react';
import { Alert, Button, Space, Upload, type FormInstance } from 'antd';
import { ScanOutlined } from '@ant-design/icons';
import type { Recognized } from '@oa/shared/contract/exchange';
import type { DocAttachment } from '@oa/shared/contract/documents';
import { notifyError } from '../../lib/notify-error';
import { docsApi } from './documents.api';
import { exchangeApi } from './exchange.api';

/**
 * 从文件识别: the clerk uploads the received PDF/OFD; its 文号, 发文机关 and 标题 fill the form for him to confirm, the
 * file joins the attachments, and what was read is shown (成文日期 too).
 */
export function DocRecognize({ form, onFile }: { form: FormInstance; onFile: (f: DocAttachment) => void }) {
  const [busy, setBusy] = useState(false);
  const [found, setFound] = useState<Recognized | null>(null);
  return (
    <Space direction="vertical" style={{ width: '100%', marginBottom: 16 }}>
      <Upload
        accept=".pdf,.ofd"
        showUploadList={false}
        customRequest={async ({ file, onSuccess, onError }) => {
          setBusy(true);
          try {
            const up = await docsApi.upload(file as File);
            onFile({ fileId: up.fileId, fileName: up.fileName });
            const r = await exchangeApi.recognize(up.fileId);
            const fill = { title: r.title, sourceOrg: r.sourceOrg, sourceNo: r.sourceNo };
            form.setFieldsValue(Object.fromEntries(Object.entries(fill).filter(([, v]) => v)));
            setFound(r);
            onSuccess?.(r);
          } catch (err) {
            notifyError(err);
            onError?.(err as Error);
          } finally {
            setBusy(false);
          }
        }}
      >
        <Button icon={<ScanOutlined />} loading={busy} data-testid="doc-recognize">
          从文件识别（PDF/OFD）
        </Button>
      </Upload>
      {found ? (
        <Alert
          type="info"
          showIcon
          data-testid="doc-recognized"
          message="已从文件识别以下信息并填入表单，请逐项核对"
          description={`文号：${found.sourceNo ?? '未识别'}；发文机关：${found.sourceOrg ?? '未识别'}；标题：${found.title ?? '未识别'}；成文日期：${found.docDate ?? '未识别'}`}
        />
      ) : null}
    </Space>
  );
}
