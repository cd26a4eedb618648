import { useState } from 'react';
import { Badge, Button, Card, Empty, Flex, List, Table } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ColumnUser } from '@oa/shared/contract/admin';
import { useCan } from '../../state/permission';
import { feedback } from '../../lib/feedback';
import { columnAuthApi } from './column-auth.api';
import { UserPicker } from '../../components/user-picker';
import { confirmAction, notifyError } from '../../lib/notify-error';

/** /information/columnUserAuth — which users may publish in which information column. */
export default function ColumnAuthPage() {
  const qc = useQueryClient();
  const canEdit = useCan('sys_column_auth');
  const columns = useQuery({ queryKey: ['admin', 'columns'], queryFn: columnAuthApi.columns });
  const [picked, setPicked] = useState<string | null>(null);
  const column = picked ?? columns.data?.[0]?.columnCode ?? null;
  const current = columns.data?.find((c) => c.columnCode === column);
  const users = useQuery({ queryKey: ['admin', 'columnUsers', column], queryFn: () => columnAuthApi.users(column!), enabled: !!column });
  const [adding, setAdding] = useState<string[]>([]);
  const changed = (msg: string) => {
    feedback().message.success(msg);
    void qc.invalidateQueries({ queryKey: ['admin', 'columnUsers'] });
    void qc.invalidateQueries({ queryKey: ['admin', 'columns'] });
  };
  const grant = () =>
    void columnAuthApi.grant(column!, adding).then(() => {
      setAdding([]);
      changed('已授权');
    }, notifyError);
  const revoke = (u: ColumnUser) =>
    void confirmAction(
      `确定取消「${u.userName}」在「${current?.columnName ?? ''}」栏目的发布权限吗？`,
      () => columnAuthApi.revoke(column!, [u.userCode]),
      { danger: true },
    ).then((done) => done && changed('已取消授权'));
  return (
    <Flex gap={12} align="stretch">
      <Card size="small" title="信息栏目" style={{ width: 240, flex: 'none' }}>
        <List
          loading={columns.isLoading}
          dataSource={columns.data ?? []}
          renderItem={(c) => (
            <List.Item
              onClick={() => setPicked(c.columnCode)}
              style={{ cursor: 'pointer', paddingInline: 8, background: c.columnCode === column ? '#e6f4ff' : undefined }}
              extra={<Badge count={c.userCount} showZero color={c.userCount ? '#1890ff' : '#bfbfbf'} />}
            >
              {c.columnName}
            </List.Item>
          )}
        />
      </Card>
      <Card size="small" title={current ? `可在「${current.columnName}」发布信息的用户` : '栏目用户'} style={{ flex: 1, minWidth: 0 }}>
        {!column ? (
          <Empty description="暂无栏目" />
        ) : (
          <>
            {canEdit && (
              <Flex gap={8} style={{ marginBottom: 12 }}>
                <div style={{ flex: 1 }}>
                  <UserPicker value={adding} onChange={setAdding} search={columnAuthApi.userOptions} />
                </div>
                <Button type="primary" disabled={!adding.length} onClick={grant}>
                  授权
                </Button>
              </Flex>
            )}
            <Table<ColumnUser>
              rowKey="userCode"
              size="middle"
              loading={users.isFetching}
              dataSource={users.data ?? []}
              pagination={{ pageSize: 20, showTotal: (n) => `共 ${n} 人` }}
              columns={[
                { title: '账号', dataIndex: 'userCode' },
                { title: '姓名', dataIndex: 'userName' },
                { title: '部门', dataIndex: 'deptName' },
                { title: '授权时间', dataIndex: 'grantedAt', render: (v: string) => new Date(v).toLocaleString('zh-CN') },
                ...(canEdit
                  ? [
                      {
                        title: '操作',
                        key: 'op',
                        width: 100,
                        render: (_: unknown, u: ColumnUser) => (
                          <Button type="link" size="small" danger onClick={() => revoke(u)}>
                            取消授权
                          </Button>
                        ),
                      },
                    ]
                  : []),
              ]}
            />
          </>
        )}
      </Card>
    </Flex>
  );
}
