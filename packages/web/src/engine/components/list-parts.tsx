import { Card, Table, type TableProps, type TablePaginationConfig } from 'antd';
import type { AnyModule } from '@oa/shared/modules/define-module';
import { FilterBar } from './filter-bar';

/**
 * The filter card of a module list (record list and register list): the declaration's filters; a search
 * starts again at page 1 (`reset` of `useListPager`).
 */
export function ListFilterCard({
  m,
  setFilters,
  reset,
}: {
  m: AnyModule;
  setFilters: (f: Record<string, unknown>) => void;
  reset: () => void;
}) {
  return (
    <Card variant="borderless">
      <FilterBar
        m={m}
        onSearch={(f) => {
          setFilters(f);
          reset();
        }}
      />
    </Card>
  );
}

/** A module list's table: one page of rows with the list's pager (`pagination` of `useListPager`). */
export function PagedTable<T extends { id: string }>({
  rows,
  pagination,
  ...rest
}: Omit<TableProps<T>, 'dataSource' | 'pagination' | 'rowKey'> & { rows: T[] | undefined; pagination: TablePaginationConfig }) {
  return (
    <Table<T>
      rowKey="id"
      size="middle"
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: '暂无数据' }}
      {...rest}
      dataSource={rows ?? []}
      pagination={pagination}
    />
  );
}
