import { useNavigate } from 'react-router';
import { bulletinRegister } from '@oa/shared/modules/hr-board.module';
import type { RegisterRow } from '@oa/shared/contract/registers';
import { RegisterList } from '../../engine/register/register-list';

/** /bulletinBoard: work arrangements — everyone reads the published ones; the office writes them on /bulletinBoardEdit. */
export default function BulletinBoardPage() {
  const navigate = useNavigate();
  const tone = (r: RegisterRow) => (r.data.pinned === '是' && r.data.publishState === '已发布' ? 'oa-row-warning' : '');
  return (
    <RegisterList
      m={bulletinRegister}
      rowClassName={tone}
      onEdit={(id) => navigate(id ? `/bulletinBoardEdit?id=${id}` : '/bulletinBoardEdit')}
    />
  );
}
