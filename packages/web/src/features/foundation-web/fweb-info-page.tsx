import { Card } from 'antd';
import { useNavigate } from 'react-router';
import { OrgForm } from './org-form';
import { FW } from './foundation-routes';

/** /foundationForWeb/info — edit my unit's information. */
export default function FwebInfoPage() {
  const navigate = useNavigate();
  return (
    <Card title="单位信息维护">
      <OrgForm onSaved={() => navigate(`${FW}/infoview`)} />
    </Card>
  );
}
