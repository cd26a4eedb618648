import { useState } from 'react';
import { Button, Card, Popconfirm, Space, Table, Tag, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { QRCodeSVG } from 'qrcode.react';
import dayjs from 'dayjs';
import type { AppPublish } from '@oa/shared/contract/apps';
import { feedback } from '../../lib/feedback';
import { appsApi } from './apps.api';
import { AppEditDialog } from './app-edit-dialog';
import { showError } from '../../lib/notify-error';

const absolute = (url: string) => (/^[a-z]+:/i.test(url) ? url : new URL(url, window.location.origin).href);

/** /app — 应用发布: the published apps, their QR codes, package upload, publish / withdraw. */
export default function AppManagePage() {
  const qc = useQueryClient();
  const [page, setPage] = useState({ pageNumber: 1, pageSize: 10 });
  const [editing, setEditing] = useState<{ app: AppPublish | null } | null>(null);
  const q = useQuery({ queryKey: ['apps', page], queryFn: () => appsApi.list(page) });
  const reload = () => {
    void qc.invalidateQueries({ queryKey: ['apps'] });
    void qc.invalidateQueries({ queryKey: ['published-app'] });
  };
  const remove = async (id: number) => {
    try {
      await appsApi.remove(id);
      feedback().message.success('删除成功');
      reload();
    } catch (err) {
      showError(err, '删除失败');
    }
  };

  return (
    <div className="oa-page" data-testid="app-manage-page">
      <Card
        title="应用发布"
        extra={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ app: null })}>
            新增应用
          </Button>
        }
      >
        <Table<AppPublish>
          rowKey="id"
          loading={q.isPending}
          dataSource={q.data?.list ?? []}
          pagination={{
            current: page.pageNumber,
            pageSize: page.pageSize,
            total: q.data?.total ?? 0,
            onChange: (pageNumber, pageSize) => setPage({ pageNumber, pageSize }),
          }}
          columns={[
            {
              title: '二维码',
              dataIndex: 'appUrl',
              width: 96,
              render: (url: string | null) => (url ? <QRCodeSVG value={absolute(url)} size={64} title="下载二维码" /> : '—'),
            },
            { title: '应用名称', dataIndex: 'appName' },
            { title: '版本', dataIndex: 'version', render: (v: string | null) => v ?? '—' },
            {
              title: '下载地址',
              dataIndex: 'appUrl',
              ellipsis: true,
              render: (url: string | null, a) =>
                url ? (
                  <Typography.Link href={url} target="_blank">
                    {a.fileName ?? url}
                  </Typography.Link>
                ) : (
                  '—'
                ),
            },
            {
              title: '状态',
              dataIndex: 'isPublish',
              width: 90,
              render: (v: string) => (v === 'Y' ? <Tag color="green">已发布</Tag> : <Tag>未发布</Tag>),
            },
            { title: '更新时间', dataIndex: 'updatedAt', width: 150, render: (v: string) => dayjs(v).format('YYYY-MM-DD HH:mm') },
            {
              title: '操作',
              width: 130,
              render: (_, a) => (
                <Space>
                  <Button type="link" size="small" onClick={() => setEditing({ app: a })}>
                    编辑
                  </Button>
                  <Popconfirm title="确定删除该应用吗？" onConfirm={() => void remove(a.id)}>
                    <Button type="link" size="small" danger>
                      删除
                    </Button>
                  </Popconfirm>
                </Space>
              ),
            },
          ]}
        />
      </Card>
      {editing && (
        <AppEditDialog
          open
          app={editing.app}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            reload();
          }}
        />
      )}
    </div>
  );
}
