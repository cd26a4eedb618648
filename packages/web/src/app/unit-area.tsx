import { useState } from 'react';
import { Alert, Modal } from 'antd';
import { useSession } from '../state/session.store';
import UnitLayout from '../features/unit-web/unit-layout';
import { ChangePasswordForm } from '../features/password/change-password-form';

/**
 * The member-unit contacts' area (platform 20) with its password change: a contact holding a one-time password
 * (given by the 成员单位 page, or reset there) changes it before anything else; any contact may change his own later.
 */
export default function UnitArea() {
  const user = useSession((s) => s.user);
  const forced = useSession((s) => s.needChangePass);
  const setNeedChangePass = useSession((s) => s.setNeedChangePass);
  const [open, setOpen] = useState(false);
  return (
    <>
      <UnitLayout onChangePassword={() => setOpen(true)} />
      <Modal
        open={!!user && (forced || open)}
        title="修改密码"
        footer={null}
        closable={!forced}
        maskClosable={false}
        keyboard={!forced}
        onCancel={() => setOpen(false)}
        destroyOnHidden
      >
        {forced ? (
          <Alert type="warning" showIcon style={{ marginBottom: 16 }} message="您正在使用一次性密码，请先设置新密码后再办理公文。" />
        ) : null}
        {user ? (
          <ChangePasswordForm
            userCode={user.userCode}
            onDone={() => {
              setNeedChangePass(false);
              setOpen(false);
            }}
          />
        ) : null}
      </Modal>
    </>
  );
}
