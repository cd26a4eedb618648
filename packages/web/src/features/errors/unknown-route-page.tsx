import { Result } from 'antd';
import { useLocation } from 'react-router';

/**
 * A menu function whose router path has no page in `app/route-registry.ts` (every route of the spec has
 * one; this is reached only by a function an administrator entered with an unknown path): says so plainly.
 */
export default function UnknownRoutePage() {
  const { pathname } = useLocation();
  return (
    <div className="oa-page" data-testid="unknown-route-page">
      <Result
        status="warning"
        title="没有对应的页面"
        subTitle={`菜单地址 ${pathname} 没有对应的页面，请管理员在“菜单管理”中核对该功能的路由地址。`}
      />
    </div>
  );
}
