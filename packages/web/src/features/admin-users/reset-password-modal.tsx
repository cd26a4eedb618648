import { Form, Input, Modal } from 'antd';
import { useState } from 'react';
import type { AdminUser } from '@oa/shared/contract/admin';
import { confirmPasswordRules, passwordRules } from '@oa/shared/validate/rules';
import { hashPassword } from '@oa/shared/crypto/sm3';

interface Props {
  user: AdminUser | null;
  onCancel: () => void;
  onSubmit: (userCode: string, hashed: string) => Promise<void>;
}

/** Admin password reset: the typed password is hashed in the browser; the user must change it at next login. */
export function ResetPasswordModal({ user, onCancel, onSubmit }: Props) {
  const [form] = Form.useForm<{ password: string; confirm: string }>();
  const [saving, setSaving] = useState(false);
  const ok = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v || !user) return;
    setSaving(true);
    try {
      await onSubmit(user.userCode, hashPassword(v.password));
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      title={`重置密码：${user?.userName ?? ''}`}
      open={!!user}
      onCancel={onCancel}
      onOk={() => void ok()}
      confirmLoading={saving}
      maskClosable={false}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item name="password" label="新密码" rules={passwordRules()} extra="重置后该用户的登录会话立即失效，下次登录须修改密码">
          <Input.Password autoComplete="new-password" maxLength={16} />
        </Form.Item>
        <Form.Item name="confirm" label="确认新密码" dependencies={['password']} rules={confirmPasswordRules('password')}>
          <Input.Password autoComplete="new-password" maxLength={16} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
