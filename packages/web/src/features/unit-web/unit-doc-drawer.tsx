import { useState } from 'react';
import { Button, Descriptions, Drawer, Form, Input, Space, Upload, Alert } from 'antd';
import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { chinaDateTime } from '@oa/shared/format/china-time';
import type { UnitDocRow } from '@oa/shared/contract/exchange';
import { errorMessage } from '../../lib/http-client';
import { feedback } from '../../lib/feedback';
import { notifyError } from '../../lib/notify-error';
import { unitApi } from './unit.api';

/** One document of the unit: opening it records the unit's reading; download it, and 签收 with an optional reply. */
export function UnitDocDrawer({ id, onClose }: { id: string; onClose: () => void }) {
  const qc = useQueryClient();
  const doc = useQuery({ queryKey: ['unit', 'doc', id], queryFn: () => unitApi.doc(id) });
  const [reply, setReply] = useState('');
  const [file, setFile] = useState<{ id: string; name: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const d = doc.data;
  const refresh = () => void qc.invalidateQueries({ queryKey: ['unit'] });
  const download = async (x: UnitDocRow, format: 'pdf' | 'ofd') => {
    try {
      await unitApi.download(x, format);
      refresh();
    } catch (err) {
      notifyError(err);
    }
  };
  const sign = async () => {
    setBusy(true);
    try {
      await unitApi.sign(id, reply.trim(), file?.id ?? null);
      feedback().message.success('已签收');
      refresh();
    } catch (err) {
      notifyError(err);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Drawer open width={640} title={d?.title ?? '公文'} onClose={() => (refresh(), onClose())} data-testid="unit-doc">
      {doc.error ? <Alert type="error" showIcon message={errorMessage(doc.error)} /> : null}
      {d ? (
        <>
          <Descriptions bordered size="small" column={1} style={{ marginBottom: 16 }}>
            <Descriptions.Item label="文号">{d.docNo ?? '—'}</Descriptions.Item>
            <Descriptions.Item label="发文机关">{d.sender}</Descriptions.Item>
            <Descriptions.Item label="收到时间">{chinaDateTime(d.sentAt)}</Descriptions.Item>
            <Descriptions.Item label="签收时限">{d.dueAt ? chinaDateTime(d.dueAt) : '不限'}</Descriptions.Item>
            {d.signedAt ? (
              <Descriptions.Item label="签收">{`${d.signedBy ?? ''} 于 ${chinaDateTime(d.signedAt)} 签收`}</Descriptions.Item>
            ) : null}
            {d.replyText ? <Descriptions.Item label="回复">{d.replyText}</Descriptions.Item> : null}
          </Descriptions>
          <Space style={{ marginBottom: 16 }}>
            <Button icon={<DownloadOutlined />} onClick={() => void download(d, 'pdf')} data-testid="unit-download-pdf">
              下载 PDF
            </Button>
            <Button icon={<DownloadOutlined />} onClick={() => void download(d, 'ofd')} data-testid="unit-download-ofd">
              下载 OFD
            </Button>
          </Space>
          {d.signedAt ? null : (
            <Form layout="vertical">
              <Form.Item label="回复（可选）" htmlFor="unit-reply">
                <Input.TextArea id="unit-reply" rows={3} maxLength={2000} value={reply} onChange={(e) => setReply(e.target.value)} />
              </Form.Item>
              <Form.Item label="回复附件（可选）">
                <Upload
                  maxCount={1}
                  fileList={file ? [{ uid: file.id, name: file.name, status: 'done' }] : []}
                  onRemove={() => setFile(null)}
                  customRequest={async ({ file: f, onSuccess, onError }) => {
                    try {
                      const up = await unitApi.upload(f as File);
                      setFile({ id: up.fileId, name: up.fileName });
                      onSuccess?.(up);
                    } catch (err) {
                      notifyError(err);
                      onError?.(err as Error);
                    }
                  }}
                >
                  <Button icon={<UploadOutlined />}>上传附件</Button>
                </Upload>
              </Form.Item>
              <Button type="primary" loading={busy} onClick={() => void sign()} data-testid="unit-sign">
                签收
              </Button>
            </Form>
          )}
        </>
      ) : null}
    </Drawer>
  );
}
