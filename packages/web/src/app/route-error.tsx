import { Button, Result } from 'antd';
import { isRouteErrorResponse, useRouteError } from 'react-router';

/** Error boundary of the router: a page that failed to load or crashed. */
export function RouteError() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : error instanceof Error ? error.message : '未知错误';
  return (
    <Result
      status="error"
      title="页面加载失败"
      subTitle={`请刷新页面重试。如果问题持续出现，请联系信息中心。（${detail}）`}
      extra={
        <Button type="primary" onClick={() => window.location.reload()}>
          刷新页面
        </Button>
      }
    />
  );
}
