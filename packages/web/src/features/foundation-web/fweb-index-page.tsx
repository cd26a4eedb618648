import { useState } from 'react';
import { Button, Card, Col, Empty, Form, Input, List, Modal, Row, Statistic, Tag, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { formatMoney } from '@oa/shared/format/money';
import { SUBJECT_STATUS_COLORS, SUBJECT_STATUS_LABELS, type BatchItem } from '@oa/shared/contract/subjects';
import { useSession } from '../../state/session.store';
import { notifyError } from '../../lib/notify-error';
import { feedback } from '../../lib/feedback';
import { fwebApi } from './fweb.api';
import { FW } from './foundation-routes';
import { actionLink } from '../../lib/action-link';

/** /foundationForWeb/index — the applicant's home: open batches with their guides, my subjects at a glance. */
export default function FwebIndexPage() {
  const navigate = useNavigate();
  const user = useSession((s) => s.user);
  const batches = useQuery({ queryKey: ['fweb-batches'], queryFn: fwebApi.batches });
  const mine = useQuery({ queryKey: ['fweb-subjects'], queryFn: () => fwebApi.subjects() });
  const [applying, setApplying] = useState<BatchItem | null>(null);
  const [form] = Form.useForm<{ name: string }>();
  const list = mine.data?.list ?? [];
  const count = (pred: (s: string) => boolean) => list.filter((s) => pred(s.status)).length;

  const create = async () => {
    const { name } = await form.validateFields();
    try {
      const id = await fwebApi.create(applying!.id, name);
      feedback().message.success('申报书已创建，请逐步填写');
      setApplying(null);
      navigate(`${FW}/subjectDeclare/applicationForm?id=${encodeURIComponent(id)}`);
    } catch (err) {
      notifyError(err);
    }
  };

  return (
    <div data-testid="fweb-index">
      <Card style={{ marginBottom: 16 }}>
        <Typography.Title level={4} style={{ marginTop: 0 }}>
          您好，{user?.userName}
        </Typography.Title>
        <Row gutter={16}>
          <Col span={6}>
            <Statistic title="我的课题" value={list.length} />
          </Col>
          <Col span={6}>
            <Statistic title="草稿 / 待修改" value={count((s) => s === 'draft' || s === 'returned')} />
          </Col>
          <Col span={6}>
            <Statistic title="评审中" value={count((s) => ['submitted', 'expert_review', 'approving'].includes(s))} />
          </Col>
          <Col span={6}>
            <Statistic
              title="已立项 / 执行中"
              value={count((s) => ['approved', 'in_progress', 'midterm', 'completion_requested', 'completed'].includes(s))}
            />
          </Col>
        </Row>
      </Card>
      <Row gutter={16}>
        <Col span={14}>
          <Card title="正在申报的批次" loading={batches.isPending}>
            {(batches.data ?? []).length === 0 ? (
              <Empty description="当前没有开放申报的批次" />
            ) : (
              (batches.data ?? []).map((b) => (
                <Card
                  key={b.id}
                  type="inner"
                  title={b.name}
                  style={{ marginBottom: 12 }}
                  data-testid="fweb-batch"
                  extra={
                    <Button
                      type="primary"
                      onClick={() => {
                        form.resetFields();
                        setApplying(b);
                      }}
                    >
                      我要申报
                    </Button>
                  }
                >
                  <p>
                    申报时间：{b.openDate} 至 {b.closeDate} · 单项经费上限：{formatMoney(b.budgetCeiling)} 元
                  </p>
                  <Typography.Paragraph
                    style={{ whiteSpace: 'pre-wrap', marginBottom: 0 }}
                    ellipsis={{ rows: 4, expandable: true, symbol: '展开申报指南' }}
                  >
                    {b.guide}
                  </Typography.Paragraph>
                </Card>
              ))
            )}
          </Card>
        </Col>
        <Col span={10}>
          <Card title="我的课题" extra={<a {...actionLink(() => navigate(`${FW}/sub`), 'link')}>全部</a>} loading={mine.isPending}>
            <List
              dataSource={list.slice(0, 6)}
              locale={{ emptyText: '暂无课题' }}
              renderItem={(s) => (
                <List.Item
                  actions={[
                    <Tag key="s" color={SUBJECT_STATUS_COLORS[s.status]}>
                      {SUBJECT_STATUS_LABELS[s.status]}
                    </Tag>,
                  ]}
                >
                  <List.Item.Meta
                    title={<a {...actionLink(() => navigate(`${FW}/tb/tab1?id=${encodeURIComponent(s.id)}`), 'link')}>{s.name}</a>}
                    description={`${s.batchName}${s.code ? ` · ${s.code}` : ''}`}
                  />
                </List.Item>
              )}
            />
          </Card>
        </Col>
      </Row>
      <Modal
        title={`申报：${applying?.name ?? ''}`}
        open={!!applying}
        onCancel={() => setApplying(null)}
        onOk={() => void create()}
        okText="创建申报书"
        cancelText="取消"
        destroyOnHidden
      >
        <Form form={form} layout="vertical">
          <Form.Item
            name="name"
            label="课题名称"
            rules={[
              { required: true, whitespace: true, message: '请填写课题名称' },
              { max: 100, message: '课题名称不能超过100个字' },
            ]}
          >
            <Input placeholder="请填写拟申报的课题名称" />
          </Form.Item>
        </Form>
      </Modal>
    </div>
  );
}
