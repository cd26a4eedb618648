import { useState } from 'react';
import { Button, Space, Typography, Upload, type UploadFile } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { FILE_API } from '@oa/shared/contract/files-api';
import { uploadFile } from '../../lib/files-transfer';
import { feedback } from '../../lib/feedback';
import { errorMessage } from '../../lib/http-client';
import { RichTextField } from '../../lib/rich-text-field';
import { spacesApi } from './spaces.api';

type Att = UploadFile & { fileId?: string };
const MAX_FILES = 10;

/**
 * The reply box under a topic: text and files. Files are private uploads; the server lets whoever sees the
 * topic download them (the topic's file grant) and refuses a file of someone else.
 */
export function ReplyBox({ topicId, onSent }: { topicId: string; onSent: () => Promise<unknown> }) {
  const [html, setHtml] = useState('');
  const [files, setFiles] = useState<Att[]>([]);
  const [key, setKey] = useState(0);
  const [busy, setBusy] = useState(false);
  const uploading = files.some((f) => f.status === 'uploading');
  const hasText = !!html.replace(/<[^>]+>/g, '').trim() || html.includes('<img');
  const done = files.filter((f) => f.fileId);

  const upload = async (file: File) => {
    const uid = `${Date.now()}-${Math.random().toString(36).slice(2)}`;
    setFiles((xs) => [...xs, { uid, name: file.name, status: 'uploading', percent: 0 }]);
    try {
      const up = await uploadFile(FILE_API.upload, file, file.name, {
        fields: { scope: 'private' },
        onProgress: (percent) => setFiles((xs) => xs.map((x) => (x.uid === uid ? { ...x, percent } : x))),
      });
      setFiles((xs) => xs.map((x) => (x.uid === uid ? { ...x, status: 'done', fileId: up.fileId } : x)));
    } catch (err) {
      setFiles((xs) => xs.filter((x) => x.uid !== uid));
      feedback().message.error(errorMessage(err, '上传失败'));
    }
  };

  const send = async () => {
    setBusy(true);
    try {
      await spacesApi.post({ topicId, bodyHtml: html, files: done.map((f) => ({ fileId: f.fileId!, fileName: f.name })) });
      setHtml('');
      setFiles([]);
      setKey((k) => k + 1);
      feedback().message.success('已回复');
      await onSent();
    } catch (err) {
      feedback().message.error(errorMessage(err, '回复失败'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div style={{ marginTop: 12 }} data-testid="reply-box">
      <RichTextField key={key} value={html} onChange={setHtml} placeholder="回复内容" />
      <Upload
        multiple
        fileList={files}
        beforeUpload={(f) => {
          if (files.length >= MAX_FILES) {
            feedback().message.warning(`每条回复最多 ${MAX_FILES} 个文件`);
            return Upload.LIST_IGNORE;
          }
          void upload(f);
          return false;
        }}
        onRemove={(f) => setFiles((xs) => xs.filter((x) => x.uid !== f.uid))}
      >
        <Space style={{ marginTop: 8 }}>
          <Button icon={<UploadOutlined />} data-testid="reply-attach">
            添加文件
          </Button>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            仅本主题可见范围内的人员可以下载
          </Typography.Text>
        </Space>
      </Upload>
      <Button
        type="primary"
        style={{ marginTop: 8 }}
        loading={busy}
        onClick={() => void send()}
        disabled={uploading || (!hasText && done.length === 0)}
        data-testid="reply-send"
      >
        回复
      </Button>
    </div>
  );
}
