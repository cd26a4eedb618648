import { useEffect } from 'react';
import { Form, Input, InputNumber, Modal, Select, TreeSelect } from 'antd';
import type { AdminDept, AdminUser, DeptBody } from '@oa/shared/contract/admin';
import { deptTreeData } from './dept-tree-data';

interface Props {
  open: boolean;
  /** the department edited; null for a new one */
  dept: AdminDept | null;
  parentCode: string | null;
  depts: AdminDept[];
  users: AdminUser[];
  onCancel: () => void;
  onSubmit: (body: DeptBody, isNew: boolean) => Promise<void>;
}

/** New / edit department: code, name, parent, order and leader. */
export function DeptFormModal({ open, dept, parentCode, depts, users, onCancel, onSubmit }: Props) {
  const [form] = Form.useForm<DeptBody>();
  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(dept ? { ...dept } : { parentCode, sortNo: 0 });
  }, [open, dept, parentCode, form]);
  return (
    <Modal
      title={dept ? '编辑部门' : '新增部门'}
      open={open}
      onCancel={onCancel}
      maskClosable={false}
      destroyOnHidden
      onOk={() =>
        void form.validateFields().then(
          (v) => onSubmit(v, !dept),
          () => undefined,
        )
      }
    >
      <Form form={form} labelCol={{ span: 5 }} preserve={false}>
        <Form.Item
          name="deptCode"
          label="部门编码"
          rules={[
            { required: true, message: '请输入部门编码' },
            { pattern: /^[A-Za-z0-9_-]+$/, message: '只能包含字母、数字、下划线和横线' },
          ]}
        >
          <Input maxLength={32} disabled={!!dept} />
        </Form.Item>
        <Form.Item name="deptName" label="部门名称" rules={[{ required: true, whitespace: true, message: '请输入部门名称' }]}>
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item name="parentCode" label="上级部门">
          <TreeSelect treeData={deptTreeData(depts)} allowClear treeDefaultExpandAll placeholder="无（顶级部门）" />
        </Form.Item>
        <Form.Item name="sortNo" label="排序">
          <InputNumber min={0} max={99999} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="leaderUserCode" label="部门负责人">
          <Select
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            placeholder="选择负责人"
            options={users.map((u) => ({ value: u.userCode, label: `${u.userName}（${u.userCode}）` }))}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
