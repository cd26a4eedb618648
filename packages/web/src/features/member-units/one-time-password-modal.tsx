import { Alert, Modal, Typography } from 'antd';

/** The one-time password of a new contact or a reset: shown once, never again; the contact changes it at first login. */
export function OneTimePasswordModal({ shown, onClose }: { shown: { userCode: string; password: string } | null; onClose: () => void }) {
  return (
    <Modal
      open={!!shown}
      title="一次性密码"
      onOk={onClose}
      onCancel={onClose}
      okText="我已记下"
      cancelButtonProps={{ style: { display: 'none' } }}
      maskClosable={false}
      destroyOnHidden
    >
      <Alert
        type="warning"
        showIcon
        message="该密码只显示这一次，关闭后无法再次查看。请通过安全渠道告知联系人，联系人首次登录时须修改密码。"
      />
      <p style={{ marginTop: 16 }}>
        登录账号：<Typography.Text strong>{shown?.userCode}</Typography.Text>
      </p>
      <p>
        一次性密码：
        <Typography.Text code copyable={{ text: shown?.password, tooltips: ['复制密码', '已复制'] }} data-testid="one-time-password">
          {shown?.password}
        </Typography.Text>
      </p>
      <p>登录地址：成员单位公文交换平台（与协会办公系统同一登录页）</p>
    </Modal>
  );
}
