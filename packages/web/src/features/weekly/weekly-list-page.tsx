import { useState } from 'react';
import { Button, Card, DatePicker, Space, Table, Tag } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import dayjs from 'dayjs';
import { WEEKLY_SECTION_STATUS, type WeeklyPeriod, type WeeklySectionStatus } from '@oa/shared/contract/weekly';
import { useCan } from '../../state/permission';
import { notifyError } from '../../lib/notify-error';
import { feedback } from '../../lib/feedback';
import { useListPager } from '../../lib/list-pager';
import { SECTION_STATUS_COLOR, weeklyApi } from './weekly.api';

/** /weelky — 部门周报: the weekly periods, my department's status, write / preview. */
export default function WeeklyListPage() {
  const navigate = useNavigate();
  const qc = useQueryClient();
  const isEditor = useCan('weekly_integrate');
  const { page, pagination } = useListPager();
  const [weekDate, setWeekDate] = useState<dayjs.Dayjs | null>(null);
  const q = useQuery({ queryKey: ['weekly', 'periods', page], queryFn: () => weeklyApi.periods(page) });
  const create = async () => {
    if (!weekDate) return feedback().message.warning('请选择周次日期');
    try {
      await weeklyApi.createPeriod({ weekDate: weekDate.format('YYYY-MM-DD') });
      feedback().message.success('已创建周报期次');
      void qc.invalidateQueries({ queryKey: ['weekly'] });
    } catch (err) {
      notifyError(err);
    }
  };
  return (
    <div className="oa-page" data-testid="weekly-list-page">
      <Card
        title="部门周报"
        extra={
          isEditor ? (
            <Space>
              <DatePicker picker="week" value={weekDate} onChange={setWeekDate} placeholder="选择周次" />
              <Button onClick={create}>新建期次</Button>
            </Space>
          ) : null
        }
      >
        <Table<WeeklyPeriod>
          rowKey="id"
          loading={q.isPending}
          dataSource={q.data?.list ?? []}
          pagination={pagination(q.data)}
          columns={[
            { title: '周报', dataIndex: 'title' },
            { title: '截止时间', dataIndex: 'deadline', width: 150, render: (v: string) => dayjs(v).format('MM-DD HH:mm') },
            { title: '提交情况', width: 100, render: (_, p) => `${p.submitted} / ${p.deptTotal}` },
            {
              title: '本部门',
              dataIndex: 'myStatus',
              width: 100,
              render: (s: string | null) =>
                s ? <Tag color={SECTION_STATUS_COLOR[s]}>{WEEKLY_SECTION_STATUS[s as WeeklySectionStatus] ?? s}</Tag> : '—',
            },
            {
              title: '状态',
              dataIndex: 'status',
              width: 90,
              render: (s: string) => (s === 'published' ? <Tag color="blue">已发布</Tag> : <Tag>填报中</Tag>),
            },
            {
              title: '操作',
              width: 220,
              render: (_, p) => (
                <Space>
                  {p.status === 'open' && p.myStatus ? (
                    <Button type="link" size="small" onClick={() => navigate(`/weelkyDeptEdit?periodId=${p.id}`)}>
                      填写本部门周报
                    </Button>
                  ) : null}
                  {p.status === 'published' || isEditor ? (
                    <Button type="link" size="small" onClick={() => navigate(`/weelkyPreview?periodId=${p.id}`)}>
                      预览
                    </Button>
                  ) : null}
                  {isEditor ? (
                    <Button type="link" size="small" onClick={() => navigate(`/weelkyIntegrateEdit?periodId=${p.id}`)}>
                      汇编
                    </Button>
                  ) : null}
                </Space>
              ),
            },
          ]}
        />
      </Card>
    </div>
  );
}
