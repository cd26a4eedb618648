import { Button, Card } from 'antd';
import { useNavigate } from 'react-router';
import { OrgView } from './org-form';
import { FW } from './foundation-routes';

/** /foundationForWeb/infoview — my unit's information. */
export default function FwebInfoviewPage() {
  const navigate = useNavigate();
  return (
    <Card
      title="单位信息"
      extra={
        <Button type="primary" onClick={() => navigate(`${FW}/info`)}>
          修改
        </Button>
      }
    >
      <OrgView />
    </Card>
  );
}
