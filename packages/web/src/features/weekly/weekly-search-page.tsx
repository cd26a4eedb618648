import { useState } from 'react';
import { Button, Card, DatePicker, Form, Input, Select, Table, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { Dayjs } from 'dayjs';
import type { WeeklySearchHit } from '@oa/shared/contract/weekly';
import { usePeople } from '../../engine/use-module';
import { useListPager } from '../../lib/list-pager';
import { weeklyApi } from './weekly.api';

interface Filter {
  keyword?: string;
  deptCode?: string;
  range?: [Dayjs, Dayjs] | null;
}

/** /weelkysearchList — 数据查询: search past published reports by period, department and text. */
export default function WeeklySearchPage() {
  const navigate = useNavigate();
  const { depts } = usePeople();
  const [filter, setFilter] = useState<Filter>({});
  const { page, reset, pagination } = useListPager(20);
  const query = {
    ...page,
    keyword: filter.keyword || undefined,
    deptCode: filter.deptCode || undefined,
    from: filter.range?.[0]?.format('YYYY-MM-DD'),
    to: filter.range?.[1]?.format('YYYY-MM-DD'),
  };
  const q = useQuery({ queryKey: ['weekly', 'search', query], queryFn: () => weeklyApi.search(query) });
  return (
    <div className="oa-page" data-testid="weekly-search-page">
      <Card title="周报数据查询">
        <Form<Filter>
          layout="inline"
          onFinish={(v) => {
            setFilter(v);
            reset();
          }}
          style={{ marginBottom: 16 }}
        >
          <Form.Item name="range" label="周次">
            <DatePicker.RangePicker />
          </Form.Item>
          <Form.Item name="deptCode" label="部门">
            <Select
              allowClear
              style={{ width: 160 }}
              placeholder="全部部门"
              options={depts.filter((d) => d.parentCode).map((d) => ({ value: d.deptCode, label: d.deptName }))}
            />
          </Form.Item>
          <Form.Item name="keyword" label="内容">
            <Input allowClear placeholder="关键字" maxLength={50} />
          </Form.Item>
          <Form.Item>
            <Button type="primary" htmlType="submit">
              查询
            </Button>
          </Form.Item>
        </Form>
        <Table<WeeklySearchHit>
          rowKey={(r, i) => `${r.periodId}-${i}`}
          loading={q.isPending}
          dataSource={q.data?.list ?? []}
          pagination={pagination(q.data)}
          columns={[
            {
              title: '周报',
              dataIndex: 'periodTitle',
              width: 300,
              render: (v: string, r) => (
                <Typography.Link onClick={() => navigate(`/weelkyPreview?periodId=${r.periodId}`)}>{v}</Typography.Link>
              ),
            },
            { title: '栏目', dataIndex: 'columnName', width: 120 },
            { title: '部门', dataIndex: 'deptName', width: 120, render: (v: string | null) => v ?? '—' },
            { title: '内容', dataIndex: 'content' },
          ]}
        />
      </Card>
    </div>
  );
}
