import { useState } from 'react';
import { Button, Form, Input } from 'antd';
import { NOTICE_S } from '@oa/shared/constants';
import { hashPassword } from '@oa/shared/crypto/sm3';
import { oldPasswordRules } from '@oa/shared/validate/rules';
import { NewPasswordFields } from './new-password-fields';
import { errorMessage } from '../../lib/http-client';
import { feedback } from '../../lib/feedback';
import { passwordApi } from './password.api';

interface ChangeForm {
  oldPassword: string;
  password: string;
  confirmPassword: string;
}

/** 修改密码: old, new (strength rule on blur), confirm. Success '密码修改成功'; failure: server message as a warning. */
export function ChangePasswordForm({ userCode, onDone }: { userCode: string; onDone: () => void }) {
  const [form] = Form.useForm<ChangeForm>();
  const [saving, setSaving] = useState(false);

  const onFinish = async (v: ChangeForm) => {
    setSaving(true);
    try {
      const env = await passwordApi.change({ userCode, oldPassword: hashPassword(v.oldPassword), password: hashPassword(v.password) });
      if (env.code !== 0) {
        feedback().message.warning({ content: env.message || '密码修改失败', duration: NOTICE_S });
        return;
      }
      feedback().message.success({ content: '密码修改成功', duration: NOTICE_S });
      form.resetFields();
      onDone();
    } catch (err) {
      feedback().message.warning({ content: errorMessage(err, '密码修改失败'), duration: NOTICE_S });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Form form={form} layout="horizontal" labelCol={{ flex: '92px' }} onFinish={(v) => void onFinish(v)} autoComplete="off">
      <Form.Item label="旧密码" name="oldPassword" rules={oldPasswordRules()}>
        <Input.Password placeholder="请输入旧密码" autoComplete="current-password" />
      </Form.Item>
      <NewPasswordFields />
      <Form.Item style={{ marginBottom: 0, textAlign: 'right' }}>
        <Button type="primary" htmlType="submit" loading={saving}>
          确认修改
        </Button>
      </Form.Item>
    </Form>
  );
}
