import { useCallback, useEffect, useState, type ChangeEvent, type FormEvent, type ReactNode } from 'react';
import { Alert, Button, Input } from 'antd';
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
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ErrorCode } from '@oa/shared/contract/error-codes';
import { hashPassword } from '@oa/shared/crypto/sm3';
import { safeReturnPath } from '@oa/shared/access/sso-landing';
import { useSession } from '../../state/session.store';
import { getClientConfig } from '../../lib/client-config';
import { feedback } from '../../lib/feedback';
import { LogoMark } from '../../lib/logo-mark';
import type { LoginResult } from '@oa/shared/contract/auth';
import type { LoginChallenge } from '@oa/shared/contract/two-factor';
import { loginApi, type CaptchaResult } from './login.api';
import { SsoEntry, SsoProblem, useSsoLanding } from './sso-entry';
import { SecondStepPanel } from './second-step-panel';
import './login-page.css';

interface LoginForm {
  username: string;
  password: string;
  captcha: string;
}
type Errors = Partial<Record<keyof LoginForm, string>>;

/** A field with its message below (a plain form: antd's Form and its tooltip code stay off the login page). */
function Field({ error, children }: { error?: string; children: ReactNode }) {
  return (
    <div className={error ? 'login-field login-field-has-error' : 'login-field'}>
      {children}
      {error && (
        <div className="login-field-error" role="alert">
          {error}
        </div>
      )}
    </div>
  );
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
  const [values, setValues] = useState<LoginForm>({ username: '', password: '', captcha: '' });
  const [errors, setErrors] = useState<Errors>({});
  const edit = (key: keyof LoginForm) => (e: ChangeEvent<HTMLInputElement>) => {
    const value = e.target.value;
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((er) => ({ ...er, [key]: undefined }));
  };
  const [submitting, setSubmitting] = useState(false);
  const [captcha, setCaptcha] = useState<CaptchaResult | null>(null);
  const [needCaptcha, setNeedCaptcha] = useState(cfg.loginCaptcha === 'always');
  const [locked, setLocked] = useState<string | null>(null);
  const sso = useSsoLanding();
  const [challenge, setChallenge] = useState<{ data: LoginChallenge; message: string } | null>(null);
  /** the second step due: the password login's, or a single sign-on's (the same panel either way) */
  const step = challenge ?? sso.challenge;
  const signedIn = (result: LoginResult) => {
    login(result);
    navigate(safeReturnPath(params.get('redirect')), { replace: true });
  };
  const backToPassword = useCallback((message?: string) => {
    setChallenge(null);
    setValues((v) => ({ ...v, password: '' }));
    if (message) feedback().message.error(message);
  }, []);

  const loadCaptcha = async (username?: string): Promise<CaptchaResult | null> => {
    try {
      const env = await loginApi.captcha(username);
      if (env.code !== 0) return null;
      setCaptcha(env.data);
      setValues((v) => ({ ...v, captcha: '' }));
      return env.data;
    } catch {
      return null;
    }
  };

  /** Asks the server, before submit, whether this name needs a captcha or is locked; shows the captcha field then. */
  const refreshState = async (username?: string): Promise<void> => {
    if (cfg.loginCaptcha === 'off' && !username) return;
    try {
      const env = await loginApi.state(username?.trim() || undefined);
      if (env.code !== 0) return;
      setLocked(env.data.lockedMinutes ? `账号已被临时锁定，请${env.data.lockedMinutes}分钟后再试；如需立即解锁，请联系管理员` : null);
      const need = cfg.loginCaptcha === 'always' || env.data.captchaRequired;
      setNeedCaptcha(need);
      if (need && !captcha) await loadCaptcha(username);
    } catch {
      /* the login itself will ask again */
    }
  };

  useEffect(() => {
    void refreshState();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const found: Errors = {};
    if (!values.username.trim()) found.username = '请输入账号';
    if (!values.password) found.password = '请输入密码';
    if (needCaptcha && !values.captcha.trim()) found.captcha = '请输入图形验证码';
    setErrors(found);
    if (!Object.keys(found).length) void onFinish(values);
  };

  const onFinish = async (input: LoginForm) => {
    setSubmitting(true);
    try {
      const env = await loginApi.login({
        username: input.username.trim(),
        password: hashPassword(input.password),
        // a directory checks its accounts' passwords by a bind, which needs the password as typed (over TLS)
        ...(cfg.directoryLogin ? { directoryPassword: input.password } : {}),
        ...(needCaptcha && captcha ? { captchaKey: captcha.captchaKey, captcha: input.captcha?.trim() } : {}),
      });
      if (env.code === 0) return signedIn(env.data as LoginResult);
      if (env.code === ErrorCode.SECOND_FACTOR_REQUIRED) return setChallenge({ data: env.data as LoginChallenge, message: env.message });
      if (env.code === ErrorCode.CAPTCHA_REQUIRED) {
        setNeedCaptcha(true);
        feedback().message.warning(env.message || '请输入图形验证码');
        await loadCaptcha(input.username);
        return;
      }
      if (env.code === ErrorCode.ACCOUNT_LOCKED) {
        setLocked(env.message);
        return;
      }
      feedback().message.error(env.message || '登录失败');
      await refreshState(input.username);
      if (needCaptcha) await loadCaptcha(input.username);
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
          <h2>{step ? (step.data.enrol ? '绑定验证器' : '双因素认证') : '账号登录'}</h2>
          <div className="login-card-sub">
            {challenge ? `账号：${values.username.trim()}` : sso.challenge ? '已通过统一身份认证' : '请使用本人账号登录协会办公平台'}
          </div>
          {challenge ? (
            <SecondStepPanel challenge={challenge.data} message={challenge.message} onDone={signedIn} onBack={backToPassword} />
          ) : sso.challenge ? (
            <SecondStepPanel challenge={sso.challenge.data} message={sso.challenge.message} onDone={sso.signedIn} onBack={sso.back} />
          ) : (
            <form onSubmit={onSubmit} autoComplete="off" noValidate>
              {sso.problem && <SsoProblem message={sso.problem} />}
              {locked && <Alert type="error" showIcon message={locked} style={{ marginBottom: 16 }} data-testid="login-locked" />}
              <Field error={errors.username}>
                <Input
                  size="large"
                  status={errors.username ? 'error' : undefined}
                  value={values.username}
                  prefix={<UserOutlined />}
                  placeholder="账号 / 手机号"
                  autoComplete="username"
                  aria-label="账号"
                  onBlur={(e) => void refreshState(e.target.value)}
                  onChange={(e) => {
                    edit('username')(e);
                    setLocked(null);
                  }}
                />
              </Field>
              <Field error={errors.password}>
                <Input.Password
                  size="large"
                  status={errors.password ? 'error' : undefined}
                  value={values.password}
                  onChange={edit('password')}
                  prefix={<LockOutlined />}
                  placeholder="密码"
                  autoComplete="current-password"
                  aria-label="密码"
                />
              </Field>
              {needCaptcha && (
                <Field error={errors.captcha}>
                  <div className="login-captcha">
                    <Input
                      size="large"
                      status={errors.captcha ? 'error' : undefined}
                      value={values.captcha}
                      onChange={edit('captcha')}
                      placeholder="图形验证码"
                      maxLength={8}
                      aria-label="图形验证码"
                    />
                    {captcha ? (
                      <img
                        src={captcha.image}
                        alt="图形验证码"
                        title="看不清？点击换一张"
                        onClick={() => void loadCaptcha(values.username)}
                      />
                    ) : (
                      <Button size="large" onClick={() => void loadCaptcha(values.username)}>
                        获取验证码
                      </Button>
                    )}
                  </div>
                </Field>
              )}
              <div className="login-field login-submit">
                <Button type="primary" size="large" htmlType="submit" block loading={submitting || sso.busy}>
                  {sso.busy ? '正在登录…' : '登 录'}
                </Button>
                {cfg.sso && <SsoEntry offer={cfg.sso} />}
              </div>
              <div className="login-links">
                <Link to="/forgotPassword">忘记密码？</Link>
              </div>
            </form>
          )}
        </section>
      </main>
      <footer className="login-footer">技术支持：信息中心{cfg.supportPhone ? `\u3000联系电话：${cfg.supportPhone}` : ''}</footer>
    </div>
  );
}
