import { Alert, Button, Image, Space, Typography } from 'antd';
import { CopyOutlined, DownloadOutlined } from '@ant-design/icons';
import type { EnrolStart } from '@oa/shared/contract/two-factor';
import { feedback } from '../lib/feedback';

/** The QR code of a new authenticator secret and the secret as text (for apps without a camera). */
export function TotpEnrolView({ start }: { start: EnrolStart }) {
  const grouped = start.secret.replace(/(.{4})/g, '$1 ').trim();
  return (
    <Space direction="vertical" size={8} style={{ width: '100%' }} data-testid="totp-enrol">
      <Typography.Text>
        1. 在手机上打开验证器应用（如 Microsoft Authenticator、Google 身份验证器、FreeOTP），扫描下方二维码：
      </Typography.Text>
      <Image src={start.qrDataUrl} alt="验证器二维码" width={180} height={180} preview={false} data-testid="totp-qr" />
      <Typography.Text type="secondary">无法扫码时，手动输入密钥：</Typography.Text>
      <Typography.Text code copyable={{ text: start.secret, tooltips: ['复制密钥', '已复制'] }} data-testid="totp-secret">
        {grouped}
      </Typography.Text>
      <Typography.Text>2. 输入验证器上显示的 6 位动态口令完成绑定。</Typography.Text>
    </Space>
  );
}

/** Ten one-time recovery codes, shown once: copy or save them now. */
export function RecoveryCodesView({ codes }: { codes: string[] }) {
  const text = codes.join('\n');
  const save = () => {
    const url = URL.createObjectURL(new Blob([`协会办公平台 双因素认证恢复码（每个仅可使用一次）\n\n${text}\n`], { type: 'text/plain' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = '恢复码.txt';
    a.click();
    URL.revokeObjectURL(url);
  };
  return (
    <Space direction="vertical" size={12} style={{ width: '100%' }} data-testid="recovery-codes">
      <Alert
        type="warning"
        showIcon
        message="请妥善保存恢复码"
        description="手机丢失或无法使用验证器时，可用恢复码登录，每个仅可使用一次。恢复码只显示这一次。"
      />
      <div
        className="oa-recovery-codes"
        style={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: '4px 24px', fontFamily: 'monospace', fontSize: 15 }}
      >
        {codes.map((c) => (
          <span key={c}>{c}</span>
        ))}
      </div>
      <Space>
        <Button
          icon={<CopyOutlined />}
          onClick={() => void navigator.clipboard?.writeText(text).then(() => feedback().message.success('已复制恢复码'))}
        >
          复制
        </Button>
        <Button icon={<DownloadOutlined />} onClick={save}>
          下载
        </Button>
      </Space>
    </Space>
  );
}
