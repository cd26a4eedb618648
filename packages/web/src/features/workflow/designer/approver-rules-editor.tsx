import { Checkbox, Divider, Form, InputNumber, Radio, Select, Space, Switch } from 'antd';
import type { ApprovalMode, ApproverSettings, TimeoutRule } from '@oa/shared/workflow/definition';
import { batchRefusal } from '@oa/shared/workflow/batch';
import { modeText } from './node-summary';

interface Props {
  value: ApproverSettings;
  onChange: (s: ApproverSettings) => void;
}

const MODES: ApprovalMode['kind'][] = ['sequential', 'all', 'any', 'ratio'];
const TIMEOUT_ACTIONS: Array<{ value: TimeoutRule['action']; label: string }> = [
  { value: 'remind', label: '提醒审批人' },
  { value: 'autoApprove', label: '自动同意' },
  { value: 'autoReject', label: '自动拒绝' },
];

/** Approval mode, special cases (no approver / approver is the initiator / same approver twice), time-out and allowed actions. */
export function ApproverRulesEditor({ value, onChange }: Props) {
  const set = (patch: Partial<ApproverSettings>) => onChange({ ...value, ...patch });
  const mode = value.mode;
  const timeout = value.timeout;
  // batch approval is never offered where the approver must edit, fill in or sign
  const blocked = batchRefusal({ ...value, allowBatch: true });
  const batchBlocked = blocked ? blocked.replace('，不能批量审批', '，不能开启批量审批') : null;
  return (
    <Form layout="vertical" component="div">
      <Form.Item label="多人审批时采用的审批方式">
        <Radio.Group
          data-testid="wf-mode"
          value={mode.kind}
          onChange={(e) => {
            const kind = e.target.value as ApprovalMode['kind'];
            set({ mode: kind === 'ratio' ? { kind, percent: 50 } : { kind } });
          }}
          style={{ display: 'flex', flexDirection: 'column', gap: 8 }}
          options={MODES.map((k) => ({
            value: k,
            label: modeText(k === 'ratio' ? { kind: k, percent: 50 } : { kind: k }).replace(/（≥50%）/, ''),
          }))}
        />
        {mode.kind === 'ratio' && (
          <Space style={{ marginTop: 8 }}>
            同意人数达到
            <InputNumber
              min={1}
              max={100}
              value={mode.percent}
              onChange={(v) => set({ mode: { kind: 'ratio', percent: Math.round(v ?? 50) } })}
              suffix="%"
            />
            即通过
          </Space>
        )}
      </Form.Item>
      <Divider style={{ margin: '8px 0 16px' }} />
      <Form.Item label="审批人为空时">
        <Radio.Group
          data-testid="wf-when-empty"
          value={value.whenEmpty}
          onChange={(e) => set({ whenEmpty: e.target.value as ApproverSettings['whenEmpty'] })}
          options={[
            { value: 'autoPass', label: '自动通过' },
            { value: 'toAdmin', label: '转交流程管理员' },
            { value: 'toLeader', label: '转交发起人部门负责人' },
            { value: 'reject', label: '自动拒绝' },
          ]}
        />
      </Form.Item>
      <Form.Item label="审批人与发起人为同一人时">
        <Radio.Group
          value={value.whenInitiator}
          onChange={(e) => set({ whenInitiator: e.target.value as ApproverSettings['whenInitiator'] })}
          options={[
            { value: 'selfApprove', label: '由发起人自己审批' },
            { value: 'skip', label: '自动跳过' },
            { value: 'toLeader', label: '转交部门负责人' },
          ]}
        />
      </Form.Item>
      <Form.Item label="同一审批人连续出现时">
        <Space>
          <Switch checked={value.dedupeConsecutive} onChange={(dedupeConsecutive) => set({ dedupeConsecutive })} />
          <span>{value.dedupeConsecutive ? '自动同意（只需审批一次）' : '每个节点都需审批'}</span>
        </Space>
      </Form.Item>
      <Divider style={{ margin: '8px 0 16px' }} />
      <Form.Item label="审批时限">
        <Space direction="vertical" style={{ width: '100%' }}>
          <Switch
            checkedChildren="限时"
            unCheckedChildren="不限时"
            checked={Boolean(timeout)}
            onChange={(on) => set({ timeout: on ? { afterHours: 24, action: 'remind', repeatHours: 0 } : null })}
          />
          {timeout && (
            <Space wrap>
              超过
              <InputNumber
                min={1}
                max={24 * 365}
                value={timeout.afterHours}
                onChange={(v) => set({ timeout: { ...timeout, afterHours: v ?? 24 } })}
              />
              小时未处理时
              <Select
                style={{ width: 130 }}
                value={timeout.action}
                options={TIMEOUT_ACTIONS}
                onChange={(action: TimeoutRule['action']) => set({ timeout: { ...timeout, action } })}
              />
              {timeout.action === 'remind' && (
                <>
                  每隔
                  <InputNumber
                    min={0}
                    max={24 * 30}
                    value={timeout.repeatHours}
                    onChange={(v) => set({ timeout: { ...timeout, repeatHours: v ?? 0 } })}
                  />
                  小时重复（0 为仅一次）
                </>
              )}
            </Space>
          )}
        </Space>
      </Form.Item>
      <Form.Item
        label="督办时限"
        extra="超过时限仍未处理时，系统向审批人所在部门负责人发起督办，并催办审批人（每项待办一次）；流程用时统计按此计算当前超时"
      >
        <Space>
          <Switch
            aria-label="督办时限"
            data-testid="wf-overdue-hours"
            checked={value.overdueHours != null}
            onChange={(on) => set({ overdueHours: on ? 48 : null })}
          />
          {value.overdueHours != null && (
            <>
              超过
              <InputNumber
                aria-label="督办时限（小时）"
                min={1}
                max={24 * 365}
                value={value.overdueHours}
                onChange={(v) => set({ overdueHours: v ?? 48 })}
              />
              小时未处理时督办
            </>
          )}
        </Space>
      </Form.Item>
      <Form.Item label="允许的操作">
        <Space>
          <Checkbox checked={value.allowReturn} onChange={(e) => set({ allowReturn: e.target.checked })}>
            退回
          </Checkbox>
          <Checkbox checked={value.allowTransfer} onChange={(e) => set({ allowTransfer: e.target.checked })}>
            转交
          </Checkbox>
          <Checkbox checked={value.allowAddSign} onChange={(e) => set({ allowAddSign: e.target.checked })}>
            加签
          </Checkbox>
        </Space>
      </Form.Item>
      <Form.Item label="需手写签名" extra="开启后，审批人同意时须在签名板上手写签名，签名显示在审批记录和打印的审批单上">
        <Switch
          aria-label="需手写签名"
          data-testid="wf-require-signature"
          checked={value.requireSignature}
          onChange={(requireSignature) => set({ requireSignature, ...(requireSignature ? { allowBatch: false } : {}) })}
        />
      </Form.Item>
      <Form.Item label="允许批量审批" extra={batchBlocked ?? '勾选后，审批人可在待办中选择本节点的多条待办，用同一意见一并同意'}>
        <Switch
          aria-label="允许批量审批"
          data-testid="wf-allow-batch"
          disabled={!!batchBlocked}
          checked={value.allowBatch && !batchBlocked}
          onChange={(allowBatch) => set({ allowBatch })}
        />
      </Form.Item>
    </Form>
  );
}
