import { useRef, useState, type ReactNode } from 'react';
import { Alert, Form, Modal, Select } from 'antd';
import type { AnyModule } from '@oa/shared/modules/define-module';
import type { PickNode } from '@oa/shared/contract/workflow-picks';
import { processApi } from '../process.api';
import { usePeople } from '../use-module';

type Picks = Record<string, string[]>;

/**
 * Before submitting an application: asks the server which nodes of the bound process on this form's
 * route let the initiator pick the approver, and shows one picker per node. `ask` resolves to the picks
 * ({} when none are needed) or null when the user cancels.
 */
export function usePicks(m: AnyModule): { ask: (data: Record<string, unknown>) => Promise<Picks | null>; dialog: ReactNode } {
  const { users } = usePeople();
  const [nodes, setNodes] = useState<PickNode[] | null>(null);
  const resolver = useRef<((v: Picks | null) => void) | null>(null);
  const [form] = Form.useForm<Record<string, string | string[] | undefined>>();

  const ask = async (data: Record<string, unknown>): Promise<Picks | null> => {
    if (m.kind !== 'approval') return {};
    const found = await processApi.pickNodes(m.code, data);
    if (!found.length) return {};
    setNodes(found);
    return new Promise<Picks | null>((resolve) => {
      resolver.current = resolve;
    });
  };
  const close = (v: Picks | null) => {
    resolver.current?.(v);
    resolver.current = null;
    setNodes(null);
  };
  const onOk = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    close(Object.fromEntries((nodes ?? []).map((n) => [n.nodeId, [v[n.nodeId] ?? []].flat().map(String)])));
  };
  const everyone = users.map((u) => ({ value: u.userCode, label: `${u.userName}${u.deptName ? `（${u.deptName}）` : ''}` }));

  const dialog = (
    <Modal open={!!nodes} title="选择审批人" okText="确定并提交" cancelText="取消" onOk={onOk} onCancel={() => close(null)} destroyOnHidden>
      <Alert type="info" showIcon message="以下审批节点需要由您指定审批人" style={{ marginBottom: 16 }} />
      <Form form={form} layout="vertical" preserve={false} data-testid="picks-form">
        {(nodes ?? []).map((n) => (
          <Form.Item
            key={n.nodeId}
            name={n.nodeId}
            label={n.nodeName}
            rules={[{ required: true, message: `请选择「${n.nodeName}」的审批人` }]}
          >
            <Select
              showSearch
              optionFilterProp="label"
              mode={n.multiple ? 'multiple' : undefined}
              placeholder={n.multiple ? '请选择审批人（可多选）' : '请选择审批人'}
              data-testid={`pick-${n.nodeId}`}
              options={n.candidates.length ? n.candidates.map((c) => ({ value: c.userCode, label: c.userName })) : everyone}
            />
          </Form.Item>
        ))}
      </Form>
    </Modal>
  );
  return { ask, dialog };
}
