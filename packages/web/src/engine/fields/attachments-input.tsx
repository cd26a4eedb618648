import { useState } from 'react';
import { Button, Upload, type UploadFile } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import type { Attachment, AttachmentsField } from '@oa/shared/modules/field';
import { feedback } from '../../lib/feedback';
import { uploadFile } from '../records.api';
import type { FieldInputProps } from './field-props';
import { showError } from '../../lib/notify-error';

export const asAttachments = (v: unknown): Attachment[] =>
  Array.isArray(v) ? v.filter((a): a is Attachment => !!a && typeof a === 'object' && typeof (a as Attachment).fileId === 'string') : [];

/** attachments: uploaded through the files API at once; the record keeps { fileId, fileName, size, mime } */
export function AttachmentsInput({ field, value, onChange, id, disabled }: FieldInputProps<AttachmentsField>) {
  const files = asAttachments(value);
  const [uploading, setUploading] = useState(0);
  const list: UploadFile[] = files.map((f) => ({ uid: f.fileId, name: f.fileName, status: 'done', size: f.size }));
  return (
    <Upload
      id={id}
      disabled={disabled}
      multiple
      fileList={list}
      customRequest={async ({ file, onSuccess, onError }) => {
        setUploading((n) => n + 1);
        try {
          const r = await uploadFile(file as File);
          onChange?.([...asAttachments(value), { fileId: r.fileId, fileName: r.fileName, size: r.size, mime: r.mime }]);
          onSuccess?.(r);
        } catch (err) {
          showError(err, '上传失败');
          onError?.(err as Error);
        } finally {
          setUploading((n) => n - 1);
        }
      }}
      beforeUpload={() => {
        if (files.length + uploading >= field.maxFiles) {
          feedback().message.warning(`${field.label}最多${field.maxFiles}个文件`);
          return Upload.LIST_IGNORE;
        }
        return true;
      }}
      onRemove={(f) => onChange?.(files.filter((a) => a.fileId !== f.uid))}
    >
      {disabled ? null : (
        <Button icon={<UploadOutlined />} loading={uploading > 0}>
          上传{field.label}
        </Button>
      )}
    </Upload>
  );
}
