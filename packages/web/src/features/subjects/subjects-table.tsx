import { Table } from 'antd';
import { useNavigate } from 'react-router';
import type { SubjectItem } from '@oa/shared/contract/subjects';
import { subjectColumns } from './subject-columns';

interface Paging {
  pageNumber: number;
  pageSize: number;
}

/** A page of subjects with the one column set; a row opens the subject (the list and the search pages). */
export function SubjectsTable({
  loading,
  data,
  page,
  onPage,
}: {
  loading: boolean;
  data: { list: SubjectItem[]; total: number } | undefined;
  page: Paging;
  onPage: (p: Paging) => void;
}) {
  const navigate = useNavigate();
  return (
    <Table<SubjectItem>
      rowKey="id"
      loading={loading}
      dataSource={data?.list ?? []}
      columns={subjectColumns()}
      size="middle"
      onRow={(s) => ({ onClick: () => void navigate(`/tb/info?id=${encodeURIComponent(s.id)}`), style: { cursor: 'pointer' } })}
      pagination={{
        current: page.pageNumber,
        pageSize: page.pageSize,
        total: data?.total ?? 0,
        showTotal: (n) => `共 ${n} 项`,
        onChange: (pageNumber, pageSize) => onPage({ pageNumber, pageSize }),
      }}
    />
  );
}
