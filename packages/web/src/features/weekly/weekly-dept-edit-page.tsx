import { useEffect, useState } from 'react';
import { Alert, Button, Card, Empty, Input, Space, Spin, Tag, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { WEEKLY_SECTION_STATUS, type WeeklySectionStatus } from '@oa/shared/contract/weekly';
import { notifyError } from '../../lib/notify-error';
import { feedback } from '../../lib/feedback';
import { SECTION_STATUS_COLOR, weeklyApi } from './weekly.api';

type Draft = Record<string, string[]>;

/** /weelkyDeptEdit?periodId= — 周报填写: the own department's items per column; save as draft or submit. */
export default function WeeklyDeptEditPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const periods = useQuery({
    queryKey: ['weekly', 'periods', 'first'],
    queryFn: () => weeklyApi.periods({ pageNumber: 1, pageSize: 1 }),
    enabled: !params.get('periodId'),
  });
  const periodId = params.get('periodId') ?? periods.data?.list[0]?.id;
  const columns = useQuery({ queryKey: ['weekly', 'columns'], queryFn: () => weeklyApi.columns() });
  const section = useQuery({ queryKey: ['weekly', 'section', periodId], queryFn: () => weeklyApi.section(periodId!), enabled: !!periodId });
  const [draft, setDraft] = useState<Draft>({});
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (!section.data || !columns.data) return;
    const d: Draft = {};
    for (const c of columns.data) d[c.id] = section.data.items.filter((i) => i.columnId === c.id).map((i) => i.content);
    setDraft(d);
  }, [section.data, columns.data]);
  if (!periodId || !section.data || !columns.data)
    return (
      <div className="oa-page">
        <Spin />
      </div>
    );
  const s = section.data;
  const save = async (submit: boolean) => {
    const items = columns.data
      .flatMap((c) => (draft[c.id] ?? []).map((content) => ({ columnId: c.id, content: content.trim() })))
      .filter((i) => i.content);
    setBusy(true);
    try {
      await weeklyApi.saveSection({ periodId, items, submit });
      feedback().message.success(submit ? '提交成功' : '已保存草稿');
      await qc.invalidateQueries({ queryKey: ['weekly'] });
      if (submit) navigate('/weelky');
    } catch (err) {
      notifyError(err);
    } finally {
      setBusy(false);
    }
  };
  const set = (col: string, fn: (list: string[]) => string[]) => setDraft((d) => ({ ...d, [col]: fn(d[col] ?? []) }));
  return (
    <div className="oa-page" data-testid="weekly-dept-edit">
      <Card
        title={
          <Space>
            {`${s.deptName} · 本部门周报`}
            <Tag color={SECTION_STATUS_COLOR[s.status]}>{WEEKLY_SECTION_STATUS[s.status as WeeklySectionStatus] ?? s.status}</Tag>
          </Space>
        }
        extra={<Button onClick={() => navigate('/weelky')}>返回</Button>}
      >
        {s.status === 'returned' && s.returnReason ? (
          <Alert type="warning" showIcon style={{ marginBottom: 16 }} message={`已被退回：${s.returnReason}`} />
        ) : null}
        {!s.editable && s.status !== 'missing' ? (
          <Alert type="info" showIcon style={{ marginBottom: 16 }} message="本部门周报已提交，如需修改请联系周报负责人退回。" />
        ) : null}
        {columns.data.length === 0 ? (
          <Empty description="周报负责人尚未设置栏目" />
        ) : (
          columns.data.map((c) => (
            <div key={c.id} style={{ marginBottom: 20 }} data-testid={`weekly-column-${c.name}`}>
              <Typography.Title level={5}>{c.name}</Typography.Title>
              {(draft[c.id] ?? []).map((text, i) => (
                <Space.Compact key={i} style={{ width: '100%', marginBottom: 8 }}>
                  <Input.TextArea
                    autoSize={{ minRows: 1, maxRows: 6 }}
                    maxLength={4000}
                    value={text}
                    disabled={!s.editable}
                    placeholder={`${c.name}第 ${i + 1} 条`}
                    onChange={(e) => set(c.id, (l) => l.map((x, j) => (j === i ? e.target.value : x)))}
                  />
                  {s.editable ? (
                    <Button icon={<DeleteOutlined />} aria-label="删除" onClick={() => set(c.id, (l) => l.filter((_, j) => j !== i))} />
                  ) : null}
                </Space.Compact>
              ))}
              {s.editable ? (
                <Button type="dashed" icon={<PlusOutlined />} onClick={() => set(c.id, (l) => [...l, ''])}>
                  添加条目
                </Button>
              ) : null}
            </div>
          ))
        )}
        {s.editable ? (
          <Space>
            <Button loading={busy} onClick={() => void save(false)}>
              保存草稿
            </Button>
            <Button type="primary" loading={busy} onClick={() => void save(true)}>
              提交
            </Button>
          </Space>
        ) : null}
      </Card>
    </div>
  );
}
