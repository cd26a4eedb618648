import { useState } from 'react';
import { Card, Input, Progress, Table } from 'antd';
import { useNavigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import type { SubjectItem } from '@oa/shared/contract/subjects';
import { subjectsApi } from './subjects.api';
import { StatusTag, money } from './subject-columns';

/** /foundation — 课题资助: each subject's approved budget against what was paid in and spent. */
export default function FoundationPage() {
  const navigate = useNavigate();
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState({ pageNumber: 1, pageSize: 10 });
  const q = useQuery({
    queryKey: ['subjects', 'fundList', keyword, page],
    queryFn: () => subjectsApi.list('fundList', { ...page, keyword: keyword || undefined }),
  });
  const rows = (q.data?.list ?? []).filter((s) => !['submitted', 'expert_review', 'approving', 'rejected'].includes(s.status));
  return (
    <div className="oa-page" data-testid="foundation-page">
      <Card
        title="课题资助"
        extra={
          <Input.Search
            allowClear
            placeholder="课题名称或编号"
            aria-label="课题名称或编号"
            onSearch={(v) => setKeyword(v.trim())}
            style={{ width: 260 }}
          />
        }
      >
        <Table<SubjectItem>
          rowKey="id"
          loading={q.isPending}
          dataSource={rows}
          size="middle"
          onRow={(s) => ({
            onClick: () => void navigate(`/addFoundation?subjectId=${encodeURIComponent(s.id)}`),
            style: { cursor: 'pointer' },
          })}
          pagination={{
            current: page.pageNumber,
            pageSize: page.pageSize,
            total: q.data?.total ?? 0,
            onChange: (pageNumber, pageSize) => setPage({ pageNumber, pageSize }),
          }}
          columns={[
            { title: '课题编号', dataIndex: 'code', width: 120 },
            { title: '课题名称', dataIndex: 'name', ellipsis: true },
            { title: '承担单位', dataIndex: 'orgName', ellipsis: true },
            { title: '状态', dataIndex: 'status', width: 100, render: (v: SubjectItem['status']) => <StatusTag status={v} /> },
            { title: '批准经费（元）', dataIndex: 'budget', align: 'right', render: money },
            { title: '已拨付（元）', dataIndex: 'fundIn', align: 'right', render: money },
            { title: '已支出（元）', dataIndex: 'fundOut', align: 'right', render: money },
            {
              title: '拨付进度',
              key: 'rate',
              width: 160,
              render: (_, s) => (
                <Progress
                  percent={s.budget ? Math.min(100, Math.round((s.fundIn / s.budget) * 100)) : 0}
                  size="small"
                  aria-label="经费到位"
                />
              ),
            },
          ]}
        />
      </Card>
    </div>
  );
}
