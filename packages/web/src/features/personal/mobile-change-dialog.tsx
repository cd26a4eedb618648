import { useEffect, useState } from 'react';
import { Button, Form, Input, Modal, Space } from 'antd';
import { SMS_COUNTDOWN_S } from '@oa/shared/constants';
import { mobileRule } from '@oa/shared/validate/rules';
import { errorMessage } from '../../lib/http-client';
import { feedback } from '../../lib/feedback';
import { personalApi } from './personal.api';
import { showError } from '../../lib/notify-error';

/** 更换手机号: the SMS code goes to the new number; the change is saved only with it. */
export function MobileChangeDialog({ open, onClose, onDone }: { open: boolean; onClose: () => void; onDone: () => void }) {
  const [form] = Form.useForm<{ mobile: string; captcha: string }>();
  const [left, setLeft] = useState(0);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (left <= 0) return;
    const t = window.setTimeout(() => setLeft(left - 1), 1000);
    return () => window.clearTimeout(t);
  }, [left]);

  const send = async () => {
    const mobile = (await form.validateFields(['mobile'])).mobile;
    const env = await personalApi.sendSms(mobile).catch((err: unknown) => ({ code: 1, message: errorMessage(err, '验证码发送失败') }));
    if (env.code !== 0) {
      feedback().message.warning(env.message || '验证码发送失败');
      return;
    }
    setLeft(SMS_COUNTDOWN_S);
    feedback().message.success(`验证码已发送至${mobile}`);
  };

  const save = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    setBusy(true);
    try {
      const env = await personalApi.update({ mobile: v.mobile, captcha: v.captcha });
      if (env.code !== 0) {
        feedback().message.warning(env.message || '更换失败');
        return;
      }
      feedback().message.success('手机号已更换');
      form.resetFields();
      onDone();
    } catch (err) {
      showError(err, '更换失败');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal open={open} title="更换手机号" onCancel={onClose} onOk={() => void save()} confirmLoading={busy} destroyOnHidden width={420}>
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item name="mobile" label="新手机号" rules={[{ required: true, message: '请输入新手机号' }, mobileRule()]}>
          <Input maxLength={11} placeholder="请输入新手机号" />
        </Form.Item>
        <Form.Item label="短信验证码" required>
          <Space.Compact style={{ width: '100%' }}>
            <Form.Item
              name="captcha"
              noStyle
              rules={[
                { required: true, message: '请输入验证码' },
                { pattern: /^\d{6}$/, message: '请输入6位验证码' },
              ]}
            >
              <Input maxLength={6} placeholder="发送到新号码的验证码" />
            </Form.Item>
            <Button disabled={left > 0} onClick={() => void send()} style={{ width: 128, flex: 'none' }}>
              {left > 0 ? `${left}秒后重新发送` : '获取验证码'}
            </Button>
          </Space.Compact>
        </Form.Item>
      </Form>
    </Modal>
  );
}
