import { useState } from 'react';
import { Alert, Button, Card, Space, Switch, Table, Typography } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { RolePolicy } from '@oa/shared/contract/two-factor';
import { UserPicker } from '../../components/user-picker';
import { confirmDialog, isCancelled } from '../../lib/confirm-dialog';
import { feedback } from '../../lib/feedback';
import { showError } from '../../lib/notify-error';
import { twoFactorPolicyApi } from './two-factor-policy.api';

/** /mfaPolicy — 登录安全策略: which roles must sign in with two factors, and an administrator's reset of a person's. */
export default function TwoFactorPolicyPage() {
  const qc = useQueryClient();
  const q = useQuery({ queryKey: ['two-factor-policy'], queryFn: twoFactorPolicyApi.list });
  const [saving, setSaving] = useState<string | null>(null);
  const [person, setPerson] = useState<string[]>([]);

  const toggle = async (r: RolePolicy, required: boolean) => {
    setSaving(r.roleCode);
    try {
      await twoFactorPolicyApi.save(r.roleCode, required);
      feedback().message.success(required ? `「${r.roleName}」须启用双因素认证` : `「${r.roleName}」不再强制双因素认证`);
      await qc.invalidateQueries({ queryKey: ['two-factor-policy'] });
    } catch (err) {
      showError(err, '保存失败');
    } finally {
      setSaving(null);
    }
  };

  const reset = async () => {
    const userCode = person[0];
    if (!userCode) return feedback().message.warning('请选择人员');
    try {
      await confirmDialog('重置后，该人员的验证器与恢复码失效，其全部登录会话结束；下次登录须重新绑定（角色要求时）。确定重置？');
      const env = await twoFactorPolicyApi.reset(userCode);
      if (env.code !== 0) return feedback().message.warning(env.message);
      feedback().message.success(env.message);
      setPerson([]);
      await qc.invalidateQueries({ queryKey: ['two-factor-policy'] });
    } catch (err) {
      if (!isCancelled(err)) showError(err, '重置失败');
    }
  };

  return (
    <div className="oa-page" data-testid="two-factor-policy-page">
      <Card title="双因素认证（按角色）">
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          message="开启后，该角色的人员登录时除密码外还须输入验证器上的动态口令；尚未绑定的，登录时须先绑定验证器，否则不能进入系统。其他人员可在「个人中心」自愿启用。"
        />
        <Table<RolePolicy>
          rowKey="roleCode"
          size="middle"
          loading={q.isPending}
          dataSource={q.data ?? []}
          pagination={false}
          columns={[
            { title: '角色', dataIndex: 'roleName' },
            {
              title: '必须启用双因素认证',
              dataIndex: 'required',
              width: 180,
              render: (v: boolean, r) => (
                <Switch
                  checked={v}
                  loading={saving === r.roleCode}
                  onChange={(on) => void toggle(r, on)}
                  aria-label={`${r.roleName}必须启用双因素认证`}
                />
              ),
            },
            { title: '在职人数', dataIndex: 'holders', width: 110 },
            {
              title: '已启用人数',
              dataIndex: 'enrolled',
              width: 130,
              render: (v: number, r) =>
                r.required && v < r.holders ? <Typography.Text type="warning">{`${v}（${r.holders - v} 人未绑定）`}</Typography.Text> : v,
            },
          ]}
        />
      </Card>
      <Card title="重置个人的双因素认证" style={{ marginTop: 16 }}>
        <Typography.Paragraph type="secondary">人员手机丢失或更换、恢复码也已用完时，在此重置。操作记入审计日志。</Typography.Paragraph>
        <Space wrap>
          <div style={{ width: 320 }}>
            <UserPicker
              value={person}
              onChange={(v) => setPerson(v.slice(-1))}
              search={twoFactorPolicyApi.userOptions}
              placeholder="搜索人员"
              aria-label="搜索人员"
            />
          </div>
          <Button danger onClick={() => void reset()}>
            重置
          </Button>
        </Space>
      </Card>
    </div>
  );
}
