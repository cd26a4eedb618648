import { useEffect, useState } from 'react';
import { Button, Form, Input } from 'antd';
import { NOTICE_S } from '@oa/shared/constants';
import { hashPassword } from '@oa/shared/crypto/sm3';
import { captchaRules, mobileRule } from '@oa/shared/validate/rules';
import { NewPasswordFields } from './new-password-fields';
import { errorMessage } from '../../lib/http-client';
import { feedback } from '../../lib/feedback';
import { passwordApi, type ImageCaptcha } from './password.api';
import { SmsCodeButton } from './sms-code-button';

interface ResetForm {
  mobile: string;
  imageCaptcha?: string;
  captcha: string;
  password: string;
  confirmPassword: string;
}

interface ResetPasswordFormProps {
  /** signed in: the account being reset; absent on the login page */
  userCode?: string;
  mobile: string | null;
  onDone: () => void;
  /** without a session (login page): an image captcha before the SMS code is sent */
  anonymous?: boolean;
}

/** 忘记密码: mobile, SMS code, new and confirm passwords. Success '密码重置成功'; failure: server message as an error. */
export function ResetPasswordForm({ userCode, mobile, onDone, anonymous = false }: ResetPasswordFormProps) {
  const [form] = Form.useForm<ResetForm>();
  const [saving, setSaving] = useState(false);
  const [captcha, setCaptcha] = useState<ImageCaptcha | null>(null);

  const loadCaptcha = async () => {
    try {
      const env = await passwordApi.imageCaptcha();
      if (env.code === 0) setCaptcha(env.data);
    } catch {
      setCaptcha(null);
    }
    form.setFieldValue('imageCaptcha', '');
  };
  useEffect(() => {
    if (anonymous) void loadCaptcha();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [anonymous]);

  /** Checked only when an SMS code is asked for (a captcha serves one send; the reset itself needs none). */
  const getCaptcha = async () => {
    const answer = String(form.getFieldValue('imageCaptcha') ?? '').trim();
    if (!answer) {
      form.setFields([{ name: 'imageCaptcha', errors: ['请输入图形验证码'] }]);
      return null;
    }
    return captcha ? { captchaKey: captcha.captchaKey, imageCaptcha: answer } : null;
  };

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
      const env = await passwordApi.reset(
        { ...(userCode ? { userCode } : {}), mobile: v.mobile.trim(), password: hashPassword(v.password), captcha: v.captcha.trim() },
        anonymous,
      );
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
      {anonymous && (
        <Form.Item label="图形验证码" required>
          <div style={{ display: 'flex', gap: 8 }}>
            <Form.Item name="imageCaptcha" noStyle>
              <Input placeholder="请输入图中字符" maxLength={8} aria-label="图形验证码" />
            </Form.Item>
            {captcha ? (
              <img
                src={captcha.image}
                alt="图形验证码"
                title="看不清？点击换一张"
                onClick={() => void loadCaptcha()}
                style={{
                  width: 128,
                  height: 40,
                  flex: 'none',
                  cursor: 'pointer',
                  border: '1px solid #d9d9d9',
                  borderRadius: 6,
                  objectFit: 'contain',
                }}
              />
            ) : (
              <Button onClick={() => void loadCaptcha()} style={{ width: 128, flex: 'none' }}>
                获取图形验证码
              </Button>
            )}
          </div>
        </Form.Item>
      )}
      <Form.Item label="短信验证码" required>
        <div style={{ display: 'flex', gap: 8 }}>
          <Form.Item name="captcha" noStyle rules={captchaRules()}>
            <Input placeholder="请输入验证码" maxLength={6} aria-label="短信验证码" />
          </Form.Item>
          <SmsCodeButton getMobile={getMobile} {...(anonymous ? { getCaptcha, afterTry: () => void loadCaptcha() } : {})} />
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
