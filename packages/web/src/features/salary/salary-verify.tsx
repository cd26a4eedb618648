import { useState } from 'react';
import { Alert, Button, Card, Input, Segmented, Space } from 'antd';
import { LockOutlined } from '@ant-design/icons';
import { hashPassword } from '@oa/shared/crypto/sm3';
import { notifyError } from '../../lib/notify-error';
import { feedback } from '../../lib/feedback';
import { salaryApi } from './salary.api';

/** Confirms identity again (login password or an SMS code) before salary slips are shown; valid 10 minutes. */
export function SalaryVerify({ onVerified }: { onVerified: () => void }) {
  const [mode, setMode] = useState<'password' | 'sms'>('password');
  const [value, setValue] = useState('');
  const [busy, setBusy] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const verify = async () => {
    if (!value) return feedback().message.warning(mode === 'password' ? '请输入登录密码' : '请输入短信验证码');
    setBusy(true);
    try {
      await salaryApi.verify(mode === 'password' ? { password: hashPassword(value) } : { smsCode: value.trim() });
      setValue('');
      onVerified();
    } catch (err) {
      notifyError(err);
    } finally {
      setBusy(false);
    }
  };
  const sendCode = async () => {
    try {
      setSentTo((await salaryApi.sms()).mobile);
    } catch (err) {
      notifyError(err);
    }
  };
  return (
    <Card style={{ maxWidth: 460, margin: '24px auto' }} data-testid="salary-verify">
      <Alert
        type="info"
        showIcon
        icon={<LockOutlined />}
        style={{ marginBottom: 16 }}
        message="工资条属于敏感信息，请再次验证身份后查看（10 分钟内有效）。"
      />
      <Space direction="vertical" style={{ width: '100%' }}>
        <Segmented
          block
          value={mode}
          onChange={(v) => {
            setMode(v as 'password' | 'sms');
            setValue('');
          }}
          options={[
            { value: 'password', label: '登录密码验证' },
            { value: 'sms', label: '短信验证码验证' },
          ]}
        />
        {mode === 'password' ? (
          <Input.Password
            placeholder="请输入登录密码"
            value={value}
            onChange={(e) => setValue(e.target.value)}
            onPressEnter={() => void verify()}
            autoComplete="current-password"
          />
        ) : (
          <Space.Compact style={{ width: '100%' }}>
            <Input
              placeholder="6 位短信验证码"
              maxLength={6}
              value={value}
              onChange={(e) => setValue(e.target.value)}
              onPressEnter={() => void verify()}
            />
            <Button onClick={() => void sendCode()}>{sentTo ? '重新发送' : '获取验证码'}</Button>
          </Space.Compact>
        )}
        {sentTo ? <span style={{ color: '#666' }}>验证码已发送至 {sentTo}</span> : null}
        <Button type="primary" block loading={busy} onClick={() => void verify()}>
          验证并查看
        </Button>
      </Space>
    </Card>
  );
}
