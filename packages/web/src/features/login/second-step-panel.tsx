import { useEffect, useState, type FormEvent } from 'react';
import { Alert, Button, Input, Segmented } from 'antd';
import { MobileOutlined, SafetyOutlined } from '@ant-design/icons';
import type { LoginResult } from '@oa/shared/contract/auth';
import { ErrorCode } from '@oa/shared/contract/error-codes';
import type { EnrolStart, LoginChallenge, SecondFactorMethod } from '@oa/shared/contract/two-factor';
import { RecoveryCodesView, TotpEnrolView } from '../../components/two-factor-parts';
import { feedback } from '../../lib/feedback';
import { loginApi } from './login.api';
import { actionLink } from '../../lib/action-link';

const METHOD_LABEL: Record<SecondFactorMethod, string> = { totp: '动态口令', recovery: '恢复码', sms: '短信验证码' };
const PLACEHOLDER: Record<SecondFactorMethod, string> = {
  totp: '验证器上的 6 位动态口令',
  recovery: '恢复码，如 abcde-fghjk',
  sms: '6 位短信验证码',
};

interface Props {
  challenge: LoginChallenge;
  /** the server's words for why (e.g. which role requires two factors) */
  message?: string;
  onDone: (result: LoginResult) => void;
  /** back to the password (the challenge expired, or another account) */
  onBack: (message?: string) => void;
}

/** The login's second step: a code of the authenticator app, a recovery code or an SMS code; or, when a role requires
 * two factors and none is enrolled, the enrolment itself (no session before it). */
export function SecondStepPanel(props: Props) {
  return props.challenge.enrol ? <EnrolAtLogin {...props} /> : <CodeStep {...props} />;
}

const FieldError = ({ error }: { error: string | null }) =>
  error ? (
    <div className="login-field-error" role="alert">
      {error}
    </div>
  ) : null;

function CodeStep({ challenge, onDone, onBack }: Props) {
  const [method, setMethod] = useState<SecondFactorMethod>('totp');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [smsWait, setSmsWait] = useState(0);
  useEffect(() => {
    if (smsWait <= 0) return;
    const id = setTimeout(() => setSmsWait((s) => s - 1), 1000);
    return () => clearTimeout(id);
  }, [smsWait]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!code.trim()) return setError(`请输入${METHOD_LABEL[method]}`);
    setBusy(true);
    try {
      const env = await loginApi.secondStep({ challenge: challenge.challenge, method, code: code.trim() });
      if (env.code === 0) return onDone(env.data);
      if (env.code === ErrorCode.ACCOUNT_LOCKED || env.code === ErrorCode.UNAUTHORIZED) return onBack(env.message);
      setError(env.message);
      setCode('');
    } catch {
      /* shown by the client */
    } finally {
      setBusy(false);
    }
  };
  const sendSms = async () => {
    const env = await loginApi.secondStepSms(challenge.challenge);
    if (env.code === 0) {
      feedback().message.success(env.message);
      setSmsWait(60);
    } else feedback().message.warning(env.message);
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate data-testid="second-step">
      <Alert
        type="info"
        showIcon
        icon={<SafetyOutlined />}
        message="该账号已启用双因素认证，请完成第二步验证"
        style={{ marginBottom: 16 }}
      />
      {challenge.methods.length > 1 && (
        <Segmented
          block
          value={method}
          options={challenge.methods.map((m) => ({ value: m, label: METHOD_LABEL[m] }))}
          onChange={(v) => {
            setMethod(v as SecondFactorMethod);
            setCode('');
            setError(null);
          }}
          style={{ marginBottom: 16 }}
        />
      )}
      <div className={error ? 'login-field login-field-has-error' : 'login-field'}>
        <Input
          size="large"
          autoFocus
          value={code}
          status={error ? 'error' : undefined}
          onChange={(e) => {
            setCode(e.target.value);
            setError(null);
          }}
          placeholder={PLACEHOLDER[method]}
          inputMode={method === 'recovery' ? 'text' : 'numeric'}
          autoComplete="one-time-code"
          maxLength={20}
          aria-label={METHOD_LABEL[method]}
          addonAfter={
            method === 'sms' ? (
              <Button type="link" size="small" icon={<MobileOutlined />} disabled={smsWait > 0} onClick={() => void sendSms()}>
                {smsWait > 0 ? `${smsWait} 秒后重发` : `发送至 ${challenge.maskedMobile ?? ''}`}
              </Button>
            ) : undefined
          }
        />
        <FieldError error={error} />
      </div>
      <SubmitAndBack label="验 证" busy={busy} onBack={onBack} />
    </form>
  );
}

function EnrolAtLogin({ challenge, message, onDone, onBack }: Props) {
  const [start, setStart] = useState<EnrolStart | null>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<(LoginResult & { recoveryCodes: string[] }) | null>(null);
  useEffect(() => {
    void loginApi.enrolStart(challenge.challenge).then((env) => (env.code === 0 ? setStart(env.data) : onBack(env.message)));
  }, [challenge.challenge, onBack]);

  const confirm = async (e: FormEvent) => {
    e.preventDefault();
    if (!/^\d{6}$/.test(code.trim())) return setError('动态口令为 6 位数字');
    setBusy(true);
    try {
      const env = await loginApi.enrolConfirm(challenge.challenge, code.trim());
      if (env.code === 0) return setDone(env.data);
      if (env.code === ErrorCode.ACCOUNT_LOCKED || env.code === ErrorCode.UNAUTHORIZED) return onBack(env.message);
      setError(env.message);
    } catch {
      /* shown by the client */
    } finally {
      setBusy(false);
    }
  };

  if (done)
    return (
      <div data-testid="enrol-done">
        <RecoveryCodesView codes={done.recoveryCodes} />
        <Button type="primary" size="large" block style={{ marginTop: 16 }} onClick={() => onDone(done)}>
          我已保存，进入系统
        </Button>
      </div>
    );
  return (
    <form onSubmit={(e) => void confirm(e)} noValidate data-testid="enrol-at-login">
      <Alert
        type="warning"
        showIcon
        message={message || '按安全策略，您须先绑定验证器（双因素认证）才能登录'}
        style={{ marginBottom: 12 }}
      />
      {start && <TotpEnrolView start={start} />}
      <div className={error ? 'login-field login-field-has-error' : 'login-field'} style={{ marginTop: 12 }}>
        <Input
          size="large"
          value={code}
          status={error ? 'error' : undefined}
          onChange={(e) => {
            setCode(e.target.value);
            setError(null);
          }}
          placeholder="验证器上的 6 位动态口令"
          inputMode="numeric"
          maxLength={6}
          aria-label="动态口令"
        />
        <FieldError error={error} />
      </div>
      <SubmitAndBack label="绑定并登录" busy={busy} onBack={onBack} />
    </form>
  );
}

/** A second step's submit button and the way back to the password form. */
function SubmitAndBack({ label, busy, onBack }: { label: string; busy: boolean; onBack: () => void }) {
  return (
    <>
      <div className="login-field login-submit">
        <Button type="primary" size="large" htmlType="submit" block loading={busy}>
          {label}
        </Button>
      </div>
      <div className="login-links">
        <a {...actionLink(() => onBack())}>返回重新登录</a>
      </div>
    </>
  );
}
