import { useState } from 'react';
import { Button, Drawer, Space, Table, Tag } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ContactSaveBody, MemberUnitRow, UnitContactRow } from '@oa/shared/contract/member-units';
import { actionLink } from '../../lib/action-link';
import { feedback } from '../../lib/feedback';
import { confirmAction, notifyError } from '../../lib/notify-error';
import { memberUnitsApi } from './member-units.api';
import { ContactFormModal } from './contact-form-modal';
import { OneTimePasswordModal } from './one-time-password-modal';

/** A unit's contacts: add, edit, disable (he is signed out at once) or enable, and reset a password (shown once). */
export function UnitContactsDrawer({ unit, manage, onClose }: { unit: MemberUnitRow | null; manage: boolean; onClose: () => void }) {
  const qc = useQueryClient();
  const [editing, setEditing] = useState<Partial<UnitContactRow> | null>(null);
  const [shown, setShown] = useState<{ userCode: string; password: string } | null>(null);
  const key = ['member-units', 'contacts', unit?.id];
  const contacts = useQuery({ queryKey: key, queryFn: () => memberUnitsApi.contacts(unit!.id), enabled: !!unit });
  const refresh = () => qc.invalidateQueries({ queryKey: ['member-units'] });
  const save = async (v: Omit<ContactSaveBody, 'unitId'>) => {
    try {
      const out = await memberUnitsApi.saveContact({ ...v, unitId: unit!.id });
      setEditing(null);
      await refresh();
      if (out.password) setShown({ userCode: out.userCode, password: out.password });
      else feedback().message.success('已保存');
    } catch (err) {
      notifyError(err);
    }
  };
  const toggle = (c: UnitContactRow) =>
    confirmAction(
      c.enabled === 'Y' ? `停用联系人「${c.userName}」？停用后其将立即下线且不能登录。` : `启用联系人「${c.userName}」？`,
      async () => {
        await memberUnitsApi.contactStatus(c.userCode, c.enabled === 'Y' ? 'N' : 'Y');
        feedback().message.success(c.enabled === 'Y' ? '已停用，该联系人已下线' : '已启用');
        await refresh();
      },
      { danger: c.enabled === 'Y' },
    );
  const reset = (c: UnitContactRow) =>
    confirmAction(`重置联系人「${c.userName}」的密码？原密码立即失效，其登录将被结束。`, async () => {
      const out = await memberUnitsApi.resetPassword(c.userCode);
      await refresh();
      setShown({ userCode: out.userCode, password: out.password! });
    });
  return (
    <Drawer open={!!unit} title={unit ? `${unit.name} · 联系人` : ''} width={820} onClose={onClose} destroyOnHidden>
      <div data-testid="unit-contacts">
        {manage && unit?.enabled === 'Y' ? (
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => setEditing({})}
            style={{ marginBottom: 12 }}
            data-testid="contact-add"
          >
            新增联系人
          </Button>
        ) : null}
        <Table<UnitContactRow>
          rowKey="userCode"
          size="middle"
          pagination={false}
          loading={contacts.isLoading}
          dataSource={contacts.data ?? []}
          locale={{ emptyText: '暂无联系人' }}
          columns={[
            { title: '姓名', dataIndex: 'userName', width: 100 },
            { title: '登录账号', dataIndex: 'userCode', width: 110 },
            { title: '手机号码', dataIndex: 'mobile', width: 120 },
            { title: '电子邮箱', dataIndex: 'email', render: (v: string | null) => v ?? '—' },
            {
              title: '状态',
              key: 'state',
              width: 130,
              render: (_: unknown, c) => (
                <Space size={4}>
                  {c.enabled === 'Y' ? <Tag color="green">启用</Tag> : <Tag>停用</Tag>}
                  {c.passwordReset ? <Tag color="gold">待改密</Tag> : null}
                </Space>
              ),
            },
            ...(manage
              ? [
                  {
                    title: '操作',
                    key: 'op',
                    width: 170,
                    render: (_: unknown, c: UnitContactRow) => (
                      <Space>
                        <a {...actionLink(() => setEditing(c))}>修改</a>
                        <a {...actionLink(() => toggle(c))}>{c.enabled === 'Y' ? '停用' : '启用'}</a>
                        <a {...actionLink(() => reset(c))}>重置密码</a>
                      </Space>
                    ),
                  },
                ]
              : []),
          ]}
        />
      </div>
      <ContactFormModal editing={editing} onSave={save} onClose={() => setEditing(null)} />
      <OneTimePasswordModal shown={shown} onClose={() => setShown(null)} />
    </Drawer>
  );
}
