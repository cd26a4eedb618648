import { Button, Result, Space } from 'antd';
import { useNavigate } from 'react-router';

/** /401 */
export default function UnauthorizedPage() {
  const navigate = useNavigate();
  return (
    <Result
      status="403"
      title="401"
      subTitle="抱歉，您没有访问该页面的权限。如需开通，请联系系统管理员。"
      style={{ paddingTop: '12vh' }}
      extra={
        <Space>
          <Button onClick={() => navigate(-1)}>返回上一页</Button>
          <Button type="primary" onClick={() => navigate('/', { replace: true })}>
            返回首页
          </Button>
        </Space>
      }
    />
  );
}
