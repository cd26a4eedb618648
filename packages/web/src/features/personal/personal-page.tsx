import { useState } from 'react';
import { Avatar, Button, Card, Col, Descriptions, Form, Input, Result, Row, Skeleton, Space } from 'antd';
import { CameraOutlined, IdcardOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { PersonalCenterUpdate } from '@oa/shared/contract/people';
import { phoneRule } from '@oa/shared/validate/rules';
import { useSession } from '../../state/session.store';
import { avatarSrc } from '../../lib/files-url';
import { errorMessage } from '../../lib/http-client';
import { feedback } from '../../lib/feedback';
import { AvatarCropDialog } from './avatar-crop-dialog';
import { MobileChangeDialog } from './mobile-change-dialog';
import { MyCardDialog } from './my-card-dialog';
import { SessionsCard } from './sessions-card';
import { NotifyPrefsCard } from './notify-prefs-card';
import { PushSwitchCard } from './push-switch-card';
import { TwoFactorCard } from './two-factor-card';
import { personalApi } from './personal.api';
import { showError } from '../../lib/notify-error';

/** /personal — 个人中心: avatar, signature and contact details, mobile change, my card, my devices, two factors, message settings. */
export default function PersonalPage() {
  const userCode = useSession((s) => s.user?.userCode ?? '');
  const qc = useQueryClient();
  const q = useQuery({ queryKey: ['personal-center', userCode], queryFn: () => personalApi.get(userCode), enabled: Boolean(userCode) });
  const [form] = Form.useForm<PersonalCenterUpdate>();
  const [dialog, setDialog] = useState<'avatar' | 'mobile' | 'card' | null>(null);
  const [saving, setSaving] = useState(false);
  const refresh = () => {
    setDialog(null);
    void qc.invalidateQueries({ queryKey: ['personal-center'] });
    void qc.invalidateQueries({ queryKey: ['business-card'] });
  };

  if (q.isPending)
    return (
      <div className="oa-page">
        <Skeleton avatar active />
      </div>
    );
  if (q.isError) return <Result status="warning" subTitle={errorMessage(q.error, '加载失败')} />;
  const d = q.data;
  const c = d.usersContactInfo;

  const save = async (v: PersonalCenterUpdate) => {
    setSaving(true);
    try {
      const env = await personalApi.update(v);
      if (env.code !== 0) feedback().message.warning(env.message || '保存失败');
      else {
        feedback().message.success('保存成功');
        refresh();
      }
    } catch (err) {
      showError(err, '保存失败');
    } finally {
      setSaving(false);
    }
  };

  return (
    <div className="oa-page" data-testid="personal-page">
      <Row gutter={16}>
        <Col xs={24} lg={14}>
          <Card
            title="个人资料"
            extra={
              <Button icon={<IdcardOutlined />} onClick={() => setDialog('card')} data-testid="my-card-button">
                我的名片
              </Button>
            }
          >
            <Space align="center" size={20} style={{ marginBottom: 16 }}>
              <Avatar size={88} src={avatarSrc(d.users.icon, d.users.sex)} alt="我的头像" data-testid="personal-avatar" />
              <Button icon={<CameraOutlined />} onClick={() => setDialog('avatar')} data-testid="change-avatar">
                更换头像
              </Button>
            </Space>
            <Descriptions column={2} size="small" style={{ marginBottom: 16 }}>
              <Descriptions.Item label="姓名">{d.users.userName}</Descriptions.Item>
              <Descriptions.Item label="账号">{d.account.userCode}</Descriptions.Item>
              <Descriptions.Item label="部门">{d.usersDepartment.deptName ?? '—'}</Descriptions.Item>
              <Descriptions.Item label="职务">{d.users.position ?? '—'}</Descriptions.Item>
              <Descriptions.Item label="手机号">
                {d.account.mobile ?? '—'}
                <Button type="link" size="small" onClick={() => setDialog('mobile')}>
                  更换
                </Button>
              </Descriptions.Item>
              <Descriptions.Item label="入职日期">{d.account.entryDate ?? '—'}</Descriptions.Item>
            </Descriptions>
            <Form
              form={form}
              layout="vertical"
              onFinish={(v) => void save(v)}
              initialValues={{ personalSign: c.personalSign ?? '', room: c.room ?? '', tel: c.tel ?? '', email: c.email ?? '' }}
            >
              <Form.Item name="personalSign" label="个性签名" rules={[{ max: 100, message: '个性签名不能超过100个字符' }]}>
                <Input.TextArea rows={2} showCount maxLength={100} data-testid="personal-sign" />
              </Form.Item>
              <Row gutter={12}>
                <Col span={12}>
                  <Form.Item name="room" label="办公室" rules={[{ max: 32 }]}>
                    <Input />
                  </Form.Item>
                </Col>
                <Col span={12}>
                  <Form.Item name="tel" label="座机" rules={[phoneRule()]}>
                    <Input placeholder="如 010-68511106" />
                  </Form.Item>
                </Col>
              </Row>
              <Form.Item name="email" label="电子邮箱" rules={[{ type: 'email', message: '请输入正确的电子邮箱' }]}>
                <Input />
              </Form.Item>
              <Button type="primary" htmlType="submit" loading={saving} data-testid="personal-save">
                保存
              </Button>
            </Form>
          </Card>
        </Col>
        <Col xs={24} lg={10}>
          <SessionsCard />
          <PushSwitchCard />
          <TwoFactorCard />
        </Col>
      </Row>
      <NotifyPrefsCard />
      <AvatarCropDialog open={dialog === 'avatar'} onClose={() => setDialog(null)} onDone={refresh} />
      <MobileChangeDialog open={dialog === 'mobile'} onClose={() => setDialog(null)} onDone={refresh} />
      <MyCardDialog open={dialog === 'card'} card={d} onClose={() => setDialog(null)} />
    </div>
  );
}
