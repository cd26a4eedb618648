import { Button, Empty, Spin } from 'antd';
import { useInfiniteQuery } from '@tanstack/react-query';
import { addressBookApi } from './address-book.api';
import { MemberRow } from './member-row';

const PAGE_SIZE = 30;

/** The matching members of one department, a page at a time (the desktop's drawer and the phone's address book). */
export function useDeptMembers(deptCode: string, keyword: string) {
  const q = useInfiniteQuery({
    queryKey: ['address-book-members', deptCode, keyword],
    queryFn: ({ pageParam }) => addressBookApi.members(deptCode, keyword, pageParam, PAGE_SIZE),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.pageNumber * last.pageSize < last.total ? last.pageNumber + 1 : undefined),
  });
  return { q, members: q.data?.pages.flatMap((p) => p.list) ?? [] };
}

/** The members of one opened department, loaded a page at a time (the first page when the panel opens). */
export function DeptMembers({ deptCode, keyword, onCard }: { deptCode: string; keyword: string; onCard: (userCode: string) => void }) {
  const { q, members } = useDeptMembers(deptCode, keyword);
  if (q.isPending) return <Spin size="small" />;
  if (!members.length) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无成员" />;
  return (
    <>
      {members.map((m) => (
        <MemberRow key={m.usersDeptMember.userCode} m={m} onCard={onCard} />
      ))}
      {q.hasNextPage && (
        <Button type="link" block loading={q.isFetchingNextPage} onClick={() => void q.fetchNextPage()} data-testid={`ab-more-${deptCode}`}>
          加载更多
        </Button>
      )}
    </>
  );
}
