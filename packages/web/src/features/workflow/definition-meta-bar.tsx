import { Input, Select, Space, TreeSelect } from 'antd';
import type { ProcessDefinition } from '@oa/shared/workflow/definition';
import type { DesignerDirectory } from './designer/designer-types';
import { APPROVAL_MODULES } from './module-fields';

export type DefinitionMeta = Omit<ProcessDefinition, 'root'>;

interface Props {
  value: DefinitionMeta;
  onChange: (v: DefinitionMeta) => void;
  directory: DesignerDirectory;
  /** the module of a saved definition does not change */
  moduleLocked: boolean;
}

interface DeptItem {
  value: string;
  title: string;
  children: DeptItem[];
}

export function deptTree(directory: DesignerDirectory): DeptItem[] {
  const map = new Map<string, DeptItem>(directory.depts.map((d) => [d.deptCode, { value: d.deptCode, title: d.deptName, children: [] }]));
  const roots: DeptItem[] = [];
  for (const d of directory.depts) {
    const item = map.get(d.deptCode) as DeptItem;
    const parent = d.parentCode ? map.get(d.parentCode) : undefined;
    (parent ? parent.children : roots).push(item);
  }
  return roots;
}

/** Name, business module, department binding and process administrators of a definition. */
export function DefinitionMetaBar({ value, onChange, directory, moduleLocked }: Props) {
  return (
    <Space wrap size={[16, 8]}>
      <Space.Compact>
        <Space.Addon>流程名称</Space.Addon>
        <Input
          data-testid="wf-def-name"
          style={{ width: 200 }}
          maxLength={100}
          value={value.name}
          onChange={(e) => onChange({ ...value, name: e.target.value })}
          placeholder="如：用印审批"
        />
      </Space.Compact>
      <Space.Compact>
        <Space.Addon>业务模块</Space.Addon>
        <Select
          data-testid="wf-def-module"
          style={{ width: 160 }}
          value={value.moduleCode || undefined}
          placeholder="选择业务模块"
          aria-label="选择业务模块"
          disabled={moduleLocked}
          options={APPROVAL_MODULES}
          onChange={(moduleCode: string) => onChange({ ...value, moduleCode })}
        />
      </Space.Compact>
      <Space.Compact>
        <Space.Addon>适用部门</Space.Addon>
        <TreeSelect
          style={{ width: 180 }}
          allowClear
          placeholder="全部部门"
          aria-label="全部部门"
          value={value.deptCode ?? undefined}
          treeData={deptTree(directory)}
          treeDefaultExpandAll
          showSearch
          treeNodeFilterProp="title"
          onChange={(v: string | undefined) => onChange({ ...value, deptCode: v ?? null })}
        />
      </Space.Compact>
      <Space.Compact>
        <Space.Addon>流程管理员</Space.Addon>
        <Select
          mode="multiple"
          style={{ minWidth: 200, maxWidth: 360 }}
          maxTagCount={2}
          placeholder="无人审批时接收任务"
          aria-label="无人审批时接收任务"
          value={value.adminUserCodes}
          options={directory.users.map((u) => ({ value: u.userCode, label: u.userName }))}
          showSearch={{ optionFilterProp: 'label' }}
          onChange={(adminUserCodes: string[]) => onChange({ ...value, adminUserCodes })}
        />
      </Space.Compact>
    </Space>
  );
}
