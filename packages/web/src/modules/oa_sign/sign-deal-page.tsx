import { useState } from 'react';
import { Alert, Button, Card, Empty, Input, List, Space, Tag, Typography } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { signModule } from '@oa/shared/modules/sign.module';
import type { TaskItem } from '@oa/shared/contract/workflow';
import { errorMessage } from '../../lib/http-client';
import { feedback } from '../../lib/feedback';
import { processApi } from '../../engine/process.api';
import { RecordPreviewBody } from '../../engine/components/record-preview-body';
import { fmtTime } from '../../engine/components/record-columns';
import './sign.css';
import { notifyError } from '../../lib/notify-error';

const QUICK = ['同意', '同意，请抓紧办理', '已阅', '请办公室统筹办理'];

/** 领导签批 (/signDeal): the sign-off reports awaiting me, read in place, signed off with a handwritten-style instruction. */
export default function SignDealPage() {
  const qc = useQueryClient();
  const tasks = useQuery({ queryKey: ['records', 'oa_sign', 'desk'], queryFn: () => processApi.todo('oa_sign') });
  const [current, setCurrent] = useState<TaskItem | null>(null);
  const [comment, setComment] = useState('同意');
  const [busy, setBusy] = useState(false);
  const list = tasks.data?.list ?? [];
  const task = current && list.some((t) => t.taskId === current.taskId) ? current : (list[0] ?? null);

  const approve = async () => {
    if (!task) return;
    setBusy(true);
    try {
      await processApi.approve(task.taskId, comment.trim() || '同意');
      feedback().message.success('已签批');
      setComment('同意');
      setCurrent(null);
      await qc.invalidateQueries({ queryKey: ['records', 'oa_sign'] });
    } catch (err) {
      notifyError(err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="oa-page oa-sign-desk" data-testid="sign-deal">
      <Card
        variant="borderless"
        title={
          <Space>
            待我签批的签报<Tag color="processing">{tasks.data?.total ?? 0}</Tag>
          </Space>
        }
      >
        {tasks.error ? <Alert type="error" showIcon message={errorMessage(tasks.error)} /> : null}
        {!tasks.isLoading && !list.length ? <Empty description="暂无待签批的签报" /> : null}
        {list.length ? (
          <div className="oa-sign-desk-body">
            <List
              size="small"
              className="oa-sign-desk-list"
              dataSource={list}
              renderItem={(t) => (
                <List.Item className={t.taskId === task?.taskId ? 'active' : ''} onClick={() => setCurrent(t)} data-testid="sign-desk-item">
                  <List.Item.Meta
                    title={t.title}
                    description={
                      <Space size={4}>
                        <span>{t.initiatorName}</span>
                        <span>{t.serialNo}</span>
                        <span>{fmtTime(t.createdAt)}</span>
                      </Space>
                    }
                  />
                </List.Item>
              )}
            />
            {task ? (
              <div className="oa-sign-desk-main">
                <Card size="small" title="领导批示" className="oa-sign-pad">
                  <Input.TextArea
                    className="oa-handwriting"
                    aria-label="领导批示"
                    rows={3}
                    maxLength={500}
                    value={comment}
                    onChange={(e) => setComment(e.target.value)}
                    data-testid="sign-comment"
                  />
                  <Space wrap style={{ marginTop: 8 }}>
                    {QUICK.map((q) => (
                      <Button key={q} size="small" onClick={() => setComment(q)}>
                        {q}
                      </Button>
                    ))}
                    <Button type="primary" loading={busy} onClick={approve} data-testid="sign-approve">
                      签批同意
                    </Button>
                  </Space>
                  <Typography.Paragraph type="secondary" style={{ margin: '8px 0 0' }}>
                    驳回、退回等其他处理请在下方详情中操作。
                  </Typography.Paragraph>
                </Card>
                <RecordPreviewBody key={task.recordId} m={signModule} id={task.recordId} compact />
              </div>
            ) : null}
          </div>
        ) : null}
      </Card>
    </div>
  );
}
