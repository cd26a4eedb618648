import { useEffect, useState } from 'react';
import { Alert, Button } from 'antd';
import { SafetyCertificateOutlined } from '@ant-design/icons';
import { useNavigate, useSearchParams } from 'react-router';
import { safeReturnPath, ssoFailureMessage } from '@oa/shared/access/sso-landing';
import type { ClientConfig } from '@oa/shared/contract/auth';
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

/** The landing of an SSO callback: exchanges the code once; answers what to show meanwhile or instead. */
export function useSsoLanding(): { busy: boolean; problem: string | null } {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const login = useSession((s) => s.login);
  const code = params.get('sso');
  const [busy, setBusy] = useState(!!code);
  const [problem, setProblem] = useState<string | null>(ssoFailureMessage(params.get('ssoError')));

  useEffect(() => {
    if (!code) return;
    let live = true;
    void exchangeOnce(code)
      .then((env) => {
        if (!live) return;
        if (env.code === 0) {
          login(env.data);
          navigate(safeReturnPath(env.data.redirect), { replace: true });
          return;
        }
        setProblem(env.message || ssoFailureMessage('state'));
        setBusy(false);
      })
      .catch(() => live && setBusy(false));
    return () => {
      live = false;
    };
  }, [code, login, navigate]);
  return { busy, problem };
}

export const SsoProblem = ({ message }: { message: string }) => (
  <Alert type="error" showIcon message={message} style={{ marginBottom: 16 }} data-testid="sso-problem" />
);
