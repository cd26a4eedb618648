import { useState } from 'react';
import { Button, Image, Space, Typography, Upload } from 'antd';
import { DeleteOutlined, PictureOutlined } from '@ant-design/icons';
import { FILE_API } from '@oa/shared/contract/files-api';
import { uploadFile } from '../../lib/files-transfer';
import { feedback } from '../../lib/feedback';
import { imageUrl } from '../../lib/files-url';
import { errorMessage } from '../../lib/http-client';

const ACCEPT = 'image/png,image/jpeg,image/gif,image/webp';
const MAX_BYTES = 5 * 1024 * 1024;

/** The edit page's cover: upload an image (a private upload, readable by the article's readers), preview, remove. */
export function CoverPicker({
  value,
  onChange,
  onBusy,
}: {
  value: string | null;
  onChange: (fileId: string | null) => void;
  onBusy?: (busy: boolean) => void;
}) {
  const [busy, setBusy] = useState(false);
  const pick = async (file: File) => {
    if (!ACCEPT.split(',').includes(file.type)) return feedback().message.error('封面须为图片（png、jpg、gif、webp）');
    if (file.size > MAX_BYTES) return feedback().message.error('封面图片不能超过 5 MB');
    setBusy(true);
    onBusy?.(true);
    try {
      const up = await uploadFile(FILE_API.upload, file, file.name, { fields: { scope: 'private' } });
      onChange(up.fileId);
    } catch (err) {
      feedback().message.error(errorMessage(err, '封面上传失败'));
    } finally {
      setBusy(false);
      onBusy?.(false);
    }
  };
  return (
    <Space align="start" size="middle" data-testid="news-cover">
      {value ? (
        <Image
          src={imageUrl(value)}
          width={192}
          height={108}
          style={{ objectFit: 'cover', borderRadius: 6 }}
          alt="封面预览"
          data-testid="news-cover-preview"
        />
      ) : (
        <div
          style={{
            width: 192,
            height: 108,
            borderRadius: 6,
            border: '1px dashed #d9d9d9',
            background: '#fafafa',
            display: 'flex',
            flexDirection: 'column',
            alignItems: 'center',
            justifyContent: 'center',
            color: '#666',
            fontSize: 12,
            gap: 4,
          }}
        >
          <PictureOutlined style={{ fontSize: 24 }} />
          未选择封面
        </div>
      )}
      <Space orientation="vertical" size={4}>
        <Upload
          accept={ACCEPT}
          showUploadList={false}
          beforeUpload={(f) => {
            void pick(f);
            return false;
          }}
        >
          <Button icon={<PictureOutlined />} loading={busy} data-testid="news-cover-upload">
            {value ? '更换封面' : '上传封面'}
          </Button>
        </Upload>
        {value ? (
          <Button
            type="link"
            danger
            icon={<DeleteOutlined />}
            onClick={() => onChange(null)}
            style={{ padding: 0 }}
            data-testid="news-cover-remove"
          >
            移除封面
          </Button>
        ) : null}
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          建议 16:9，png / jpg / gif / webp，不超过 5 MB；不选则使用正文中的第一张图片。
        </Typography.Text>
      </Space>
    </Space>
  );
}
