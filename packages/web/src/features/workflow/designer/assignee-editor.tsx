import { Alert, Form, Radio, Select, Switch } from 'antd';
import type { Assignee } from '@oa/shared/workflow/definition';
import { useDesigner } from './designer-types';
import { ASSIGNEE_KIND_LABEL, levelText } from './node-summary';
import { RoleSelect, UserSelect } from './pickers';

const KINDS: Assignee['kind'][] = [
  'users',
  'role',
  'deptLeader',
  'supervisor',
  'supervisorChain',
  'initiatorPicks',
  'initiator',
  'formUser',
];

/** The default settings of each assignee kind, when the designer switches to it. */
function defaultOf(kind: Assignee['kind']): Assignee {
  switch (kind) {
    case 'users':
      return { kind, userCodes: [] };
    case 'role':
      return { kind, roleCode: '', scope: 'all' };
    case 'supervisor':
      return { kind, level: 1 };
    case 'supervisorChain':
      return { kind, topLevel: 2 };
    case 'initiatorPicks':
      return { kind, multiple: false, candidates: [] };
    case 'formUser':
      return { kind, field: '' };
    default:
      return { kind } as Assignee;
  }
}

const LEVELS = Array.from({ length: 10 }, (_, i) => ({ value: i + 1, label: levelText(i + 1) }));

interface AssigneeEditorProps {
  value: Assignee;
  onChange: (a: Assignee) => void;
  /** 'cc' words the texts for copy recipients */
  role: 'approver' | 'cc';
}

/** Who approves (or who is copied): the eight assignment kinds of ARCHITECTURE.md §7 and their settings. */
export function AssigneeEditor({ value, onChange, role }: AssigneeEditorProps) {
  const { formFields } = useDesigner();
  const userFields = formFields.filter((f) => f.isUser);
  const who = role === 'cc' ? '抄送人' : '审批人';
  return (
    <Form layout="vertical" component="div">
      <Form.Item label={`${who}类型`}>
        <Radio.Group
          data-testid="wf-assignee-kind"
          value={value.kind}
          onChange={(e) => onChange(defaultOf(e.target.value as Assignee['kind']))}
          style={{ display: 'grid', gridTemplateColumns: 'repeat(3, 1fr)', rowGap: 8 }}
          options={KINDS.map((k) => ({ value: k, label: ASSIGNEE_KIND_LABEL[k] }))}
        />
      </Form.Item>
      {value.kind === 'users' && (
        <Form.Item label={`选择${who}`} required>
          <UserSelect testId="wf-assignee-users" value={value.userCodes} onChange={(userCodes) => onChange({ ...value, userCodes })} />
        </Form.Item>
      )}
      {value.kind === 'role' && (
        <>
          <Form.Item label="选择角色" required>
            <RoleSelect
              testId="wf-assignee-role"
              value={value.roleCode ? [value.roleCode] : []}
              onChange={(v) => onChange({ ...value, roleCode: v[0] ?? '' })}
            />
          </Form.Item>
          <Form.Item label="范围">
            <Radio.Group
              value={value.scope}
              onChange={(e) => onChange({ ...value, scope: e.target.value as 'all' | 'initiatorDept' })}
              options={[
                { value: 'all', label: '该角色的所有成员' },
                { value: 'initiatorDept', label: '仅发起人所在部门' },
              ]}
            />
          </Form.Item>
        </>
      )}
      {value.kind === 'deptLeader' && (
        <Alert type="info" showIcon title="由发起人所在部门的负责人审批；部门无负责人时按「审批人为空」的规则处理。" />
      )}
      {value.kind === 'supervisor' && (
        <Form.Item label="发起人的" extra="第一级为发起人所在部门负责人，第二级为上级部门负责人，依此类推。">
          <Select
            aria-label="发起人的"
            value={value.level}
            options={LEVELS}
            onChange={(level: number) => onChange({ ...value, level })}
            style={{ width: 200 }}
          />
        </Form.Item>
      )}
      {value.kind === 'supervisorChain' && (
        <Form.Item label="审批终点" extra="从直接主管开始，逐级向上审批，直到所选层级（不存在的层级自动略过）。">
          <Select
            aria-label="审批终点"
            value={value.topLevel}
            options={LEVELS}
            onChange={(topLevel: number) => onChange({ ...value, topLevel })}
            style={{ width: 200 }}
          />
        </Form.Item>
      )}
      {value.kind === 'initiatorPicks' && (
        <>
          <Form.Item label="可选多人">
            <Switch checked={value.multiple} onChange={(multiple) => onChange({ ...value, multiple })} />
          </Form.Item>
          <Form.Item label="可选范围" extra="不选择时，发起人可从全部人员中选择。">
            <UserSelect value={value.candidates} onChange={(candidates) => onChange({ ...value, candidates })} placeholder="全部人员" />
          </Form.Item>
        </>
      )}
      {value.kind === 'initiator' && <Alert type="info" showIcon title={`由发起人自己作为${who}。`} />}
      {value.kind === 'formUser' && (
        <Form.Item label="表单中的人员字段" required>
          {userFields.length === 0 ? (
            <Alert type="warning" showIcon title="当前业务表单没有人员字段" />
          ) : (
            <Select
              aria-label="表单中的人员字段"
              value={value.field || undefined}
              placeholder="选择字段"
              options={userFields.map((f) => ({ value: f.field, label: f.label }))}
              onChange={(field: string) => onChange({ ...value, field })}
            />
          )}
        </Form.Item>
      )}
    </Form>
  );
}
