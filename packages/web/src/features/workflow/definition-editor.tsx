import { useCallback, useMemo, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Card, Space, Tag, Tooltip } from 'antd';
import { ArrowLeftOutlined, EyeOutlined, ExperimentOutlined, SaveOutlined, SendOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import type { DefinitionStatus, ValidationProblem } from '@oa/shared/contract/workflow';
import type { ProcessDefinition, StartNode } from '@oa/shared/workflow/definition';
import { confirmDialog, isCancelled } from '../../lib/confirm-dialog';
import { feedback } from '../../lib/feedback';
import { DefinitionMetaBar, type DefinitionMeta } from './definition-meta-bar';
import { STATUS_TAGS } from './definition-status';
import { EMPTY_DIRECTORY } from './designer/designer-types';
import { FlowDesigner } from './designer/flow-designer';
import { asStart } from './designer/flow-tree';
import { validateFlow, type FlowProblem } from './designer/flow-validate';
import { conditionFieldsOf, formFieldsOf } from './module-fields';
import { ProblemList } from './problem-list';
import { useWorkflowDirectory, workflowApi } from './workflow.api';
import { showError } from '../../lib/notify-error';

export interface EditorSeed {
  /** the stored definition shown (null: a new one) */
  id: string | null;
  /** the draft being edited (null: saving creates a new draft version) */
  draftId: string | null;
  version: number | null;
  status: DefinitionStatus | null;
  definition: ProcessDefinition;
}

/** The designer page body: definition settings, toolbar, problems and the diagram. */
export function DefinitionEditor({ seed }: { seed: EditorSeed }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const directory = useWorkflowDirectory();
  const [meta, setMeta] = useState<DefinitionMeta>(() => {
    const { root: _root, ...rest } = seed.definition;
    return rest;
  });
  const [root, setRoot] = useState<StartNode>(() => asStart(seed.definition.root));
  const [draftId, setDraftId] = useState(seed.draftId);
  /** the stored version that matches the diagram while nothing is changed (simulate / preview use it) */
  const [currentId, setCurrentId] = useState(seed.id);
  const [status, setStatus] = useState(seed.status);
  const [dirty, setDirty] = useState(false);
  const [problems, setProblems] = useState<FlowProblem[]>([]);
  const [busy, setBusy] = useState<'save' | 'publish' | null>(null);

  const conditionFields = useMemo(() => conditionFieldsOf(meta.moduleCode), [meta.moduleCode]);
  const formFields = useMemo(() => formFieldsOf(meta.moduleCode), [meta.moduleCode]);
  const errors = useMemo(() => new Set(problems.map((p) => p.id)), [problems]);
  const definition: ProcessDefinition = { ...meta, name: meta.name.trim(), root };

  const onRoot = useCallback((r: StartNode) => {
    setRoot(r);
    setDirty(true);
  }, []);

  const save = async (): Promise<string> => {
    const saved = await workflowApi.saveDraft(definition, draftId ?? undefined);
    setDraftId(saved.id);
    setCurrentId(saved.id);
    setStatus(saved.status);
    setDirty(false);
    void queryClient.invalidateQueries({ queryKey: ['workflow'] });
    return saved.id;
  };

  const onSave = async () => {
    if (!meta.moduleCode || !meta.name.trim()) {
      feedback().message.warning(!meta.moduleCode ? '请选择业务模块' : '请填写流程名称');
      return;
    }
    setBusy('save');
    try {
      await save();
      feedback().message.success('草稿已保存');
    } catch (err) {
      showError(err, '保存失败');
    } finally {
      setBusy(null);
    }
  };

  const onPublish = async () => {
    const found = validateFlow(definition, conditionFields);
    setProblems(found);
    if (found.length > 0) {
      feedback().message.error(`流程存在 ${found.length} 个问题，请修改后再发布`);
      return;
    }
    try {
      await confirmDialog('发布后，新提交的申请将按此版本流转；进行中的申请仍按原版本。确定发布吗？', { title: '发布流程' });
    } catch (err) {
      if (isCancelled(err)) return;
      throw err;
    }
    setBusy('publish');
    try {
      const id = await save();
      const env = await workflowApi.publish(id);
      if (env.code !== 0) {
        const list = (env.data as { problems?: ValidationProblem[] } | null)?.problems ?? [];
        setProblems(list.map((p) => ({ id: p.nodeId ?? root.id, message: p.message })));
        feedback().message.error(env.message || '发布失败');
        return;
      }
      setStatus('published');
      setDraftId(null);
      setProblems([]);
      void queryClient.invalidateQueries({ queryKey: ['workflow'] });
      feedback().message.success('流程已发布');
      navigate(`/workFlow/edit?id=${encodeURIComponent(id)}`, { replace: true });
    } catch (err) {
      showError(err, '发布失败');
    } finally {
      setBusy(null);
    }
  };

  const goSaved = async (to: (id: string) => string) => {
    try {
      const id = !dirty && currentId ? currentId : await save();
      navigate(to(id));
    } catch (err) {
      showError(err, '保存失败');
    }
  };

  const tag = status ? STATUS_TAGS[status] : null;
  return (
    <div className="oa-page" data-testid="workflow-edit-page" style={{ background: '#f5f5f7', padding: 12 }}>
      <Card size="small" style={{ marginBottom: 12 }} styles={{ body: { display: 'flex', flexDirection: 'column', gap: 8 } }}>
        <Space style={{ justifyContent: 'space-between', width: '100%' }} wrap>
          <Space>
            <Button type="text" icon={<ArrowLeftOutlined />} onClick={() => navigate('/workFlow')}>
              返回
            </Button>
            <strong style={{ fontSize: 16 }}>{meta.name || '未命名流程'}</strong>
            {seed.version !== null && <Tag>v{seed.version}</Tag>}
            {tag && <Tag color={tag.color}>{tag.text}</Tag>}
            {!draftId && status === 'published' && <span style={{ color: '#666', fontSize: 12 }}>修改后保存将生成新版本草稿</span>}
            {dirty && <Tag color="warning">未保存</Tag>}
          </Space>
          <Space>
            <Tooltip title="保存后以示例表单模拟流转">
              <Button
                icon={<ExperimentOutlined />}
                disabled={!meta.moduleCode || !meta.name.trim()}
                onClick={() => void goSaved((id) => `/workflow/jsxPreview?id=${id}`)}
              >
                模拟
              </Button>
            </Tooltip>
            <Button
              icon={<EyeOutlined />}
              disabled={!meta.moduleCode || !meta.name.trim()}
              onClick={() => void goSaved((id) => `/configPreview?id=${id}`)}
            >
              预览
            </Button>
            <Button icon={<SaveOutlined />} loading={busy === 'save'} onClick={() => void onSave()} data-testid="wf-save-draft">
              保存草稿
            </Button>
            <Button
              type="primary"
              icon={<SendOutlined />}
              loading={busy === 'publish'}
              onClick={() => void onPublish()}
              data-testid="wf-publish"
            >
              发布
            </Button>
          </Space>
        </Space>
        <DefinitionMetaBar
          value={meta}
          onChange={(m) => {
            setMeta(m);
            setDirty(true);
          }}
          directory={directory.data?.designer ?? EMPTY_DIRECTORY}
          moduleLocked={Boolean(seed.version)}
        />
      </Card>
      <ProblemList problems={problems} onClose={() => setProblems([])} />
      <FlowDesigner
        root={root}
        onChange={onRoot}
        directory={directory.data?.designer ?? EMPTY_DIRECTORY}
        conditionFields={conditionFields}
        formFields={formFields}
        errors={errors}
      />
    </div>
  );
}
