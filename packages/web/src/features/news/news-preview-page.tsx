import { useEffect, useState } from 'react';
import { Button, Card, Input, Modal, Result, Space, Spin, Timeline, Typography } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { NEWS_MODULE } from '@oa/shared/contract/news';
import { formatTime } from '@oa/shared/format/time';
import { feedback } from '../../lib/feedback';
import { errorMessage } from '../../lib/http-client';
import { processApi } from '../../engine/process.api';
import { useTabs } from '../../state/tabs.store';
import { ArticleView } from './article-view';
import { newsApi } from './news.api';

const ACTION_LABEL: Record<string, string> = {
  start: '提交',
  approve: '同意',
  reject: '驳回',
  return: '退回',
  withdraw: '撤回',
  transfer: '转交',
  comment: '评论',
  autoPass: '自动通过',
};

/** /information/preview?id=: the approver's view of an article under review, with 同意 / 驳回; readers of a published one go to /information/view. */
export default function NewsPreviewPage() {
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const qc = useQueryClient();
  const a = useQuery({ queryKey: ['news', 'detail', id], queryFn: () => newsApi.detail(id), enabled: !!id });
  const view = useQuery({ queryKey: ['news', 'process', id], queryFn: () => processApi.view(NEWS_MODULE, id), enabled: !!id });
  const [dialog, setDialog] = useState<'approve' | 'reject' | null>(null);
  const [comment, setComment] = useState('');
  const [busy, setBusy] = useState(false);
  const task = view.data?.myTask ?? null;
  const navigate = useNavigate();
  // a reader (not in the approval) who reached a published article here — e.g. from a 提醒未读 message — reads
  // it on /information/view (where the read counts); this tab gives way to that one
  const reader = a.data?.status === 'published' && !a.data.inApproval;
  useEffect(() => {
    if (!reader) return;
    void navigate(`/information/view?id=${encodeURIComponent(id)}`, { replace: true });
    useTabs.getState().closeView('/information/preview');
  }, [reader, id, navigate]);

  const act = async () => {
    if (!task || !dialog) return;
    if (dialog === 'reject' && !comment.trim()) return feedback().message.warning('请填写驳回意见');
    setBusy(true);
    try {
      if (dialog === 'approve') await processApi.approve(task.taskId, comment || undefined);
      else await processApi.reject(task.taskId, comment);
      feedback().message.success(dialog === 'approve' ? '已同意' : '已驳回');
      setDialog(null);
      setComment('');
      await qc.invalidateQueries({ queryKey: ['news'] });
    } catch (err) {
      feedback().message.error(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="oa-page" data-testid="news-preview">
      <Card
        variant="borderless"
        title="信息审核"
        extra={
          task ? (
            <Space>
              <Button type="primary" onClick={() => setDialog('approve')} data-testid="news-approve">
                同意
              </Button>
              <Button danger onClick={() => setDialog('reject')}>
                驳回
              </Button>
            </Space>
          ) : null
        }
      >
        {!id ? (
          <Result status="404" title="缺少信息编号" />
        ) : a.isLoading ? (
          <Spin />
        ) : a.error ? (
          <Result status="warning" title={errorMessage(a.error)} />
        ) : a.data ? (
          <ArticleView a={a.data} />
        ) : null}
        {view.data?.current ? (
          <div style={{ maxWidth: 900, margin: '24px auto 0' }}>
            <Typography.Title level={5}>审批记录</Typography.Title>
            <Timeline
              items={(view.data.history ?? []).map((h) => ({
                children: `${formatTime(h.createdAt, '{m}-{d} {h}:{i}')} ${h.nodeName ?? ''} ${h.actorLabel} ${ACTION_LABEL[h.action] ?? h.action}${h.comment ? `：${h.comment}` : ''}`,
              }))}
            />
          </div>
        ) : null}
      </Card>
      <Modal
        open={!!dialog}
        title={dialog === 'approve' ? '同意发布' : '驳回'}
        onOk={() => void act()}
        confirmLoading={busy}
        onCancel={() => setDialog(null)}
        okText="确定"
        cancelText="取消"
      >
        <Input.TextArea
          rows={3}
          value={comment}
          onChange={(e) => setComment(e.target.value)}
          placeholder={dialog === 'approve' ? '审批意见（可不填）' : '请填写驳回意见'}
          maxLength={500}
        />
      </Modal>
    </div>
  );
}
