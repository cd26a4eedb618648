import { useEffect, useState } from 'react';
import { Button, Drawer, Result, Spin } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { FILE_API } from '@oa/shared/contract/files-api';
import { fetchBlob } from '../../lib/files-transfer';
import { downloadFile } from '../../engine/records.api';
import { showError } from '../../lib/notify-error';
import { PdfPages } from './pdf-pages';

/** What the viewer shows: its title, how it is drawn, how its bytes are read, how it is saved. */
export interface ViewedFile {
  key: string;
  title: string;
  kind: 'pdf' | 'image' | 'other';
  load: () => Promise<Blob>;
  download: () => Promise<void>;
}

/** How a file is shown in the page: a PDF drawn page by page, an image, or only offered for download. */
function kindOf(fileName: string): ViewedFile['kind'] {
  const ext = fileName.toLowerCase().split('.').pop() ?? '';
  if (ext === 'pdf') return 'pdf';
  return ['png', 'jpg', 'jpeg', 'gif', 'webp', 'bmp'].includes(ext) ? 'image' : 'other';
}

/** A stored attachment (the signed download the desktop uses; the server checks who may read it). */
export function storedFile(fileId: string, fileName: string): ViewedFile {
  return {
    key: fileId,
    title: fileName,
    kind: kindOf(fileName),
    load: () => fetchBlob(FILE_API.download, { fileId, disposition: 'inline' }),
    download: () => downloadFile(fileId, fileName),
  };
}

/** A full-screen sheet that shows a file in the page: PDF pages and images fit the phone's width. */
export function PhoneFileViewer({ file, onClose }: { file: ViewedFile | null; onClose: () => void }) {
  const [blob, setBlob] = useState<{ key: string; data: Blob } | null>(null);
  const [error, setError] = useState<{ key: string; message: string } | null>(null);
  useEffect(() => {
    if (!file || file.kind === 'other') return;
    let live = true;
    file.load().then(
      (data) => live && setBlob({ key: file.key, data }),
      (err: unknown) => live && setError({ key: file.key, message: err instanceof Error ? err.message : '打开失败' }),
    );
    return () => {
      live = false;
    };
  }, [file]);
  const data = file && blob?.key === file.key ? blob.data : null;
  const failed = file && error?.key === file.key ? error.message : null;
  return (
    <Drawer
      open={!!file}
      placement="bottom"
      size="100%"
      onClose={onClose}
      title={file?.title}
      className="m-viewer"
      destroyOnHidden
      extra={
        file ? (
          <Button
            type="text"
            icon={<DownloadOutlined />}
            aria-label="下载"
            className="m-touch"
            onClick={() => file.download().catch((err: unknown) => showError(err, '下载失败'))}
          />
        ) : null
      }
    >
      <div data-testid="m-viewer">
        {file?.kind === 'other' ? (
          <Result status="info" title="此类文件不能在页面中查看" subTitle="请点击右上角下载后查看" />
        ) : failed ? (
          <Result status="warning" title={failed} />
        ) : !data ? (
          <div className="m-center">
            <Spin />
          </div>
        ) : file?.kind === 'pdf' ? (
          <PdfPages data={data} />
        ) : (
          <ImageView data={data} alt={file?.title ?? ''} />
        )}
      </div>
    </Drawer>
  );
}

function ImageView({ data, alt }: { data: Blob; alt: string }) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    const u = URL.createObjectURL(data);
    setUrl(u);
    return () => URL.revokeObjectURL(u);
  }, [data]);
  return url ? <img className="m-viewer-image" src={url} alt={alt} data-testid="m-viewer-image" /> : null;
}
