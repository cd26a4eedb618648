import { Form, Input } from 'antd';
import { APPLICANT_ACCOUNT, APPLICANT_ACCOUNT_MESSAGE } from '@oa/shared/contract/subjects';
import { mobileRule } from '@oa/shared/validate/rules';

/**
 * The account fields of a research-fund applicant, alike where staff open an account (/foundation) and where
 * applicants register themselves (/foundationForWeb): the rules are the server's (`applicantBody`).
 */
export function ApplicantAccountFields() {
  return (
    <>
      <Form.Item name="userCode" label="账号" rules={[{ required: true, pattern: APPLICANT_ACCOUNT, message: APPLICANT_ACCOUNT_MESSAGE }]}>
        <Input />
      </Form.Item>
      <Form.Item name="userName" label="姓名" rules={[{ required: true, whitespace: true, message: '请填写姓名' }]}>
        <Input maxLength={30} />
      </Form.Item>
      <Form.Item name="orgName" label="单位名称" rules={[{ required: true, whitespace: true, message: '请填写单位名称' }]}>
        <Input maxLength={100} />
      </Form.Item>
      <Form.Item name="mobile" label="手机号" rules={[{ required: true, message: '请填写手机号' }, mobileRule()]}>
        <Input maxLength={11} />
      </Form.Item>
    </>
  );
}
