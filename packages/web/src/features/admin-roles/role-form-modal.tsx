import { useEffect } from 'react';
import { Form, Input, InputNumber, Modal } from 'antd';
import type { AdminRole, RoleBody } from '@oa/shared/contract/admin-roles';

interface Props {
  open: boolean;
  role: AdminRole | null;
  title: string;
  onCancel: () => void;
  onSubmit: (b: RoleBody, isNew: boolean) => void;
}

/** New / edit role. */
export function RoleFormModal({ open, role, title, onCancel, onSubmit }: Props) {
  const [form] = Form.useForm<RoleBody>();
  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(
      role ? { roleCode: role.roleCode, roleName: role.roleName, remark: role.remark, sortNo: role.sortNo } : { sortNo: 0 },
    );
  }, [open, role, form]);
  return (
    <Modal
      title={role ? `编辑${title}` : `新增${title}`}
      open={open}
      onCancel={onCancel}
      maskClosable={false}
      destroyOnHidden
      onOk={() =>
        void form.validateFields().then(
          (v) => onSubmit(v, !role),
          () => undefined,
        )
      }
    >
      <Form form={form} labelCol={{ span: 5 }} preserve={false}>
        <Form.Item
          name="roleCode"
          label="角色编码"
          rules={[
            { required: true, message: '请输入角色编码' },
            { pattern: /^[A-Za-z0-9_:.-]+$/, message: '只能包含字母、数字、下划线、冒号、点和横线' },
          ]}
        >
          <Input maxLength={64} disabled={!!role} />
        </Form.Item>
        <Form.Item name="roleName" label="角色名称" rules={[{ required: true, whitespace: true, message: '请输入角色名称' }]}>
          <Input maxLength={64} />
        </Form.Item>
        <Form.Item name="remark" label="备注">
          <Input.TextArea maxLength={255} rows={3} />
        </Form.Item>
        <Form.Item name="sortNo" label="排序">
          <InputNumber min={0} max={99999} style={{ width: '100%' }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
