import { Button, Card } from 'antd';
import { useNavigate, useSearchParams } from 'react-router';
import { bulletinRegister } from '@oa/shared/modules/hr-board.module';
import { feedback } from '../../lib/feedback';
import { RegisterEditor } from '../../engine/register/register-editor';
import { registerApi } from '../../engine/register/register.api';
import { showError } from '../../lib/notify-error';

/** /bulletinBoardEdit: write or change a work arrangement; save as a draft or save and publish. */
export default function BulletinEditPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const id = params.get('id');
  const back = (): void => void navigate('/bulletinBoard');
  return (
    <div className="oa-page" style={{ padding: 12 }}>
      <Card variant="borderless" title={id ? '编辑工作安排' : '发布工作安排'}>
        <RegisterEditor
          key={id ?? 'new'}
          m={bulletinRegister}
          id={id}
          onDone={back}
          onCancel={back}
          extraButtons={(save) => (
            <Button
              type="primary"
              ghost
              onClick={async () => {
                const saved = await save();
                if (!saved) return;
                try {
                  if (saved.data.publishState !== '已发布') await registerApi.action(bulletinRegister.code, saved.id, 'publish', {});
                  feedback().message.success('已发布');
                  back();
                } catch (err) {
                  showError(err, '发布失败');
                }
              }}
            >
              保存并发布
            </Button>
          )}
        />
      </Card>
    </div>
  );
}
