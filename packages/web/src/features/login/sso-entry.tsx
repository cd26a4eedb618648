import { useCallback, useEffect, useState } from 'react';
import { Alert, Button } from 'antd';
import { SafetyCertificateOutlined } from '@ant-design/icons';
import { useNavigate, useSearchParams } from 'react-router';
import { safeReturnPath, ssoFailureMessage } from '@oa/shared/access/sso-landing';
import type { ClientConfig, LoginResult } from '@oa/shared/contract/auth';
import { ErrorCode } from '@oa/shared/contract/error-codes';
import type { SsoExchangeResult } from '@oa/shared/contract/sso';
import type { LoginChallenge } from '@oa/shared/contract/two-factor';
import { API_PREFIX } from '../../lib/api-prefix';
import { useSession } from '../../state/session.store';
import { loginApi } from './login.api';

/**
 * Single sign-on on the login page: the button that starts it (when the server offers one), and the landing — the
 * callback's one-time code (?sso=) exchanged for a session, then the page the person was going to; or the reason
 * it failed (?ssoError=), in words.
 */
export function SsoEntry({ offer }: { offer: NonNullable<ClientConfig['sso']> }) {
  const [params] = useSearchParams();
  const start = `${API_PREFIX}/api/base/sso/${offer.protocol}/start?redirect=${encodeURIComponent(safeReturnPath(params.get('redirect')))}`;
  return (
    <>
      <div className="login-or">或</div>
      <Button size="large" block href={start} icon={<SafetyCertificateOutlined />} data-testid="sso-button">
        {offer.label}
      </Button>
    </>
  );
}

/** A code is spent at its first exchange: a second effect run (development's StrictMode) shares the first answer. */
const exchanges = new Map<string, ReturnType<typeof loginApi.ssoExchange>>();
const exchangeOnce = (code: string) => {
  if (!exchanges.has(code)) exchanges.set(code, loginApi.ssoExchange(code));
  return exchanges.get(code)!;
};

export interface SsoLanding {
  busy: boolean;
  problem: string | null;
  /** the account has two factors: the same second step as the password login, then `signedIn` */
  challenge: { data: LoginChallenge; message: string } | null;
  signedIn: (result: LoginResult) => void;
  /** the second step given up or expired: the login page again (the code is spent) */
  back: (message?: string) => void;
}

/** The landing of an SSO callback: exchanges the code once; answers what to show meanwhile or instead. */
export function useSsoLanding(): SsoLanding {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const login = useSession((s) => s.login);
  const code = params.get('sso');
  const [busy, setBusy] = useState(!!code);
  const [problem, setProblem] = useState<string | null>(ssoFailureMessage(params.get('ssoError')));
  const [challenge, setChallenge] = useState<SsoLanding['challenge']>(null);

  useEffect(() => {
    if (!code) return;
    let live = true;
    void exchangeOnce(code)
      .then((env) => {
        if (!live) return;
        if (env.code === 0) {
          const result = env.data as SsoExchangeResult;
          login(result);
          navigate(safeReturnPath(result.redirect), { replace: true });
          return;
        }
        setBusy(false);
        if (env.code === ErrorCode.SECOND_FACTOR_REQUIRED) return setChallenge({ data: env.data as LoginChallenge, message: env.message });
        setProblem(env.message || ssoFailureMessage('state'));
      })
      .catch(() => live && setBusy(false));
    return () => {
      live = false;
    };
  }, [code, login, navigate]);
  const redirect = challenge?.data.redirect;
  const signedIn = useCallback(
    (result: LoginResult) => {
      login(result);
      navigate(safeReturnPath(redirect), { replace: true });
    },
    [login, navigate, redirect],
  );
  const back = useCallback(
    (message?: string) => {
      setChallenge(null);
      if (message) setProblem(message);
      navigate('/login', { replace: true });
    },
    [navigate],
  );
  return { busy, problem, challenge, signedIn, back };
}

export const SsoProblem = ({ message }: { message: string }) => (
  <Alert type="error" showIcon message={message} style={{ marginBottom: 16 }} data-testid="sso-problem" />
);
