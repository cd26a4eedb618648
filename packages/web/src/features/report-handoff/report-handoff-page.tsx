import { useEffect, useState } from 'react';
import { Button, Card, Result, Spin } from 'antd';
import { useLocation, useNavigate } from 'react-router';
import { http } from '../../lib/http-client';

interface ReportToken {
  token: string;
  irptUrl: string | null;
  abiUrl: string | null;
  expiresIn: number;
}

/** Builds the report tool's address with the short-lived token (the tool validates it against the OA). */
export function reportUrl(base: string, token: string): string {
  const u = new URL(base, window.location.origin);
  u.searchParams.set('token', token);
  return u.toString();
}

/**
 * /toIrpt and /toAbi: hand-off to the external report tools. Asks the server for a five-minute token
 * (esen/getToken) and goes to the configured tool with it; says clearly when none is configured.
 */
export default function ReportHandoffPage() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const kind = pathname.toLowerCase().endsWith('/toabi') ? 'abi' : 'irpt';
  const name = kind === 'abi' ? '数据分析' : '报表中心';
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    let cancelled = false;
    void (async () => {
      try {
        const env = await http.post<ReportToken | null>('/api/auth/industry/common/esen/getToken', {}, { quiet: true });
        if (cancelled) return;
        const base = kind === 'abi' ? env.data?.abiUrl : env.data?.irptUrl;
        if (env.code !== 0 || !env.data) setProblem(env.message);
        else if (!base) setProblem(`未配置${name}地址，请联系管理员`);
        else window.location.replace(reportUrl(base, env.data.token));
      } catch (e) {
        if (!cancelled) setProblem(e instanceof Error ? e.message : '获取报表令牌失败');
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [kind, name]);

  return (
    <div style={{ maxWidth: 640, margin: '80px auto', padding: '0 16px' }} data-testid="report-handoff">
      <Card>
        {problem ? (
          <Result
            status="warning"
            title={`无法打开${name}`}
            subTitle={problem}
            extra={
              <Button type="primary" onClick={() => navigate('/')}>
                返回首页
              </Button>
            }
          />
        ) : (
          <Result icon={<Spin size="large" />} title={`正在跳转到${name}…`} />
        )}
      </Card>
    </div>
  );
}
