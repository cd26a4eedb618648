import { useEffect, useState } from 'react';
import { Button, Checkbox, Drawer, Form, Input, InputNumber, Radio, Space, TreeSelect } from 'antd';
import { PLATFORM_OPTIONS, SEX_VALUES, type AdminDept, type AdminUser, type UserCreateBody } from '@oa/shared/contract/admin';
import { confirmPasswordRules, mobileRule, passwordRules, phoneRule } from '@oa/shared/validate/rules';
import { hashPassword } from '@oa/shared/crypto/sm3';
import { deptTreeData } from './dept-tree-data';

type Values = Omit<UserCreateBody, 'password'> & { password?: string; confirm?: string };

interface Props {
  open: boolean;
  user: AdminUser | null;
  deptCode: string | null;
  depts: AdminDept[];
  onClose: () => void;
  /** body carries the hashed password when creating */
  onSubmit: (body: UserCreateBody | Omit<UserCreateBody, 'password'>, isNew: boolean) => Promise<void>;
}

/** New / edit user: department, position, contact info, sex and platform access. */
export function UserFormDrawer({ open, user, deptCode, depts, onClose, onSubmit }: Props) {
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(
      user
        ? ({
            ...user,
            sex: user.sex === '男' || user.sex === '女' ? user.sex : null,
            deptCode: user.deptCode ?? undefined,
          } as Partial<Values>)
        : { deptCode: deptCode ?? undefined, platforms: ['1'], sortNo: 0, sex: '男' },
    );
  }, [open, user, deptCode, form]);

  const submit = async () => {
    let v: Values;
    try {
      v = await form.validateFields();
    } catch {
      return;
    }
    const { password, confirm: _confirm, ...rest } = v;
    setSaving(true);
    try {
      await onSubmit(user ? rest : { ...rest, password: hashPassword(password ?? '') }, !user);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Drawer
      title={user ? `编辑用户：${user.userName}` : '新增用户'}
      open={open}
      onClose={onClose}
      size={520}
      destroyOnHidden
      extra={
        <Space>
          <Button onClick={onClose}>取消</Button>
          <Button type="primary" loading={saving} onClick={() => void submit()}>
            保存
          </Button>
        </Space>
      }
    >
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item
          name="userCode"
          label="登录账号"
          rules={[
            { required: true, message: '请输入登录账号' },
            { pattern: /^[A-Za-z0-9_.-]+$/, message: '只能包含字母、数字、下划线、点和横线' },
          ]}
        >
          <Input maxLength={64} disabled={!!user} autoComplete="off" />
        </Form.Item>
        <Form.Item name="userName" label="姓名" rules={[{ required: true, whitespace: true, message: '请输入姓名' }]}>
          <Input maxLength={64} />
        </Form.Item>
        <Form.Item name="sex" label="性别">
          <Radio.Group options={SEX_VALUES.map((s) => ({ value: s, label: s }))} />
        </Form.Item>
        <Form.Item name="deptCode" label="所属部门" rules={[{ required: true, message: '请选择所属部门' }]}>
          <TreeSelect treeData={deptTreeData(depts)} treeDefaultExpandAll placeholder="请选择部门" />
        </Form.Item>
        <Form.Item name="position" label="职务">
          <Input maxLength={64} />
        </Form.Item>
        <Form.Item name="mobile" label="手机号码" rules={[mobileRule()]}>
          <Input maxLength={11} />
        </Form.Item>
        <Form.Item name="tel" label="办公电话" rules={[phoneRule()]}>
          <Input maxLength={20} />
        </Form.Item>
        <Form.Item name="email" label="电子邮箱" rules={[{ type: 'email', message: '请输入正确的电子邮箱' }]}>
          <Input maxLength={128} />
        </Form.Item>
        <Form.Item name="room" label="办公室">
          <Input maxLength={64} />
        </Form.Item>
        <Form.Item name="platforms" label="平台权限">
          <Checkbox.Group options={PLATFORM_OPTIONS.map((p) => ({ value: p.value, label: p.label }))} />
        </Form.Item>
        <Form.Item name="sortNo" label="排序">
          <InputNumber min={0} max={99999} style={{ width: '100%' }} />
        </Form.Item>
        {!user && (
          <>
            <Form.Item name="password" label="初始密码" rules={passwordRules()} extra="用户首次登录时须修改密码">
              <Input.Password autoComplete="new-password" maxLength={16} />
            </Form.Item>
            <Form.Item name="confirm" label="确认密码" dependencies={['password']} rules={confirmPasswordRules('password')}>
              <Input.Password autoComplete="new-password" maxLength={16} />
            </Form.Item>
          </>
        )}
      </Form>
    </Drawer>
  );
}
