import { Card } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { Link, useNavigate } from 'react-router';
import { getClientConfig } from '../../lib/client-config';
import { ResetPasswordForm } from './reset-password-form';

/**
 * /forgotPassword (no login needed): the same SMS reset as the top bar's 忘记密码 tab, for someone who
 * cannot log in — an image captcha before the SMS code is sent, then the new password.
 */
export default function ForgotPasswordPage() {
  const cfg = getClientConfig();
  const navigate = useNavigate();
  return (
    <div
      style={{
        minHeight: '100vh',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        background: 'linear-gradient(135deg, #0b3d91 0%, #1677ff 100%)',
        padding: 16,
      }}
    >
      <Card
        title={`忘记密码 · ${cfg.siteTitle}`}
        style={{ width: 520, maxWidth: '100%' }}
        extra={
          <Link to="/login">
            <ArrowLeftOutlined /> 返回登录
          </Link>
        }
      >
        <p style={{ color: 'rgba(0,0,0,0.55)', marginTop: 0 }}>
          请输入账号绑定的手机号，通过图形验证码后获取短信验证码，再设置新密码。手机号已变更或收不到短信，请联系管理员
          {cfg.supportPhone ? `（${cfg.supportPhone}）` : ''}。
        </p>
        <ResetPasswordForm mobile={null} anonymous onDone={() => navigate('/login', { replace: true })} />
      </Card>
    </div>
  );
}
