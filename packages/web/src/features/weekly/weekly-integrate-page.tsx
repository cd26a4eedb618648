import { useEffect, useState } from 'react';
import { Button, Card, Col, Empty, Input, Row, Select, Space, Spin, Tag, Typography } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import type { WeeklyCompiledItem } from '@oa/shared/contract/weekly';
import { confirmDialog, isCancelled } from '../../lib/confirm-dialog';
import { notifyError } from '../../lib/notify-error';
import { feedback } from '../../lib/feedback';
import { weeklyApi } from './weekly.api';
import { WeeklyDeptStatusCard } from './weekly-dept-status';

/** /weelkyIntegrateEdit?periodId= — 周报汇编: pick, reorder and edit the departments' items per column, then publish. */
export default function WeeklyIntegratePage() {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const periods = useQuery({ queryKey: ['weekly', 'periods', 'pick'], queryFn: () => weeklyApi.periods({ pageNumber: 1, pageSize: 30 }) });
  const periodId = params.get('periodId') ?? periods.data?.list[0]?.id;
  const view = useQuery({ queryKey: ['weekly', 'compile', periodId], queryFn: () => weeklyApi.compile(periodId!), enabled: !!periodId });
  const [items, setItems] = useState<WeeklyCompiledItem[]>([]);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (view.data) setItems(view.data.compiled);
  }, [view.data]);
  if (!periodId || !view.data)
    return (
      <div className="oa-page">
        <Spin />
      </div>
    );
  const { period, columns, sources } = view.data;
  const used = new Set(items.map((i) => i.sourceItemId).filter(Boolean));
  const add = (s: (typeof sources)[number]) =>
    setItems((l) => [...l, { columnId: s.columnId, deptCode: s.deptCode, deptName: s.deptName, content: s.content, sourceItemId: s.id }]);
  const addAll = () =>
    setItems((l) => [
      ...l,
      ...sources
        .filter((s) => !used.has(s.id))
        .map((s) => ({ columnId: s.columnId, deptCode: s.deptCode, deptName: s.deptName, content: s.content, sourceItemId: s.id })),
    ]);
  const move = (idx: number, dir: -1 | 1) =>
    setItems((l) => {
      const col = l[idx].columnId;
      const same = l.map((x, i) => (x.columnId === col ? i : -1)).filter((i) => i >= 0);
      const pos = same.indexOf(idx);
      const other = same[pos + dir];
      if (other === undefined) return l;
      const copy = [...l];
      [copy[idx], copy[other]] = [copy[other], copy[idx]];
      return copy;
    });
  const save = async (publish: boolean) => {
    setBusy(true);
    try {
      if (publish) await confirmDialog('发布后全体人员可查看和导出本期周报，确定发布吗？');
      const ordered = columns.flatMap((c) => items.filter((i) => i.columnId === c.id));
      await weeklyApi.saveCompile({
        periodId,
        items: ordered.map((i) => ({
          columnId: i.columnId,
          deptCode: i.deptCode,
          content: i.content.trim(),
          sourceItemId: i.sourceItemId,
        })),
        publish,
      });
      feedback().message.success(publish ? '发布成功' : '汇编稿已保存');
      await qc.invalidateQueries({ queryKey: ['weekly'] });
    } catch (err) {
      if (!isCancelled(err)) notifyError(err);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="oa-page" data-testid="weekly-integrate-page">
      <Card
        title={
          <Space>
            周报汇编
            <Select
              aria-label="周报期次"
              style={{ width: 340 }}
              value={periodId}
              options={(periods.data?.list ?? []).map((p) => ({ value: p.id, label: p.title }))}
              onChange={(v: string) => setParams({ periodId: v })}
            />
            {period.status === 'published' ? <Tag color="blue">已发布</Tag> : <Tag>填报中</Tag>}
          </Space>
        }
        extra={
          <Space>
            <Button onClick={() => navigate(`/weelkyPreview?periodId=${periodId}`)}>预览</Button>
            <Button loading={busy} onClick={() => void save(false)}>
              保存汇编稿
            </Button>
            <Button type="primary" loading={busy} onClick={() => void save(true)}>
              {period.status === 'published' ? '更新发布' : '发布'}
            </Button>
          </Space>
        }
      >
        <Row gutter={16}>
          <Col span={9}>
            <WeeklyDeptStatusCard periodId={periodId} open={period.status === 'open'} />
            <Card
              size="small"
              style={{ marginTop: 16 }}
              title={`各部门已提交内容（${sources.length} 条）`}
              extra={
                <Button size="small" onClick={addAll} disabled={sources.every((s) => used.has(s.id))}>
                  全部加入
                </Button>
              }
            >
              {sources.length === 0 ? (
                <Empty description="暂无已提交的部门周报" />
              ) : (
                sources.map((s) => (
                  <div key={s.id} style={{ display: 'flex', gap: 8, padding: '6px 0', borderBottom: '1px solid #f0f0f0' }}>
                    <div style={{ flex: 1 }}>
                      <Tag>{s.deptName}</Tag>
                      <Typography.Text type="secondary">{columns.find((c) => c.id === s.columnId)?.name}</Typography.Text>
                      <div>{s.content}</div>
                    </div>
                    <Button size="small" icon={<PlusOutlined />} disabled={used.has(s.id)} onClick={() => add(s)}>
                      {used.has(s.id) ? '已加入' : '加入'}
                    </Button>
                  </div>
                ))
              )}
            </Card>
          </Col>
          <Col span={15}>
            {columns.map((c) => (
              <Card
                key={c.id}
                size="small"
                style={{ marginBottom: 12 }}
                title={c.name}
                data-testid={`compile-column-${c.name}`}
                extra={
                  <Button
                    size="small"
                    type="dashed"
                    icon={<PlusOutlined />}
                    onClick={() =>
                      setItems((l) => [...l, { columnId: c.id, deptCode: null, deptName: null, content: '', sourceItemId: null }])
                    }
                  >
                    新增条目
                  </Button>
                }
              >
                {items.map((it, idx) =>
                  it.columnId !== c.id ? null : (
                    <Space.Compact key={idx} style={{ width: '100%', marginBottom: 6 }}>
                      {it.deptName ? (
                        <Button disabled style={{ width: 96 }}>
                          {it.deptName}
                        </Button>
                      ) : null}
                      <Input.TextArea
                        aria-label={`${c.name}条目内容`}
                        autoSize={{ minRows: 1, maxRows: 6 }}
                        value={it.content}
                        maxLength={4000}
                        onChange={(e) => setItems((l) => l.map((x, i) => (i === idx ? { ...x, content: e.target.value } : x)))}
                      />
                      <Button icon={<ArrowUpOutlined />} aria-label="上移" onClick={() => move(idx, -1)} />
                      <Button icon={<ArrowDownOutlined />} aria-label="下移" onClick={() => move(idx, 1)} />
                      <Button icon={<DeleteOutlined />} aria-label="移除" onClick={() => setItems((l) => l.filter((_, i) => i !== idx))} />
                    </Space.Compact>
                  ),
                )}
                {!items.some((i) => i.columnId === c.id) ? <Typography.Text type="secondary">本栏目暂无内容</Typography.Text> : null}
              </Card>
            ))}
          </Col>
        </Row>
      </Card>
    </div>
  );
}
