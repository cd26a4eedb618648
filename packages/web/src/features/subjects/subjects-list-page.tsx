import { useState } from 'react';
import { Card, Input, Segmented, Space } from 'antd';
import { useQuery } from '@tanstack/react-query';
import type { SubjectStatus } from '@oa/shared/contract/subjects';
import { useTabRoute } from '../../lib/tab-route';
import { subjectsApi, type ListKind } from './subjects.api';
import { SubjectsTable } from './subjects-table';

const FILTERS: Array<{ label: string; value: string; status?: SubjectStatus }> = [
  { label: '全部', value: 'all' },
  { label: '待形式审查', value: 'submitted', status: 'submitted' },
  { label: '专家评审', value: 'expert_review', status: 'expert_review' },
  { label: '立项审批', value: 'approving', status: 'approving' },
  { label: '已立项', value: 'approved', status: 'approved' },
  { label: '执行中', value: 'in_progress', status: 'in_progress' },
  { label: '中期检查', value: 'midterm', status: 'midterm' },
  { label: '结题申请', value: 'completion_requested', status: 'completion_requested' },
  { label: '已结题', value: 'completed', status: 'completed' },
];

const KIND: Record<string, { kind: ListKind; title: string }> = {
  '/tb': { kind: 'manageList', title: '课题管理' },
  '/tb/dept': { kind: 'deptList', title: '部门课题' },
  '/tb/all': { kind: 'allList', title: '全部课题' },
};

/** /tb (management), /tb/dept (subjects accepted by my department), /tb/all — filter by status, search by name or code. */
export default function SubjectsListPage() {
  const { path } = useTabRoute();
  const { kind, title } = KIND[path.toLowerCase()] ?? KIND['/tb'];
  const [filter, setFilter] = useState(kind === 'manageList' ? 'submitted' : 'all');
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState({ pageNumber: 1, pageSize: 10 });
  const status = FILTERS.find((f) => f.value === filter)?.status;
  const q = useQuery({
    queryKey: ['subjects', kind, filter, keyword, page],
    queryFn: () => subjectsApi.list(kind, { ...page, status, keyword: keyword || undefined }),
  });
  return (
    <div className="oa-page" data-testid={`subjects-${kind}`}>
      <Card
        title={title}
        extra={
          <Input.Search
            allowClear
            placeholder="课题名称或编号"
            aria-label="课题名称或编号"
            onSearch={(v) => {
              setKeyword(v.trim());
              setPage((p) => ({ ...p, pageNumber: 1 }));
            }}
            style={{ width: 260 }}
          />
        }
      >
        <Space style={{ marginBottom: 12 }}>
          <Segmented
            value={filter}
            onChange={(v) => {
              setFilter(String(v));
              setPage((p) => ({ ...p, pageNumber: 1 }));
            }}
            options={FILTERS.map((f) => ({ label: f.label, value: f.value }))}
          />
        </Space>
        <SubjectsTable loading={q.isPending} data={q.data} page={page} onPage={setPage} />
      </Card>
    </div>
  );
}
