import { Modal, Space, Typography } from 'antd';
import { QRCodeSVG } from 'qrcode.react';
import type { PublishedApp } from './app-download.api';

/** The value the QR code encodes: the app's download address (or its QR content). */
function qrValue(app: PublishedApp): string {
  const url = app.appUrl || app.qrCode || '';
  if (!url || /^[a-z]+:/i.test(url)) return url;
  return new URL(url, window.location.origin).href;
}

/** APP下载 dialog: scan the QR code, or open the link. */
export function AppDownloadDialog({ app, onClose }: { app: PublishedApp | null; onClose: () => void }) {
  const value = app ? qrValue(app) : '';
  return (
    <Modal open={Boolean(app)} title="APP下载" footer={null} width={360} onCancel={onClose} destroyOnHidden centered>
      {app && (
        <Space orientation="vertical" align="center" style={{ width: '100%', padding: '12px 0' }}>
          <QRCodeSVG value={value} size={200} marginSize={2} title={app.appName ?? 'APP'} data-testid="app-qr" />
          <Typography.Text strong>
            {app.appName || '移动办公APP'}
            {app.version ? ` ${app.version}` : ''}
          </Typography.Text>
          <Typography.Text type="secondary">请使用手机扫描二维码下载安装</Typography.Text>
          <Typography.Link href={value} target="_blank" rel="noopener noreferrer" copyable={{ text: value }}>
            {value}
          </Typography.Link>
        </Space>
      )}
    </Modal>
  );
}
