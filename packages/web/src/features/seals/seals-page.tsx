import { useEffect, useState } from 'react';
import { Button, Card, Space, Table, Tag } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { SEAL_KINDS, SEAL_USE_VIA, type SealItem, type SealUseItem } from '@oa/shared/contract/seals';
import { formatTime } from '@oa/shared/format/time';
import { sealsApi } from './seals.api';
import { SealForm } from './seal-form';

/** A seal's image, read with the administrator's session. */
function SealImage({ id, updatedAt }: { id: string; updatedAt: string }) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    let u: string | null = null;
    void sealsApi.image(id).then((b) => setUrl((u = URL.createObjectURL(b))));
    return () => {
      if (u) URL.revokeObjectURL(u);
    };
  }, [id, updatedAt]);
  return url ? <img src={url} alt="印章图片" width={56} height={56} /> : null;
}

const names = (l: Array<{ name: string }>) => (l.length ? l.map((x) => x.name).join('、') : '所有人');

/** /seals (印章管理): the seals with their image, keepers and requesters; add, edit, disable; the use log. */
export default function SealsPage() {
  const qc = useQueryClient();
  const [editing, setEditing] = useState<SealItem | null | 'new'>(null);
  const [sealId, setSealId] = useState<string | undefined>();
  const [page, setPage] = useState(1);
  const list = useQuery({ queryKey: ['seals'], queryFn: sealsApi.list });
  const uses = useQuery({ queryKey: ['seal-uses', sealId, page], queryFn: () => sealsApi.uses(sealId, page) });
  const close = async (saved: boolean) => {
    setEditing(null);
    if (saved) await qc.invalidateQueries({ queryKey: ['seals'] });
  };
  return (
    <div className="oa-page" data-testid="seals-page">
      <Card
        variant="borderless"
        title="印章管理"
        extra={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
            添加印章
          </Button>
        }
      >
        <Table<SealItem>
          rowKey="id"
          loading={list.isLoading}
          dataSource={list.data ?? []}
          pagination={false}
          columns={[
            { title: '印章', key: 'img', width: 80, render: (_, s) => <SealImage id={s.id} updatedAt={s.updatedAt} /> },
            { title: '名称', dataIndex: 'name' },
            { title: '类别', key: 'kind', render: (_, s) => SEAL_KINDS[s.kind] + (s.deptName ? `（${s.deptName}）` : '') },
            { title: '保管人', key: 'keepers', render: (_, s) => names(s.keepers) },
            { title: '可申请', key: 'req', render: (_, s) => names([...s.requesterRoles, ...s.requesterDepts]) },
            { title: '状态', key: 'enabled', render: (_, s) => (s.enabled === 'Y' ? <Tag color="green">启用</Tag> : <Tag>停用</Tag>) },
            {
              title: '操作',
              key: 'op',
              render: (_, s) => (
                <Space>
                  <Button type="link" onClick={() => setEditing(s)}>
                    编辑
                  </Button>
                  <Button type="link" onClick={() => (setSealId(s.id), setPage(1))}>
                    用印记录
                  </Button>
                </Space>
              ),
            },
          ]}
        />
      </Card>
      <Card
        variant="borderless"
        title={sealId ? `用印记录：${list.data?.find((s) => s.id === sealId)?.name ?? ''}` : '用印记录'}
        extra={sealId && <Button onClick={() => setSealId(undefined)}>全部印章</Button>}
        style={{ marginTop: 16 }}
      >
        <Table<SealUseItem>
          rowKey="id"
          loading={uses.isLoading}
          dataSource={uses.data?.list ?? []}
          pagination={{ current: page, pageSize: 20, total: uses.data?.total ?? 0, onChange: setPage }}
          columns={[
            { title: '时间', key: 'at', render: (_, u) => formatTime(u.usedAt) },
            { title: '印章', dataIndex: 'sealName' },
            { title: '用印人', dataIndex: 'userName' },
            { title: '公文', key: 'doc', render: (_, u) => u.docTitle ?? '' },
            {
              title: '依据',
              key: 'via',
              render: (_, u) => (u.via === 'application' ? `${SEAL_USE_VIA.application} ${u.recordSerialNo ?? ''}` : SEAL_USE_VIA.keeper),
            },
          ]}
        />
      </Card>
      {editing && <SealForm seal={editing === 'new' ? null : editing} open onClose={(s) => void close(s)} />}
    </div>
  );
}
