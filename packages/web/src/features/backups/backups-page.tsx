import { useState } from 'react';
import { Alert, Button, Card, Descriptions, Empty, Space, Table, Tag, Tooltip } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { BACKUP_KIND_LABELS, type BackupItem, type BackupsAnswer } from '@oa/shared/contract/backups';
import { formatTime } from '@oa/shared/format/time';
import { feedback } from '../../lib/feedback';
import { errorMessage } from '../../lib/http-client';
import { backupsApi } from './backups.api';

const sizeText = (n: number) =>
  n < 1024
    ? `${n} B`
    : n < 1024 ** 2
      ? `${(n / 1024).toFixed(1)} KB`
      : n < 1024 ** 3
        ? `${(n / 1024 ** 2).toFixed(1)} MB`
        : `${(n / 1024 ** 3).toFixed(2)} GB`;

function VerificationTag({ b }: { b: BackupItem }) {
  const v = b.verification;
  if (!v) return <Tag>未校验</Tag>;
  const tag = v.state === 'ok' ? <Tag color="green">已校验</Tag> : <Tag color="red">校验失败</Tag>;
  return <Tooltip title={`${formatTime(v.at)} ${v.message}`}>{tag}</Tooltip>;
}

/** How backups are set up: the daily time, what retention keeps, encryption, the backup before an upgrade. */
function Settings({ s }: { s: BackupsAnswer }) {
  return (
    <Descriptions size="small" column={2} style={{ marginBottom: 16 }}>
      <Descriptions.Item label="定时备份">
        {s.schedule ? `每天 ${s.schedule}（北京时间）` : '未开启（在服务器配置 OA_BACKUP_SCHEDULE=02:30 即每天 2:30 自动备份）'}
      </Descriptions.Item>
      <Descriptions.Item label="保留">
        {`定时备份保留最近 ${s.keep.daily} 天每天一份、${s.keep.weekly} 周每周一份、${s.keep.monthly} 个月每月一份；手动备份不自动删除`}
      </Descriptions.Item>
      <Descriptions.Item label="加密">{s.encryption ? '已加密（AES-256-GCM）' : '未加密（配置 OA_BACKUP_KEY 后加密）'}</Descriptions.Item>
      <Descriptions.Item label="升级前备份">
        {s.beforeUpgrade ? '升级前自动备份' : '未开启（OA_BACKUP_BEFORE_UPGRADE=on）'}
      </Descriptions.Item>
    </Descriptions>
  );
}

/** /backups (数据备份): every archive of the backup folder, start one now, check one without restoring. */
export default function BackupsPage() {
  const qc = useQueryClient();
  const [checking, setChecking] = useState<string | null>(null);
  const q = useQuery({
    queryKey: ['backups'],
    queryFn: backupsApi.list,
    refetchInterval: (query) => (query.state.data?.running ? 2000 : false),
  });
  const refresh = () => qc.invalidateQueries({ queryKey: ['backups'] });
  const start = async () => {
    try {
      await backupsApi.start();
      feedback().message.success('已开始备份，完成后会自动校验');
    } catch (err) {
      feedback().message.error(errorMessage(err));
    }
    await refresh();
  };
  const verify = async (name: string) => {
    setChecking(name);
    try {
      const r = await backupsApi.verify(name);
      if (r.ok) feedback().message.success('备份完好');
      else feedback().message.error(r.message);
    } catch (err) {
      feedback().message.error(errorMessage(err));
    } finally {
      setChecking(null);
      await refresh();
    }
  };
  const s = q.data;
  return (
    <div className="oa-page" data-testid="backups-page">
      <Card
        variant="borderless"
        title="数据备份"
        extra={
          <Button type="primary" loading={s?.running} disabled={!s || s.running} onClick={() => void start()}>
            {s?.running ? '正在备份' : '立即备份'}
          </Button>
        }
      >
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          message="每份备份包含数据库和全部上传文件，做完即读回校验。恢复须在服务器上执行 npm run restore <备份文件>，恢复到空的数据目录或数据库。"
        />
        {s?.lastFailure && (
          <Alert
            type="error"
            showIcon
            style={{ marginBottom: 16 }}
            message={`最近一次${BACKUP_KIND_LABELS[s.lastFailure.kind]}备份失败（${formatTime(s.lastFailure.at)}）`}
            description={s.lastFailure.message}
          />
        )}
        {s && <Settings s={s} />}
        <Table<BackupItem>
          rowKey="name"
          size="small"
          loading={q.isLoading}
          dataSource={s?.list ?? []}
          pagination={{ pageSize: 20, hideOnSinglePage: true }}
          locale={{
            emptyText: (
              <Empty
                description={
                  s?.schedule
                    ? `还没有备份。每天 ${s.schedule}（北京时间）会自动备份一次，也可以点“立即备份”。`
                    : '还没有备份。点“立即备份”做第一份；要每天自动备份，请在服务器配置 OA_BACKUP_SCHEDULE（如 02:30）。'
                }
              />
            ),
          }}
          columns={[
            { title: '备份时间', dataIndex: 'createdAt', width: 170, render: (v: string) => formatTime(v) },
            { title: '类型', dataIndex: 'kind', width: 80, render: (k: BackupItem['kind']) => BACKUP_KIND_LABELS[k] },
            { title: '大小', dataIndex: 'size', width: 100, render: sizeText },
            { title: '加密', dataIndex: 'encrypted', width: 70, render: (e: boolean) => (e ? '是' : '否') },
            { title: '校验状态', key: 'verification', width: 110, render: (_, b) => <VerificationTag b={b} /> },
            { title: '文件名', dataIndex: 'name', ellipsis: true },
            {
              title: '操作',
              key: 'ops',
              width: 90,
              render: (_, b) => (
                <Space>
                  <Button size="small" type="link" loading={checking === b.name} onClick={() => void verify(b.name)}>
                    校验
                  </Button>
                </Space>
              ),
            },
          ]}
        />
      </Card>
    </div>
  );
}
