import { useQuery } from '@tanstack/react-query';
import { Result, Spin } from 'antd';
import { useSearchParams } from 'react-router';
import { DefinitionEditor, type EditorSeed } from './definition-editor';
import { asStart, cloneWithNewIds, newRoot } from './designer/flow-tree';
import { workflowApi } from './workflow.api';

/**
 * /workFlow/edit — the process designer. `?id=` edits a definition (a draft in place; a published
 * version becomes the next version's draft), `?copyFrom=` starts a new draft from a copy,
 * `?moduleCode=` starts an empty one for a module.
 */
export default function WorkflowEditPage() {
  const [params] = useSearchParams();
  const id = params.get('id');
  const copyFrom = params.get('copyFrom');
  const moduleCode = params.get('moduleCode') ?? '';
  const sourceId = id ?? copyFrom;
  const detail = useQuery({
    queryKey: ['workflow', 'definition', sourceId],
    queryFn: () => workflowApi.detail(sourceId as string),
    enabled: Boolean(sourceId),
    staleTime: 0,
  });

  if (sourceId && detail.isLoading)
    return (
      <div className="oa-page-loading">
        <Spin />
      </div>
    );
  if (sourceId && !detail.data) return <Result status="warning" title="流程定义不存在或已删除" />;

  let seed: EditorSeed;
  if (detail.data && id) {
    const d = detail.data;
    seed = {
      id: d.id,
      draftId: d.status === 'draft' ? d.id : null,
      version: d.version,
      status: d.status,
      definition: { ...d.definition, root: asStart(d.definition.root) },
    };
  } else if (detail.data) {
    const def = detail.data.definition;
    seed = {
      id: null,
      draftId: null,
      version: null,
      status: null,
      definition: { ...def, name: `${def.name}（副本）`, root: cloneWithNewIds(asStart(def.root)) },
    };
  } else {
    seed = {
      id: null,
      draftId: null,
      version: null,
      status: null,
      definition: { moduleCode, name: '', deptCode: null, adminUserCodes: [], root: newRoot() },
    };
  }
  return <DefinitionEditor key={params.toString()} seed={seed} />;
}
