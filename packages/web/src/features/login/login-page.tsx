import { useEffect, useState } from 'react';
import { Button, Form, Input } from 'antd';
import {
  ApartmentOutlined,
  AuditOutlined,
  FileProtectOutlined,
  LockOutlined,
  SafetyOutlined,
  ScheduleOutlined,
  TeamOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { useNavigate, useSearchParams } from 'react-router';
import { ErrorCode } from '@oa/shared/contract/envelope';
import { hashPassword } from '@oa/shared/crypto/sm3';
import { useSession } from '../../app/state/session.store';
import { getClientConfig } from '../../lib/client-config';
import { feedback } from '../../lib/feedback';
import { LogoMark } from '../../lib/logo-mark';
import { loginApi, type CaptchaResult } from './login.api';
import './login-page.css';

interface LoginForm {
  username: string;
  password: string;
  captcha?: string;
}

/** A safe in-app path to return to after login. */
function backPath(raw: string | null): string {
  return raw && raw.startsWith('/') && !raw.startsWith('//') && !raw.startsWith('/login') ? raw : '/';
}

const FEATURES = [
  { icon: <AuditOutlined />, text: '流程审批' },
  { icon: <FileProtectOutlined />, text: '公文流转' },
  { icon: <ScheduleOutlined />, text: '会议管理' },
  { icon: <TeamOutlined />, text: '办公通讯录' },
  { icon: <ApartmentOutlined />, text: '部门协同' },
  { icon: <SafetyOutlined />, text: '安全可信' },
];

/** /login: 账号 + 密码 (+ 图形验证码 when the server asks for it). */
export default function LoginPage() {
  const cfg = getClientConfig();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const login = useSession((s) => s.login);
  const [form] = Form.useForm<LoginForm>();
  const [submitting, setSubmitting] = useState(false);
  const [captcha, setCaptcha] = useState<CaptchaResult | null>(null);
  const [needCaptcha, setNeedCaptcha] = useState(cfg.loginCaptcha === 'always');

  const loadCaptcha = async (username?: string): Promise<CaptchaResult | null> => {
    try {
      const env = await loginApi.captcha(username);
      if (env.code !== 0) return null;
      setCaptcha(env.data);
      form.setFieldValue('captcha', '');
      return env.data;
    } catch {
      return null;
    }
  };

  useEffect(() => {
    if (cfg.loginCaptcha === 'always') void loadCaptcha();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const onFinish = async (values: LoginForm) => {
    setSubmitting(true);
    try {
      const env = await loginApi.login({
        username: values.username.trim(),
        password: hashPassword(values.password),
        ...(needCaptcha && captcha ? { captchaKey: captcha.captchaKey, captcha: values.captcha?.trim() } : {}),
      });
      if (env.code === 0) {
        login(env.data);
        navigate(backPath(params.get('redirect')), { replace: true });
        return;
      }
      if (env.code === ErrorCode.CAPTCHA_REQUIRED) {
        setNeedCaptcha(true);
        feedback().message.warning(env.message || '请输入图形验证码');
        await loadCaptcha(values.username);
        return;
      }
      feedback().message.error(env.message || '登录失败');
      if (needCaptcha) await loadCaptcha(values.username);
      else if (cfg.loginCaptcha === 'after-failures') {
        const next = await loadCaptcha(values.username);
        if (next?.required) setNeedCaptcha(true);
      }
    } catch {
      /* HTTP errors were shown by the client */
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <div className="login-screen">
      <div className="login-grid" />
      <header className="login-header">
        <LogoMark className="login-mark" />
        <span className="login-header-title">{cfg.siteTitle}</span>
      </header>
      <main className="login-main">
        <section className="login-intro">
          <h1>{cfg.siteTitle}</h1>
          <div className="login-slogan">规范 · 高效 · 协同</div>
          <ul>
            {FEATURES.map((f) => (
              <li key={f.text}>
                {f.icon}
                {f.text}
              </li>
            ))}
          </ul>
        </section>
        <section className="login-card">
          <h2>账号登录</h2>
          <div className="login-card-sub">请使用本人账号登录协会办公平台</div>
          <Form form={form} size="large" onFinish={(v) => void onFinish(v)} autoComplete="off" requiredMark={false}>
            <Form.Item name="username" rules={[{ required: true, whitespace: true, message: '请输入账号' }]}>
              <Input prefix={<UserOutlined />} placeholder="账号 / 手机号" autoComplete="username" aria-label="账号" />
            </Form.Item>
            <Form.Item name="password" rules={[{ required: true, message: '请输入密码' }]}>
              <Input.Password prefix={<LockOutlined />} placeholder="密码" autoComplete="current-password" aria-label="密码" />
            </Form.Item>
            {needCaptcha && (
              <Form.Item>
                <div className="login-captcha">
                  <Form.Item name="captcha" noStyle rules={[{ required: true, whitespace: true, message: '请输入图形验证码' }]}>
                    <Input placeholder="图形验证码" maxLength={8} aria-label="图形验证码" />
                  </Form.Item>
                  {captcha ? (
                    <img src={captcha.image} alt="图形验证码" title="看不清？点击换一张" onClick={() => void loadCaptcha(form.getFieldValue('username'))} />
                  ) : (
                    <Button onClick={() => void loadCaptcha(form.getFieldValue('username'))}>获取验证码</Button>
                  )}
                </div>
              </Form.Item>
            )}
            <Form.Item style={{ marginBottom: 8 }}>
              <Button type="primary" htmlType="submit" block loading={submitting}>
                登 录
              </Button>
            </Form.Item>
          </Form>
        </section>
      </main>
      <footer className="login-footer">
        技术支持：信息中心{cfg.supportPhone ? `\u3000联系电话：${cfg.supportPhone}` : ''}
      </footer>
    </div>
  );
}
