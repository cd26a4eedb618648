import { useState } from 'react';
import { Button, Card, Descriptions, Form, Input } from 'antd';
import { hashPassword } from '@oa/shared/crypto/sm3';
import { confirmPasswordRules, newPasswordRules, oldPasswordRules } from '@oa/shared/validate/rules';
import { useSession } from '../../state/session.store';
import { feedback } from '../../lib/feedback';
import { errorMessage } from '../../lib/http-client';
import { fwebApi } from './fweb.api';

/** /foundationForWeb/maintain — my account: who I am, change my password. */
export default function FwebMaintainPage() {
  const user = useSession((s) => s.user);
  const [form] = Form.useForm<{ oldPassword: string; password: string; confirmPassword: string }>();
  const [busy, setBusy] = useState(false);
  const change = async () => {
    const v = await form.validateFields();
    setBusy(true);
    try {
      const env = await fwebApi.changePassword({
        userCode: user?.userCode ?? '',
        oldPassword: hashPassword(v.oldPassword),
        password: hashPassword(v.password),
      });
      if (env.code !== 0) feedback().message.warning(env.message || '密码修改失败');
      else {
        feedback().message.success('密码修改成功');
        form.resetFields();
      }
    } catch (err) {
      feedback().message.warning(errorMessage(err, '密码修改失败'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card title="账号维护">
      <Descriptions column={2} bordered size="small" style={{ marginBottom: 24 }}>
        <Descriptions.Item label="账号">{user?.userCode}</Descriptions.Item>
        <Descriptions.Item label="姓名">{user?.userName}</Descriptions.Item>
        <Descriptions.Item label="手机号">{user?.mobile ?? '—'}</Descriptions.Item>
      </Descriptions>
      <Form form={form} layout="vertical" style={{ maxWidth: 420 }} autoComplete="off">
        <Form.Item name="oldPassword" label="旧密码" rules={oldPasswordRules()}>
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Form.Item name="password" label="新密码" rules={newPasswordRules()}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item name="confirmPassword" label="确认密码" dependencies={['password']} rules={confirmPasswordRules()}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Button type="primary" loading={busy} onClick={() => void change()}>
          修改密码
        </Button>
      </Form>
    </Card>
  );
}
