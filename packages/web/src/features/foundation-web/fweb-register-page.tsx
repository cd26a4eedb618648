import { useEffect, useState } from 'react';
import { Button, Card, Form, Input, Space } from 'antd';
import { useNavigate } from 'react-router';
import { hashPassword } from '@oa/shared/crypto/sm3';
import { FWEB_PUBLIC_API } from '@oa/shared/contract/subjects';
import { confirmPasswordRules, newPasswordRules } from '@oa/shared/validate/rules';
import { http, unwrap } from '../../lib/http-client';
import { feedback } from '../../lib/feedback';
import { notifyError } from '../../lib/notify-error';
import { ApplicantAccountFields } from '../../components/applicant-account-fields';
import './foundation-web.css';

type Captcha = { captchaKey: string; image: string };
type RegisterForm = {
  userCode: string;
  userName: string;
  mobile: string;
  orgName: string;
  captcha: string;
  smsCode: string;
  password: string;
  confirmPassword: string;
};

const api = {
  captcha: async () => unwrap(await http.post<Captcha>('/api/base/system/captcha/getCaptcha', {})),
  sms: async (body: { mobile: string; captchaKey: string; captcha: string }) =>
    unwrap(await http.post<null>(`${FWEB_PUBLIC_API}/registerSms`, body)),
  register: async (body: Record<string, string>) => unwrap(await http.post<null>(`${FWEB_PUBLIC_API}/register`, body)),
};

/** /foundationRegister — an outside applicant registers: image captcha, then an SMS code to the mobile. */
export default function FwebRegisterPage() {
  const navigate = useNavigate();
  const [form] = Form.useForm<RegisterForm>();
  const [captcha, setCaptcha] = useState<Captcha | null>(null);
  const [wait, setWait] = useState(0);
  const [busy, setBusy] = useState(false);
  const reload = () => void api.captcha().then(setCaptcha, notifyError);
  useEffect(reload, []);
  useEffect(() => {
    if (wait <= 0) return;
    const t = window.setTimeout(() => setWait((w) => w - 1), 1000);
    return () => window.clearTimeout(t);
  }, [wait]);

  const sendSms = async () => {
    const v = await form.validateFields(['mobile', 'captcha']);
    try {
      await api.sms({ mobile: v.mobile, captchaKey: captcha?.captchaKey ?? '', captcha: v.captcha });
      feedback().message.success('验证码已发送');
      setWait(60);
    } catch (err) {
      notifyError(err);
    } finally {
      form.setFieldValue('captcha', '');
      reload();
    }
  };
  const submit = async () => {
    const v = await form.validateFields();
    setBusy(true);
    try {
      await api.register({
        userCode: v.userCode,
        userName: v.userName,
        mobile: v.mobile,
        orgName: v.orgName,
        smsCode: v.smsCode,
        password: hashPassword(v.password),
      });
      feedback().message.success('注册成功，请登录');
      navigate('/login');
    } catch (err) {
      notifyError(err);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="fweb-register">
      <Card title="课题基金申报平台 · 申报人注册" style={{ width: 480 }} data-testid="fweb-register">
        <Form form={form} layout="vertical" autoComplete="off">
          <ApplicantAccountFields />
          <Form.Item label="图形验证码" required>
            <Space>
              <Form.Item name="captcha" noStyle rules={[{ required: true, message: '请输入图形验证码' }]}>
                <Input style={{ width: 140 }} maxLength={8} />
              </Form.Item>
              {captcha && (
                <img
                  src={captcha.image}
                  alt="图形验证码"
                  title="看不清？点击换一张"
                  onClick={reload}
                  style={{ cursor: 'pointer', height: 32 }}
                />
              )}
            </Space>
          </Form.Item>
          <Form.Item label="短信验证码" required>
            <Space>
              <Form.Item name="smsCode" noStyle rules={[{ required: true, pattern: /^\d{6}$/, message: '短信验证码为6位数字' }]}>
                <Input style={{ width: 140 }} maxLength={6} />
              </Form.Item>
              <Button disabled={wait > 0} onClick={() => void sendSms()}>
                {wait > 0 ? `${wait}秒后重发` : '获取验证码'}
              </Button>
            </Space>
          </Form.Item>
          <Form.Item name="password" label="密码" rules={newPasswordRules()}>
            <Input.Password autoComplete="new-password" />
          </Form.Item>
          <Form.Item name="confirmPassword" label="确认密码" dependencies={['password']} rules={confirmPasswordRules()}>
            <Input.Password autoComplete="new-password" />
          </Form.Item>
          <Space>
            <Button type="primary" loading={busy} onClick={() => void submit()}>
              注册
            </Button>
            <Button type="link" onClick={() => navigate('/login')}>
              已有账号，去登录
            </Button>
          </Space>
        </Form>
      </Card>
    </div>
  );
}
