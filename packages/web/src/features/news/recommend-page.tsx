import { lazy, Suspense, useState } from 'react';
import { Button, Card, Form, Input, InputNumber, Modal, Popconfirm, Radio, Select, Skeleton, Space, Table, Tabs, Tag } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { RECOMMEND_STATES, RECOMMEND_TARGETS, SCORE_RULES, type ArticleItem, type RecommendBody } from '@oa/shared/contract/news';
import { formatTime } from '@oa/shared/format/time';
import { feedback } from '../../lib/feedback';
import { errorMessage } from '../../lib/http-client';
import { newsApi } from './news.api';
import { actionLink } from '../../lib/action-link';

const ScoreChart = lazy(() => import('./score-chart'));
const opts = (o: Record<string, string>) => Object.entries(o).map(([value, label]) => ({ value, label }));

function Ranking() {
  const [year, setYear] = useState(new Date().getFullYear());
  const q = useQuery({ queryKey: ['news', 'scores', year], queryFn: () => newsApi.scores(year) });
  return (
    <>
      <Space style={{ marginBottom: 12 }}>
        年度 <InputNumber min={2000} max={2100} value={year} onChange={(v) => v && setYear(v)} />
        <span style={{ color: '#666' }}>
          积分规则：每篇发布 {SCORE_RULES.submission} 分，被采用 +{SCORE_RULES.adopted}，获领导批示表扬 +{SCORE_RULES.commended}
        </span>
      </Space>
      <Suspense fallback={<Skeleton active />}>{q.data?.length ? <ScoreChart data={q.data} /> : null}</Suspense>
      <Table
        rowKey="deptCode"
        size="small"
        pagination={false}
        loading={q.isLoading}
        dataSource={q.data ?? []}
        columns={[
          { title: '排名', key: 'rank', width: 60, render: (_: unknown, __: unknown, i: number) => i + 1 },
          { title: '部门', dataIndex: 'deptName' },
          { title: '投稿', dataIndex: 'submissions' },
          { title: '采用', dataIndex: 'adopted' },
          { title: '表扬', dataIndex: 'commended' },
          { title: '积分', dataIndex: 'score' },
        ]}
      />
    </>
  );
}

/** /information/recommend (舆情推荐): recommend published articles to the front page or upward, track their state; department ranking. */
export default function RecommendPage() {
  const navigate = useNavigate();
  const qc = useQueryClient();
  const [q, setQ] = useState({ pageNumber: 1, pageSize: 10, keyword: '' });
  const [target, setTarget] = useState<ArticleItem | null>(null);
  const [form] = Form.useForm<Omit<RecommendBody, 'id'>>();
  const list = useQuery({
    queryKey: ['news', 'list', 'published', 'rec', q],
    queryFn: () => newsApi.list({ view: 'published', ...q, keyword: q.keyword || undefined }),
  });
  const save = async () => {
    const v = await form.validateFields();
    try {
      await newsApi.recommend({ id: target!.id, ...v });
      feedback().message.success('已推荐');
      setTarget(null);
      await qc.invalidateQueries({ queryKey: ['news'] });
    } catch (err) {
      feedback().message.error(errorMessage(err));
    }
  };
  return (
    <div className="oa-page" data-testid="news-recommend">
      <Card variant="borderless" title="舆情推荐">
        <Tabs
          items={[
            {
              key: 'list',
              label: '信息推荐',
              children: (
                <>
                  <Input.Search
                    allowClear
                    placeholder="标题"
                    aria-label="标题"
                    style={{ width: 240, marginBottom: 12 }}
                    onSearch={(keyword) => setQ((x) => ({ ...x, keyword, pageNumber: 1 }))}
                  />
                  <Table<ArticleItem>
                    rowKey="id"
                    size="middle"
                    loading={list.isFetching}
                    dataSource={list.data?.list ?? []}
                    pagination={{
                      current: q.pageNumber,
                      pageSize: q.pageSize,
                      total: list.data?.total ?? 0,
                      onChange: (pageNumber) => setQ((x) => ({ ...x, pageNumber })),
                    }}
                    columns={[
                      {
                        title: '标题',
                        dataIndex: 'title',
                        render: (t: string, a) => <a {...actionLink(() => void navigate(`/information/view?id=${a.id}`), 'link')}>{t}</a>,
                      },
                      { title: '部门', dataIndex: 'deptName', width: 110 },
                      {
                        title: '发布时间',
                        dataIndex: 'publishedAt',
                        width: 120,
                        render: (v: string | null) => (v ? formatTime(v, '{y}-{m}-{d}') : ''),
                      },
                      {
                        title: '推荐',
                        key: 'rec',
                        width: 220,
                        render: (_: unknown, a) =>
                          a.recommend ? (
                            <Space direction="vertical" size={0}>
                              <span>
                                <Tag color="gold">{RECOMMEND_TARGETS[a.recommend.target as keyof typeof RECOMMEND_TARGETS]}</Tag>
                                <Tag color="blue">{RECOMMEND_STATES[a.recommend.state as keyof typeof RECOMMEND_STATES]}</Tag>
                              </span>
                              <small style={{ color: '#666' }}>
                                {a.recommend.byName} · {formatTime(a.recommend.at, '{m}-{d} {h}:{i}')}
                              </small>
                            </Space>
                          ) : (
                            '—'
                          ),
                      },
                      {
                        title: '操作',
                        key: 'op',
                        width: 150,
                        render: (_: unknown, a) => (
                          <Space size={4}>
                            <Button
                              size="small"
                              type="link"
                              onClick={() => {
                                setTarget(a);
                                form.setFieldsValue({
                                  target: (a.recommend?.target as RecommendBody['target']) ?? 'front',
                                  state: (a.recommend?.state as RecommendBody['state']) ?? 'recommended',
                                  note: a.recommend?.note ?? '',
                                });
                              }}
                            >
                              {a.recommend ? '更新状态' : '推荐'}
                            </Button>
                            {a.recommend ? (
                              <Popconfirm
                                title="取消推荐？"
                                onConfirm={async () => {
                                  await newsApi.cancelRecommend(a.id);
                                  await qc.invalidateQueries({ queryKey: ['news'] });
                                }}
                              >
                                <Button size="small" type="link" danger>
                                  取消
                                </Button>
                              </Popconfirm>
                            ) : null}
                          </Space>
                        ),
                      },
                    ]}
                  />
                </>
              ),
            },
            { key: 'rank', label: '部门积分排名', children: <Ranking /> },
          ]}
        />
      </Card>
      <Modal
        open={!!target}
        title={`推荐：${target?.title ?? ''}`}
        onOk={() => void save()}
        onCancel={() => setTarget(null)}
        okText="确定"
        cancelText="取消"
        destroyOnHidden
      >
        <Form form={form} layout="vertical">
          <Form.Item name="target" label="推荐方向" rules={[{ required: true }]}>
            <Radio.Group options={opts(RECOMMEND_TARGETS)} />
          </Form.Item>
          <Form.Item name="state" label="状态" rules={[{ required: true }]}>
            <Select options={opts(RECOMMEND_STATES)} />
          </Form.Item>
          <Form.Item name="note" label="说明">
            <Input.TextArea rows={2} maxLength={300} />
          </Form.Item>
        </Form>
      </Modal>
    </div>
  );
}
