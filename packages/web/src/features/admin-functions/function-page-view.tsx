import { useMemo, useState } from 'react';
import { Button, Card, Empty, Flex, Input, Space, Spin, Tree } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { FunctionItem } from '@oa/shared/contract/auth';
import type { FunctionBody } from '@oa/shared/contract/admin-roles';
import { buildTree, type TreeNode } from '@oa/shared/format/tree';
import { useCan } from '../../state/permission';
import { feedback } from '../../lib/feedback';
import { functionsApi, type FunctionSurface } from './functions.api';
import { FunctionForm } from './function-form';
import { dropPlan } from './function-drop';
import { confirmAction, notifyError } from '../../lib/notify-error';

interface Node {
  key: string;
  title: string;
  children: Node[];
}
const KIND = { '0': '', '1': '', '2': '〔按钮〕' } as const;
const toNode = (f: TreeNode<FunctionItem>): Node => ({
  key: f.funCode,
  title: `${KIND[f.menuType]}${f.funName}${f.isHidden === 'Y' ? '（隐藏）' : ''}`,
  children: f.children.map(toNode),
});

/** /function and /memberFunction: the function tree (drag to reorder) and the form of the selected function. */
export function FunctionPageView({ surface }: { surface: FunctionSurface }) {
  const qc = useQueryClient();
  const api = useMemo(() => functionsApi(surface), [surface]);
  const canEdit = useCan(surface.perm);
  const list = useQuery({ queryKey: ['admin', 'functions', surface.platform], queryFn: api.list });
  const [selected, setSelected] = useState<string | null>(null);
  const [draft, setDraft] = useState<Partial<FunctionItem> | null>(null);
  const [filter, setFilter] = useState('');
  const [saving, setSaving] = useState(false);
  const functions = useMemo(() => list.data ?? [], [list.data]);
  const current = functions.find((f) => f.funCode === selected) ?? null;
  const shown = filter
    ? functions.filter((f) => f.funName.includes(filter) || f.funCode.includes(filter) || (f.router ?? '').includes(filter))
    : functions;
  const refresh = () => qc.invalidateQueries({ queryKey: ['admin', 'functions', surface.platform] });

  const save = (b: FunctionBody) => {
    setSaving(true);
    void (draft ? api.insert(b) : api.update(b))
      .then(async () => {
        feedback().message.success('功能已保存');
        await refresh();
        setDraft(null);
        setSelected(b.funCode);
      }, notifyError)
      .finally(() => setSaving(false));
  };
  const remove = () => {
    if (!current) return;
    void confirmAction(`确定删除功能「${current.funName}」吗？已授予各角色的该功能将一并撤销。`, () => api.remove(current.funCode), {
      danger: true,
    }).then((done) => {
      if (done) {
        feedback().message.success('功能已删除');
        setSelected(null);
        void refresh();
      }
    });
  };
  const addChild = (parentCode: string | null) => {
    const siblings = functions.filter((f) => f.parentCode === parentCode);
    setDraft({
      parentCode,
      menuType: parentCode ? '1' : '0',
      sortNo: Math.max(0, ...siblings.map((f) => f.sortNo)) + 10,
      isHidden: 'N',
      isLink: 'N',
      noCache: 'N',
    });
  };

  return (
    <Flex gap={12} align="stretch">
      <Card
        size="small"
        title={`${surface.title}树`}
        style={{ width: 360, flex: 'none' }}
        extra={
          canEdit && (
            <Space size={4}>
              <Button size="small" icon={<PlusOutlined />} onClick={() => addChild(null)}>
                顶级
              </Button>
              <Button
                size="small"
                icon={<PlusOutlined />}
                disabled={!current || current.menuType === '2'}
                onClick={() => addChild(current!.funCode)}
              >
                下级
              </Button>
              <Button size="small" danger icon={<DeleteOutlined />} disabled={!current} onClick={remove} />
            </Space>
          )
        }
      >
        <Input.Search
          allowClear
          placeholder="名称、编码或路由"
          aria-label="名称、编码或路由"
          size="small"
          style={{ marginBottom: 8 }}
          onSearch={setFilter}
        />
        {list.isLoading ? (
          <Spin />
        ) : (
          <div style={{ maxHeight: 'calc(100vh - 260px)', overflow: 'auto' }}>
            <Tree
              key={filter}
              blockNode
              defaultExpandAll={!!filter}
              draggable={canEdit && !filter ? { icon: false } : false}
              selectedKeys={selected ? [selected] : []}
              treeData={buildTree(shown, { id: 'funCode', parentId: 'parentCode' }).map(toNode)}
              onSelect={(keys) => {
                setDraft(null);
                setSelected(keys.length ? String(keys[0]) : null);
              }}
              titleRender={(n) => <span data-testid={`fn-${String(n.key)}`}>{String(n.title)}</span>}
              onDrop={(info) => {
                const pos = info.node.pos.split('-');
                const rel = info.dropPosition - Number(pos[pos.length - 1]);
                const where = !info.dropToGap ? 'into' : rel === -1 ? 'before' : 'after';
                const plan = dropPlan(functions, String(info.dragNode.key), String(info.node.key), where);
                if (plan)
                  void api.sort(plan).then(() => {
                    feedback().message.success('排序已保存');
                    void refresh();
                  }, notifyError);
              }}
            />
          </div>
        )}
      </Card>
      <Card
        size="small"
        title={draft ? `新增${surface.title}` : current ? `${surface.title}：${current.funName}` : `${surface.title}详情`}
        style={{ flex: 1, minWidth: 0 }}
      >
        {draft || current ? (
          <FunctionForm
            value={draft ?? current}
            isNew={!!draft}
            functions={functions}
            canEdit={canEdit}
            saving={saving}
            onSave={save}
            onCancel={() => setDraft(null)}
          />
        ) : (
          <Empty description="请在左侧选择功能" />
        )}
      </Card>
    </Flex>
  );
}
