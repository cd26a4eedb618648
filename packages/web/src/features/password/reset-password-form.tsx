import { useState } from 'react';
import { Button, Form, Input } from 'antd';
import { NOTICE_S } from '@oa/shared/constants';
import { hashPassword } from '@oa/shared/crypto/sm3';
import { captchaRules, mobileRule } from '@oa/shared/validate/rules';
import { NewPasswordFields } from './new-password-fields';
import { errorMessage } from '../../lib/http-client';
import { feedback } from '../../lib/feedback';
import { passwordApi } from './password.api';
import { SmsCodeButton } from './sms-code-button';

interface ResetForm {
  mobile: string;
  captcha: string;
  password: string;
  confirmPassword: string;
}

interface ResetPasswordFormProps {
  userCode: string;
  mobile: string | null;
  onDone: () => void;
}

/** 忘记密码: mobile, SMS code, new and confirm passwords. Success '密码重置成功'; failure: server message as an error. */
export function ResetPasswordForm({ userCode, mobile, onDone }: ResetPasswordFormProps) {
  const [form] = Form.useForm<ResetForm>();
  const [saving, setSaving] = useState(false);

  const getMobile = async (): Promise<string | null> => {
    try {
      const v = await form.validateFields(['mobile']);
      return v.mobile.trim();
    } catch {
      return null;
    }
  };

  const onFinish = async (v: ResetForm) => {
    setSaving(true);
    try {
      const env = await passwordApi.reset({ userCode, mobile: v.mobile.trim(), password: hashPassword(v.password), captcha: v.captcha.trim() });
      if (env.code !== 0) {
        feedback().message.error({ content: env.message || '密码重置失败', duration: NOTICE_S });
        return;
      }
      feedback().message.success({ content: '密码重置成功', duration: NOTICE_S });
      form.resetFields(['captcha', 'password', 'confirmPassword']);
      onDone();
    } catch (err) {
      feedback().message.error({ content: errorMessage(err, '密码重置失败'), duration: NOTICE_S });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Form
      form={form}
      layout="horizontal"
      labelCol={{ flex: '92px' }}
      initialValues={{ mobile: mobile ?? '' }}
      onFinish={(v) => void onFinish(v)}
      autoComplete="off"
    >
      <Form.Item label="手机号" name="mobile" rules={[{ required: true, whitespace: true, message: '请输入手机号' }, mobileRule()]}>
        <Input placeholder="请输入手机号" maxLength={11} />
      </Form.Item>
      <Form.Item label="短信验证码" required>
        <div style={{ display: 'flex', gap: 8 }}>
          <Form.Item name="captcha" noStyle rules={captchaRules()}>
            <Input placeholder="请输入验证码" maxLength={6} />
          </Form.Item>
          <SmsCodeButton getMobile={getMobile} />
        </div>
      </Form.Item>
      <NewPasswordFields />
      <Form.Item style={{ marginBottom: 0, textAlign: 'right' }}>
        <Button type="primary" htmlType="submit" loading={saving}>
          重置密码
        </Button>
      </Form.Item>
    </Form>
  );
}
