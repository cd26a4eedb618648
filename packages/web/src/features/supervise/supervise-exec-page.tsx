import { Alert, Button, Card, Descriptions, Progress, Result, Space, Spin, Table, Timeline, Typography } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useSearchParams } from 'react-router';
import dayjs from 'dayjs';
import {
  SUPERVISE_ACTION,
  SUPERVISE_SOURCE,
  SUPERVISE_STATUS,
  type SuperviseSource,
  type SuperviseSubtask,
} from '@oa/shared/contract/supervise';
import { errorMessage } from '../../lib/http-client';
import { downloadFile } from '../../lib/files-transfer';
import { notifyError } from '../../lib/notify-error';
import { superviseApi } from './supervise.api';
import { ColorTag } from './supervise-table';
import { SuperviseActions } from './supervise-actions';

/** /supervise/exec?id= — 督办执行: the task, its sub-tasks and trail; accept, report, extend; the supervisor reviews. */
export default function SuperviseExecPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const id = params.get('id') ?? '';
  const q = useQuery({ queryKey: ['supervise', 'detail', id], queryFn: () => superviseApi.detail(id), enabled: !!id, retry: false });
  if (!id) return <Result status="warning" title="缺少督办编号" />;
  if (q.isError) return <Result status="warning" title={errorMessage(q.error)} />;
  if (!q.data)
    return (
      <div className="oa-page">
        <Spin />
      </div>
    );
  const d = q.data;
  const t = d.task;
  return (
    <div className="oa-page" data-testid="supervise-exec-page">
      <Card
        title={
          <Space>
            {t.title}
            <ColorTag task={t} />
          </Space>
        }
        extra={<Button onClick={() => navigate(-1)}>返回</Button>}
      >
        {t.extensionDue ? (
          <Alert
            type="warning"
            showIcon
            style={{ marginBottom: 12 }}
            message={`延期申请待审核：延期至 ${t.extensionDue}，原因：${t.extensionReason ?? ''}`}
          />
        ) : null}
        <Descriptions
          bordered
          size="small"
          column={3}
          items={[
            { key: 's', label: '编号', children: t.serialNo },
            { key: 'st', label: '状态', children: SUPERVISE_STATUS[t.status] },
            { key: 'p', label: '进度', children: <Progress percent={t.progress} size="small" aria-label="进度" style={{ width: 160 }} /> },
            {
              key: 'src',
              label: '来源',
              children: (
                <span>
                  {SUPERVISE_SOURCE[t.sourceType as SuperviseSource] ?? t.sourceType}
                  {t.sourceTitle ? ' · ' : ''}
                  {t.sourceLink ? <Link to={t.sourceLink}>{t.sourceTitle ?? '查看来源'}</Link> : t.sourceTitle}
                </span>
              ),
            },
            { key: 'l', label: '牵头部门', children: t.leadDeptName },
            { key: 'o', label: '责任人', children: t.ownerName },
            { key: 'a', label: '协办部门', children: t.assistDepts.map((x) => x.deptName).join('、') || '—' },
            { key: 'sd', label: '交办日期', children: t.startDate },
            { key: 'dd', label: '办结期限', children: t.dueDate },
            { key: 'sv', label: '督办人', children: t.supervisorName },
            { key: 'u', label: '催办次数', children: t.urgeCount },
            { key: 'c', label: '办结时间', children: t.closedAt ? dayjs(t.closedAt).format('YYYY-MM-DD HH:mm') : '—' },
            {
              key: 'ct',
              label: '督办内容',
              span: 3,
              children: <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: 0 }}>{t.content}</Typography.Paragraph>,
            },
          ]}
        />
        <div style={{ margin: '16px 0' }}>
          <SuperviseActions d={d} onDone={() => void qc.invalidateQueries({ queryKey: ['supervise'] })} />
        </div>
        {d.subtasks.length ? (
          <Table<SuperviseSubtask>
            size="small"
            rowKey="id"
            pagination={false}
            dataSource={d.subtasks}
            style={{ marginBottom: 16 }}
            title={() => '任务分解'}
            columns={[
              { title: '子任务', dataIndex: 'title' },
              { title: '部门', dataIndex: 'deptName', width: 120 },
              { title: '责任人', dataIndex: 'ownerName', width: 100 },
              { title: '期限', dataIndex: 'dueDate', width: 110 },
              {
                title: '进度',
                dataIndex: 'progress',
                width: 140,
                render: (v: number) => <Progress percent={v} size="small" aria-label="进度" />,
              },
              { title: '最新情况', dataIndex: 'note', render: (v: string | null) => v ?? '—' },
            ]}
          />
        ) : null}
        <Typography.Title level={5}>办理记录</Typography.Title>
        <Timeline
          items={d.logs.map((l) => ({
            key: l.id,
            children: (
              <div>
                <Typography.Text strong>{SUPERVISE_ACTION[l.action] ?? l.action}</Typography.Text>
                <Typography.Text type="secondary" style={{ marginLeft: 8 }}>
                  {l.userCode === 'system' ? '系统' : l.userName} · {dayjs(l.createdAt).format('YYYY-MM-DD HH:mm')}
                </Typography.Text>
                {l.percent !== null ? <Typography.Text style={{ marginLeft: 8 }}>进度 {l.percent}%</Typography.Text> : null}
                {l.content ? <div style={{ whiteSpace: 'pre-wrap' }}>{l.content}</div> : null}
                {l.files.map((f) => (
                  <Typography.Link
                    key={f.fileId}
                    style={{ marginRight: 12 }}
                    onClick={() => void downloadFile(f.fileId, f.fileName).catch(notifyError)}
                  >
                    {f.fileName}
                  </Typography.Link>
                ))}
              </div>
            ),
          }))}
        />
      </Card>
    </div>
  );
}
