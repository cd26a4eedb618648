import { Button } from 'antd';
import { PaperClipOutlined } from '@ant-design/icons';
import { downloadFile } from '../../lib/files-transfer';
import { feedback } from '../../lib/feedback';
import { errorMessage } from '../../lib/http-client';

/** Files to download (meeting materials, an article's attachments), one thumb-sized line each. */
export function PhoneFileLinks({ files }: { files: ReadonlyArray<{ fileId: string; fileName: string }> }) {
  return files.map((f) => (
    <Button
      key={f.fileId}
      type="link"
      icon={<PaperClipOutlined />}
      className="m-file-link"
      onClick={() => downloadFile(f.fileId, f.fileName).catch((err: unknown) => feedback().message.error(errorMessage(err, '下载失败')))}
    >
      {f.fileName}
    </Button>
  ));
}
