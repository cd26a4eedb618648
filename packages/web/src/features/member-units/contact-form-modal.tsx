import { useEffect } from 'react';
import { Form, Input, Modal } from 'antd';
import type { ContactSaveBody, UnitContactRow } from '@oa/shared/contract/member-units';

/** Adds a contact (account, name, mobile, e-mail) or edits one (the account is fixed once made). */
export function ContactFormModal(props: {
  editing: Partial<UnitContactRow> | null;
  onSave: (v: Omit<ContactSaveBody, 'unitId'>) => Promise<void>;
  onClose: () => void;
}) {
  const [form] = Form.useForm();
  const { editing } = props;
  const existing = !!editing?.userCode;
  useEffect(() => {
    if (editing) form.setFieldsValue({ userCode: '', userName: '', mobile: '', email: '', ...editing });
  }, [editing, form]);
  const ok = async () => {
    const v = await form.validateFields();
    await props.onSave({ ...v, existing });
  };
  return (
    <Modal
      open={!!editing}
      title={existing ? '修改联系人' : '新增联系人'}
      onOk={ok}
      onCancel={props.onClose}
      okText="保存"
      cancelText="取消"
      destroyOnHidden
      forceRender
    >
      <Form form={form} layout="vertical" autoComplete="off">
        <Form.Item
          name="userCode"
          label="登录账号"
          extra={existing ? '登录账号创建后不能修改' : '字母开头，2 到 32 位；保存后将生成一次性密码'}
          rules={[
            { required: true, message: '请输入登录账号' },
            { pattern: /^[A-Za-z][A-Za-z0-9_.-]{1,31}$/, message: '登录账号以字母开头，2 到 32 位字母、数字、下划线、点或横线' },
          ]}
        >
          <Input disabled={existing} maxLength={32} />
        </Form.Item>
        <Form.Item name="userName" label="联系人姓名" rules={[{ required: true, whitespace: true, message: '请输入联系人姓名' }]}>
          <Input maxLength={32} />
        </Form.Item>
        <Form.Item
          name="mobile"
          label="手机号码"
          rules={[
            { required: true, message: '请输入手机号码' },
            { pattern: /^1[3-9]\d{9}$/, message: '请输入正确的手机号码' },
          ]}
        >
          <Input maxLength={11} inputMode="numeric" />
        </Form.Item>
        <Form.Item name="email" label="电子邮箱" rules={[{ type: 'email', message: '请输入正确的电子邮箱' }]}>
          <Input maxLength={128} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
