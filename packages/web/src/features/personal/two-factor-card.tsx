import { useState } from 'react';
import { Alert, Button, Card, Input, Modal, Segmented, Space, Tag, Typography } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { chinaDateTime } from '@oa/shared/format/china-time';
import { hashPassword } from '@oa/shared/crypto/sm3';
import type { EnrolStart } from '@oa/shared/contract/two-factor';
import { RecoveryCodesView, TotpEnrolView } from '../../components/two-factor-parts';
import { feedback } from '../../lib/feedback';
import { showError } from '../../lib/notify-error';
import { twoFactorApi } from './two-factor.api';

type Dialog =
  { kind: 'enrol'; start: EnrolStart } | { kind: 'codes'; codes: string[] } | { kind: 'proof'; action: 'disable' | 'regenerate' };

/** 个人中心 · 双因素认证: bind an authenticator app (confirmed by a code), recovery codes, disable. */
export function TwoFactorCard() {
  const qc = useQueryClient();
  const q = useQuery({ queryKey: ['two-factor-status'], queryFn: twoFactorApi.status });
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const refresh = () => void qc.invalidateQueries({ queryKey: ['two-factor-status'] });
  const s = q.data;

  const startEnrol = async () => {
    try {
      setDialog({ kind: 'enrol', start: await twoFactorApi.enrol() });
    } catch (err) {
      showError(err, '获取二维码失败');
    }
  };

  return (
    <Card title="双因素认证" style={{ marginTop: 16 }} data-testid="two-factor-card" loading={q.isPending}>
      {s && (
        <Space direction="vertical" size={12} style={{ width: '100%' }}>
          <Space wrap>
            {s.enrolled ? <Tag color="success">已启用</Tag> : <Tag>未启用</Tag>}
            {s.enrolled && s.enrolledAt && <Typography.Text type="secondary">启用于 {chinaDateTime(s.enrolledAt)}</Typography.Text>}
            {s.enrolled && <Typography.Text type="secondary">剩余恢复码 {s.recoveryLeft} 个</Typography.Text>}
          </Space>
          {s.required && <Alert type="info" showIcon message={`您的角色（${s.requiredBy.join('、')}）要求登录时使用双因素认证`} />}
          <Typography.Text type="secondary">
            登录时除密码外，还须输入手机验证器应用上的动态口令{s.smsAvailable ? '（也可用短信验证码或恢复码）' : '（或恢复码）'}。
          </Typography.Text>
          {s.enrolled ? (
            <Space>
              <Button onClick={() => setDialog({ kind: 'proof', action: 'regenerate' })}>重新生成恢复码</Button>
              {!s.required && (
                <Button danger onClick={() => setDialog({ kind: 'proof', action: 'disable' })}>
                  停用
                </Button>
              )}
            </Space>
          ) : (
            <Button type="primary" onClick={() => void startEnrol()} data-testid="two-factor-enrol">
              启用双因素认证
            </Button>
          )}
        </Space>
      )}
      {dialog?.kind === 'enrol' && (
        <EnrolDialog
          start={dialog.start}
          onClose={() => setDialog(null)}
          onDone={(codes) => (refresh(), setDialog({ kind: 'codes', codes }))}
        />
      )}
      {dialog?.kind === 'codes' && (
        <Modal
          open
          title="恢复码"
          onCancel={() => setDialog(null)}
          footer={
            <Button type="primary" onClick={() => setDialog(null)}>
              我已保存
            </Button>
          }
        >
          <RecoveryCodesView codes={dialog.codes} />
        </Modal>
      )}
      {dialog?.kind === 'proof' && (
        <ProofDialog
          action={dialog.action}
          onClose={() => setDialog(null)}
          onDone={(codes) => {
            refresh();
            setDialog(codes ? { kind: 'codes', codes } : null);
          }}
        />
      )}
    </Card>
  );
}

function EnrolDialog({ start, onClose, onDone }: { start: EnrolStart; onClose: () => void; onDone: (codes: string[]) => void }) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    if (!/^\d{6}$/.test(code.trim())) return setError('动态口令为 6 位数字');
    setBusy(true);
    try {
      const env = await twoFactorApi.confirm(code.trim());
      if (env.code !== 0) return setError(env.message);
      feedback().message.success('已启用双因素认证');
      onDone(env.data.recoveryCodes);
    } catch (err) {
      showError(err, '绑定失败');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal open title="绑定验证器" onCancel={onClose} onOk={() => void confirm()} okText="确认绑定" confirmLoading={busy} destroyOnHidden>
      <TotpEnrolView start={start} />
      <Input
        style={{ marginTop: 12 }}
        value={code}
        status={error ? 'error' : undefined}
        onChange={(e) => (setCode(e.target.value), setError(null))}
        onPressEnter={() => void confirm()}
        placeholder="验证器上的 6 位动态口令"
        inputMode="numeric"
        maxLength={6}
        aria-label="动态口令"
      />
      {error && <Typography.Text type="danger">{error}</Typography.Text>}
    </Modal>
  );
}

/** Disabling or new recovery codes: a current code of the app, or the login password. */
function ProofDialog({
  action,
  onClose,
  onDone,
}: {
  action: 'disable' | 'regenerate';
  onClose: () => void;
  onDone: (codes?: string[]) => void;
}) {
  const [by, setBy] = useState<'code' | 'password'>('code');
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    if (!value.trim()) return setError(by === 'code' ? '请输入动态口令' : '请输入登录密码');
    const proof = by === 'code' ? { code: value.trim() } : { password: hashPassword(value) };
    setBusy(true);
    try {
      if (action === 'disable') {
        const env = await twoFactorApi.disable(proof);
        if (env.code !== 0) return setError(env.message);
        feedback().message.success('已停用双因素认证');
        onDone();
      } else {
        const env = await twoFactorApi.regenerate(proof);
        if (env.code !== 0) return setError(env.message);
        onDone(env.data.recoveryCodes);
      }
    } catch (err) {
      showError(err, '操作失败');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open
      title={action === 'disable' ? '停用双因素认证' : '重新生成恢复码'}
      onCancel={onClose}
      onOk={() => void submit()}
      okText="确定"
      okButtonProps={{ danger: action === 'disable' }}
      confirmLoading={busy}
      destroyOnHidden
    >
      <Space direction="vertical" style={{ width: '100%' }}>
        <Typography.Text>{action === 'disable' ? '停用后登录只需密码。' : '旧的恢复码将全部作废。'}请先验证身份：</Typography.Text>
        <Segmented
          value={by}
          options={[
            { value: 'code', label: '动态口令' },
            { value: 'password', label: '登录密码' },
          ]}
          onChange={(v) => (setBy(v as 'code' | 'password'), setValue(''), setError(null))}
        />
        {by === 'code' ? (
          <Input
            value={value}
            onChange={(e) => (setValue(e.target.value), setError(null))}
            maxLength={6}
            placeholder="6 位动态口令"
            aria-label="动态口令"
          />
        ) : (
          <Input.Password
            value={value}
            onChange={(e) => (setValue(e.target.value), setError(null))}
            placeholder="登录密码"
            aria-label="登录密码"
          />
        )}
        {error && <Typography.Text type="danger">{error}</Typography.Text>}
      </Space>
    </Modal>
  );
}
