import { Form, Input } from 'antd';
import { confirmPasswordRules, newPasswordRules } from '@oa/shared/validate/rules';

/** 新密码 + 确认密码 with the spec §5 rules: shared by the change-password and reset-password tabs. */
export function NewPasswordFields() {
  return (
    <>
      <Form.Item label="新密码" name="password" rules={newPasswordRules()} validateTrigger={['onChange', 'onBlur']}>
        <Input.Password placeholder="8-16位，含大小写字母、数字和特殊字符" autoComplete="new-password" />
      </Form.Item>
      <Form.Item label="确认密码" name="confirmPassword" dependencies={['password']} rules={confirmPasswordRules('password')}>
        <Input.Password placeholder="请再次输入新密码" autoComplete="new-password" />
      </Form.Item>
    </>
  );
}
