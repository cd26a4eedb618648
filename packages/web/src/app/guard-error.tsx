import { useState } from 'react';
import { Button, Result, Space } from 'antd';
import { useLocation, useNavigate, useRevalidator, useRouteError } from 'react-router';
import { GuardProblem } from './guard-problems';
import { RouteError } from './route-error';
import { logout } from '../state/session-actions';

/**
 * Error element of the guard route: a guard problem (network, redirect loop, no page for the account's
 * platform) shows what is wrong and keeps the address and the session; anything else is a load failure.
 */
export function GuardError() {
  const error = useRouteError();
  const navigate = useNavigate();
  const location = useLocation();
  const revalidator = useRevalidator();
  const [leaving, setLeaving] = useState(false);
  if (!(error instanceof GuardProblem)) return <RouteError />;

  const retry = () => {
    if (error.kind === 'network') void revalidator.revalidate();
    else void navigate(location.pathname + location.search, { replace: true });
  };
  const signOut = async () => {
    setLeaving(true);
    await logout();
    void navigate('/login', { replace: true });
  };
  return (
    <div data-testid="guard-problem">
      <Result
        status={error.kind === 'network' ? 'warning' : 'info'}
        title={error.title}
        subTitle={error.message}
        style={{ paddingTop: '12vh' }}
        extra={
          <Space>
            <Button type="primary" loading={revalidator.state === 'loading'} onClick={retry}>
              重试
            </Button>
            {error.kind !== 'network' && (
              <Button loading={leaving} onClick={() => void signOut()}>
                退出登录
              </Button>
            )}
          </Space>
        }
      />
    </div>
  );
}
