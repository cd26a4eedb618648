import { useState } from 'react';
import { Modal, Tabs } from 'antd';
import type { SessionUser } from '@oa/shared/contract/auth';
import { ChangePasswordForm } from './change-password-form';
import { ResetPasswordForm } from './reset-password-form';

interface PasswordDialogProps {
  open: boolean;
  user: SessionUser;
  onClose: () => void;
}

/** The top bar's password dialog: 修改密码 and 忘记密码 tabs. */
export function PasswordDialog({ open, user, onClose }: PasswordDialogProps) {
  const [tab, setTab] = useState('change');
  return (
    <Modal open={open} title="账号安全" footer={null} width={520} onCancel={onClose} destroyOnHidden maskClosable={false}>
      <Tabs
        activeKey={tab}
        onChange={setTab}
        items={[
          { key: 'change', label: '修改密码', children: <ChangePasswordForm userCode={user.userCode} onDone={onClose} /> },
          {
            key: 'reset',
            label: '忘记密码',
            children: <ResetPasswordForm userCode={user.userCode} mobile={user.mobile} onDone={onClose} />,
          },
        ]}
      />
    </Modal>
  );
}
