import { useMemo } from 'react';
import { Select, TreeSelect } from 'antd';
import { useDesigner } from './designer-types';

interface MultiProps {
  value: string[];
  onChange: (v: string[]) => void;
  placeholder?: string;
  testId?: string;
}

/** Search-as-you-type picker of people (name, code or department). */
export function UserSelect({ value, onChange, placeholder = '搜索并选择人员', testId }: MultiProps) {
  const { directory } = useDesigner();
  const options = useMemo(
    () =>
      directory.users.map((u) => ({
        value: u.userCode,
        label: u.userName,
        search: `${u.userName} ${u.userCode} ${u.deptName ?? ''}`,
        dept: u.deptName,
      })),
    [directory.users],
  );
  return (
    <Select
      mode="multiple"
      data-testid={testId}
      style={{ width: '100%' }}
      value={value}
      onChange={onChange}
      placeholder={placeholder}
      options={options}
      showSearch={{
        filterOption: (input, opt) =>
          String(opt?.search ?? '')
            .toLowerCase()
            .includes(input.toLowerCase()),
      }}
      optionRender={(o) => (
        <span>
          {o.data.label}
          <span style={{ color: '#666', marginLeft: 8, fontSize: 12 }}>{o.data.dept ?? ''}</span>
        </span>
      )}
    />
  );
}

export function RoleSelect({ value, onChange, placeholder = '选择角色', multiple, testId }: MultiProps & { multiple?: boolean }) {
  const { directory } = useDesigner();
  const options = directory.roles.map((r) => ({ value: r.roleCode, label: r.roleName }));
  return (
    <Select
      mode={multiple ? 'multiple' : undefined}
      data-testid={testId}
      style={{ width: '100%' }}
      value={multiple ? value : value[0]}
      onChange={(v: string | string[]) => onChange(Array.isArray(v) ? v : v ? [v] : [])}
      placeholder={placeholder}
      options={options}
      showSearch={{ optionFilterProp: 'label' }}
    />
  );
}

interface TreeItem {
  value: string;
  title: string;
  children: TreeItem[];
}

/** Department picker (tree); choosing a department includes the ones below it. */
export function DeptSelect({ value, onChange, placeholder = '选择部门', testId }: MultiProps) {
  const { directory } = useDesigner();
  const tree = useMemo(() => {
    const byCode = new Map<string, TreeItem>();
    for (const d of directory.depts) byCode.set(d.deptCode, { value: d.deptCode, title: d.deptName, children: [] });
    const roots: TreeItem[] = [];
    for (const d of directory.depts) {
      const item = byCode.get(d.deptCode) as TreeItem;
      const parent = d.parentCode ? byCode.get(d.parentCode) : undefined;
      if (parent) parent.children.push(item);
      else roots.push(item);
    }
    return roots;
  }, [directory.depts]);
  return (
    <TreeSelect
      data-testid={testId}
      style={{ width: '100%' }}
      multiple
      treeDefaultExpandAll
      value={value}
      onChange={(v: string[]) => onChange(v)}
      placeholder={placeholder}
      treeData={tree}
      showSearch
      treeNodeFilterProp="title"
    />
  );
}
