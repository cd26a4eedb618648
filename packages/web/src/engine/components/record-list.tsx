import { useState, type ReactNode } from 'react';
import { Button, Card, Popconfirm, Space, Tabs } from 'antd';
import { DownloadOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { EDITABLE_STATUSES, type AnyModule, type RecordStatus, variantOf } from '@oa/shared/modules/define-module';
import type { RecordItem } from '@oa/shared/contract/records';
import { useCan } from '../../state/permission';
import { useSession } from '../../state/session.store';
import { useMenus } from '../../state/menu.store';
import { findRoute } from '../../state/route-table';
import { feedback } from '../../lib/feedback';
import { exportRecords, recordsApi } from '../records.api';
import { usePeople } from '../use-module';
import { ListFilterCard, PagedTable } from './list-parts';
import { useListPager } from '../../lib/list-pager';
import { tableColumns } from './record-columns';
import '../modules.css';
import { notifyError, showError } from '../../lib/notify-error';

/**
 * A module's list: filters, the records table with paging, export; 'manage' shows everyone's records.
 * `onOpen` (single-route modules) opens the form or the record in place instead of on their routes.
 */
export function RecordList({
  m,
  initialView,
  onOpen,
  extra,
}: {
  m: AnyModule;
  initialView: 'mine' | 'manage';
  onOpen?: (id: string | null, mode: 'view' | 'edit') => void;
  extra?: ReactNode;
}) {
  const navigate = useNavigate();
  const qc = useQueryClient();
  const names = usePeople();
  const me = useSession((s) => s.user?.userCode);
  const routes = useMenus((s) => s.routes);
  const canCreate = useCan(m.permissions.create);
  const canManage = useCan(m.permissions.manage);
  const [view, setView] = useState<'mine' | 'manage'>(initialView);
  const [filters, setFilters] = useState<Record<string, unknown>>({});
  const { page, reset, pagination } = useListPager();
  const key = ['records', m.code, 'list', view, filters, page] as const;
  const q = useQuery({ queryKey: key, queryFn: () => recordsApi.list(m.code, { ...page, view, filters }) });
  const refresh = () => qc.invalidateQueries({ queryKey: ['records', m.code] });

  const remove = async (r: RecordItem) => {
    try {
      await recordsApi.remove(m.code, r.id);
      feedback().message.success('已删除');
      await refresh();
    } catch (err) {
      notifyError(err);
    }
  };
  const doExport = async () => {
    try {
      await exportRecords(m.code, `${m.name}.xlsx`, { view, filters });
    } catch (err) {
      showError(err, '导出失败');
    }
  };

  const columns = [
    ...tableColumns(m, names),
    {
      key: 'op',
      title: '操作',
      width: 150,
      fixed: 'right' as const,
      render: (_: unknown, r: RecordItem) => {
        const mine = r.applicant === me;
        const editable = mine && (EDITABLE_STATUSES as readonly string[]).includes(r.status as RecordStatus);
        const editRoute = variantOf(m, r.variant)?.route ?? m.routes.edit;
        return (
          <Space size={0}>
            {onOpen ? (
              <Button type="link" size="small" onClick={() => onOpen(r.id, 'view')}>
                查看
              </Button>
            ) : m.routes.preview ? (
              <Button type="link" size="small" onClick={() => navigate(`${m.routes.preview}?id=${r.id}`)}>
                查看
              </Button>
            ) : null}
            {editable && onOpen && !r.variant ? (
              <Button type="link" size="small" onClick={() => onOpen(r.id, 'edit')}>
                编辑
              </Button>
            ) : editable && editRoute ? (
              <Button type="link" size="small" onClick={() => navigate(`${editRoute}?id=${r.id}`)}>
                编辑
              </Button>
            ) : null}
            {mine && r.status === 'draft' ? (
              <Popconfirm title="确定删除该草稿吗？" okText="删除" cancelText="取消" onConfirm={() => remove(r)}>
                <Button type="link" size="small" danger>
                  删除
                </Button>
              </Popconfirm>
            ) : null}
          </Space>
        );
      },
    },
  ];

  const variants = Object.values(m.variants ?? {}).filter((v) => findRoute(routes, v.route));
  return (
    <div className="oa-page" data-testid={`module-list-${m.code}`}>
      <ListFilterCard m={m} setFilters={setFilters} reset={reset} />
      {extra}
      <Card
        variant="borderless"
        style={{ marginTop: 12 }}
        title={
          canManage && initialView === 'mine' ? (
            <Tabs
              activeKey={view}
              onChange={(k) => {
                setView(k as 'mine' | 'manage');
                reset();
              }}
              items={[
                { key: 'mine', label: '我的申请' },
                { key: 'manage', label: '全部申请' },
              ]}
              style={{ marginBottom: -17 }}
            />
          ) : view === 'manage' ? (
            `${m.name}管理`
          ) : (
            m.name
          )
        }
        extra={
          <Space>
            {canCreate && m.routes.edit ? (
              <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate(m.routes.edit!)}>
                新建{m.name}
              </Button>
            ) : canCreate && onOpen && !m.variants ? (
              <Button type="primary" icon={<PlusOutlined />} onClick={() => onOpen(null, 'edit')}>
                新建{m.name}
              </Button>
            ) : null}
            {canCreate
              ? variants.map((v) => (
                  <Button key={v.route} icon={<PlusOutlined />} onClick={() => navigate(v.route)}>
                    {v.label}
                  </Button>
                ))
              : null}
            <Button icon={<DownloadOutlined />} onClick={doExport}>
              导出
            </Button>
          </Space>
        }
      >
        <PagedTable<RecordItem> loading={q.isFetching} rows={q.data?.list} columns={columns} pagination={pagination(q.data)} />
      </Card>
    </div>
  );
}
