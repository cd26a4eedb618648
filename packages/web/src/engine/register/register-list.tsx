import { useState, type ReactNode } from 'react';
import { Button, Card, Drawer, Space } from 'antd';
import { DownloadOutlined, FileExcelOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { AnyModule } from '@oa/shared/modules/define-module';
import type { RegisterRow } from '@oa/shared/contract/registers';
import { confirmDialog, isCancelled } from '../../lib/confirm-dialog';
import { feedback } from '../../lib/feedback';
import { ListFilterCard, PagedTable } from '../components/list-parts';
import { useListPager } from '../../lib/list-pager';
import { tableColumns } from '../components/record-columns';
import { usePeople } from '../use-module';
import { registerApi, type Filters } from './register.api';
import { RegisterActionModal } from './register-action';
import { RegisterEditor } from './register-editor';
import { RegisterImportModal } from './register-import';
import { RegisterView } from './register-view';
import '../modules.css';
import './register.css';
import { showError } from '../../lib/notify-error';

interface RegisterListProps {
  m: AnyModule;
  /** more buttons beside 新增 / 导入 / 导出 */
  toolbar?: ReactNode;
  /** content between the filters and the table (notices, quick filters) */
  extra?: ReactNode;
  /** filters set by the page (quick filters), merged over the search form's */
  presetFilters?: Filters;
  rowClassName?: (r: RegisterRow) => string;
  /** opens the editor elsewhere (e.g. /bulletinBoardEdit) instead of the drawer */
  onEdit?: (id: string | null) => void;
}

/**
 * The generic page of a register (issue 6): search, 新增/编辑 in a drawer, 删除 after confirmation,
 * module actions, 导入 with the row-error report, 下载模板, 导出 of the filtered list.
 */
export function RegisterList({ m, toolbar, extra, presetFilters, rowClassName, onEdit }: RegisterListProps) {
  const qc = useQueryClient();
  const names = usePeople();
  const [filters, setFilters] = useState<Filters>({});
  const { page, reset, pagination } = useListPager();
  const [editing, setEditing] = useState<{ id: string | null } | null>(null);
  const [viewing, setViewing] = useState<string | null>(null);
  const [acting, setActing] = useState<{ id: string; action: string } | null>(null);
  const [importing, setImporting] = useState(false);
  const all = { ...filters, ...presetFilters };
  const q = useQuery({
    queryKey: ['records', m.code, 'list', all, page],
    queryFn: () => registerApi.list(m.code, { ...page, filters: all }),
  });
  const caps = q.data?.caps;
  const refresh = () => qc.invalidateQueries({ queryKey: ['records', m.code] });
  const edit = (id: string | null) => (onEdit ? onEdit(id) : setEditing({ id }));

  const remove = async (r: RegisterRow) => {
    try {
      await confirmDialog(`确定删除“${r.title}”吗？删除后不可恢复。`, {
        type: 'warning',
        danger: true,
        okText: '删除',
        onOk: () => registerApi.remove(m.code, r.id),
      });
      feedback().message.success('已删除');
      await refresh();
    } catch (err) {
      if (!isCancelled(err)) showError(err, '删除失败');
    }
  };
  const doExport = () => registerApi.exportFile(m.code, m.name, all).catch((err: unknown) => showError(err, '导出失败'));
  const template = () => registerApi.template(m.code, m.name).catch((err: unknown) => showError(err, '下载失败'));

  const columns = [
    ...tableColumns(m, names),
    {
      key: 'op',
      title: '操作',
      fixed: 'right' as const,
      render: (_: unknown, r: RegisterRow) => (
        <Space size={0} wrap>
          <Button type="link" size="small" onClick={() => setViewing(r.id)}>
            查看
          </Button>
          {r.canEdit ? (
            <Button type="link" size="small" onClick={() => edit(r.id)}>
              编辑
            </Button>
          ) : null}
          {r.actions.map((a) => (
            <Button key={a} type="link" size="small" onClick={() => setActing({ id: r.id, action: a })}>
              {m.actions?.[a]?.label ?? a}
            </Button>
          ))}
          {r.canDelete ? (
            <Button type="link" size="small" danger onClick={() => remove(r)}>
              删除
            </Button>
          ) : null}
        </Space>
      ),
    },
  ];

  return (
    <div className="oa-page" data-testid={`register-list-${m.code}`}>
      <ListFilterCard m={m} setFilters={setFilters} reset={reset} />
      {extra}
      <Card
        variant="borderless"
        style={{ marginTop: 12 }}
        title={m.name}
        extra={
          <Space wrap>
            {caps?.create ? (
              <Button type="primary" icon={<PlusOutlined />} onClick={() => edit(null)}>
                新增
              </Button>
            ) : null}
            {toolbar}
            {caps?.import ? (
              <Button icon={<UploadOutlined />} onClick={() => setImporting(true)}>
                导入
              </Button>
            ) : null}
            {caps?.import ? (
              <Button icon={<FileExcelOutlined />} onClick={template}>
                下载模板
              </Button>
            ) : null}
            <Button icon={<DownloadOutlined />} onClick={doExport}>
              导出
            </Button>
          </Space>
        }
      >
        <PagedTable<RegisterRow>
          loading={q.isFetching}
          rows={q.data?.list}
          columns={columns}
          rowClassName={rowClassName}
          pagination={pagination(q.data)}
        />
      </Card>
      <Drawer
        title={editing?.id ? `编辑${m.name}` : `新增${m.name}`}
        open={!!editing}
        width={760}
        destroyOnHidden
        maskClosable={false}
        onClose={() => setEditing(null)}
      >
        {editing ? <RegisterEditor m={m} id={editing.id} onDone={() => setEditing(null)} onCancel={() => setEditing(null)} /> : null}
      </Drawer>
      <RegisterView m={m} id={viewing} onClose={() => setViewing(null)} />
      <RegisterActionModal m={m} target={acting} onClose={() => setActing(null)} />
      <RegisterImportModal m={m} open={importing} onClose={() => setImporting(false)} onImported={refresh} />
    </div>
  );
}
