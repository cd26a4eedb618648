import { useQuery } from '@tanstack/react-query';
import { historyActionLabel } from '@oa/shared/workflow/history-labels';
import { Drawer, Empty, Spin, Timeline } from 'antd';
import type { InstanceSummary } from '@oa/shared/contract/workflow';
import { EMPTY_DIRECTORY, type NodeMark } from './designer/designer-types';
import { FlowCanvas } from './designer/flow-canvas';
import { asStart } from './designer/flow-tree';
import { formatTime } from '../../components/instance-status';
import { conditionFieldsOf, formFieldsOf } from './module-fields';
import { processAdminApi, useWorkflowDirectory } from './workflow.api';

const NO_ERRORS = new Set<string>();

/** An instance's diagram (passed nodes green, current ones blue) and its history. */
export function InstanceDiagramDrawer({ instance, onClose }: { instance: InstanceSummary | null; onClose: () => void }) {
  const directory = useWorkflowDirectory();
  const view = useQuery({
    queryKey: ['workflow', 'instance', instance?.moduleCode, instance?.recordId],
    queryFn: () => processAdminApi.instance(instance?.moduleCode as string, instance?.recordId as string),
    enabled: Boolean(instance),
    staleTime: 0,
  });
  const v = view.data;
  const marks: Record<string, NodeMark> = {};
  for (const id of v?.passedNodeIds ?? []) marks[id] = 'visited';
  for (const n of v?.current?.currentNodes ?? []) marks[n.nodeId] = 'current';
  return (
    <Drawer open={Boolean(instance)} onClose={onClose} size="72%" title={instance?.title ?? ''}>
      {view.isLoading && <Spin />}
      {v && !v.definition && <Empty description="没有流程记录" />}
      {v?.definition && instance && (
        <div style={{ display: 'flex', gap: 16 }}>
          <div style={{ flex: 1, minWidth: 0 }}>
            <FlowCanvas
              root={asStart(v.definition.root)}
              view={{
                directory: directory.data?.designer ?? EMPTY_DIRECTORY,
                conditionFields: conditionFieldsOf(instance.moduleCode),
                formFields: formFieldsOf(instance.moduleCode),
                errors: NO_ERRORS,
                actions: null,
                marks,
              }}
            />
          </div>
          <div style={{ width: 300, flex: 'none' }}>
            <Timeline
              items={v.history.map((h) => ({
                content: (
                  <div>
                    <div>
                      <strong>{h.actorLabel}</strong> {historyActionLabel(h.action)}{' '}
                      <span style={{ color: '#666' }}>{h.nodeName ?? ''}</span>
                    </div>
                    {h.comment && <div style={{ color: '#595959' }}>{h.comment}</div>}
                    <div style={{ color: '#666', fontSize: 12 }}>{formatTime(h.createdAt)}</div>
                  </div>
                ),
              }))}
            />
          </div>
        </div>
      )}
    </Drawer>
  );
}
