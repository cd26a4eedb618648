import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Col, Empty, Form, Result, Row, Select, Spin, Typography } from 'antd';
import { EditOutlined } from '@ant-design/icons';
import { useNavigate, useSearchParams } from 'react-router';
import type { ReactNode } from 'react';
import type { ApproverNode } from '@oa/shared/workflow/definition';
import { simulate, type SimulateResult } from '@oa/shared/workflow/simulate';
import { EMPTY_DIRECTORY, type NodeMark } from './designer/designer-types';
import { FlowCanvas } from './designer/flow-canvas';
import { asStart, walk } from './designer/flow-tree';
import { applicantConditionFieldsOf, conditionFieldsOf, formFieldsOf, moduleName } from './module-fields';
import { useWorkflowDirectory, workflowApi } from './workflow.api';
import { SampleFormInputs, type SampleForm } from './sample-form';
import { RESULT_TEXT, SimulationSteps } from './simulation-steps';
import { actionLink } from '../../lib/action-link';

const NO_ERRORS = new Set<string>();

/** Route marks: nodes and branches on the route are visited (green), the rest skipped (grey). */
function marksOf(root: ReturnType<typeof asStart>, result: SimulateResult): Record<string, NodeMark> {
  const onRoute = new Set(result.route);
  const chosen = new Set(result.branches.flatMap((b) => b.chosen));
  const marks: Record<string, NodeMark> = {};
  walk(root, (n) => {
    marks[n.id] = onRoute.has(n.id) ? 'visited' : 'skipped';
    if (n.type === 'branch') for (const b of n.branches) marks[b.id] = chosen.has(b.id) ? 'visited' : 'skipped';
  });
  return marks;
}

/** /workflow/jsxPreview?id= — fill a sample form, pick an initiator, see the route and who approves each node. */
export default function SimulatePage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const id = params.get('id') ?? '';
  const directory = useWorkflowDirectory();
  const detail = useQuery({ queryKey: ['workflow', 'definition', id], queryFn: () => workflowApi.detail(id), enabled: Boolean(id) });
  const [form, setForm] = useState<SampleForm>({});
  const [initiator, setInitiator] = useState<string | undefined>();
  const [picks, setPicks] = useState<Record<string, string[]>>({});
  const [result, setResult] = useState<SimulateResult | null>(null);

  const def = detail.data?.definition;
  const root = useMemo(() => (def ? asStart(def.root) : null), [def]);
  const pickNodes = useMemo(() => {
    const list: ApproverNode[] = [];
    if (root) walk(root, (n) => n.type === 'approver' && n.settings.assignee.kind === 'initiatorPicks' && list.push(n));
    return list;
  }, [root]);

  if (!id)
    return (
      <Result
        status="info"
        title="请从流程配置列表选择要模拟的流程"
        extra={<Button onClick={() => navigate('/workFlow')}>流程配置</Button>}
      />
    );
  if (detail.isLoading || directory.isLoading)
    return (
      <div className="oa-page-loading">
        <Spin />
      </div>
    );
  if (!def || !root) return <Result status="warning" title="流程定义不存在或已删除" />;
  const dir = directory.data;
  const designerDir = dir?.designer ?? EMPTY_DIRECTORY;
  const fields = conditionFieldsOf(def.moduleCode);
  const sampleFields = applicantConditionFieldsOf(def.moduleCode);

  const run = () => {
    if (!initiator || !dir) return;
    setResult(simulate({ ...def, root }, form, initiator, dir.lookup, { picks }));
  };

  const notes: Record<string, ReactNode> = {};
  if (result) {
    for (const s of result.steps) {
      if ((s.type === 'approver' || s.type === 'cc') && s.approvers.length)
        notes[s.nodeId] = s.approvers.map((a) => `${a.userName}${a.auto ? '（自动通过）' : ''}`).join('、');
      else if (s.type === 'approver' && s.reasons.length) notes[s.nodeId] = s.reasons.join('；');
    }
  }

  return (
    <div className="oa-page" data-testid="simulate-page">
      <Row gutter={12}>
        <Col xs={24} lg={7}>
          <Card
            size="small"
            title={`示例表单 · ${moduleName(def.moduleCode)}`}
            extra={
              <a {...actionLink(() => navigate(`/workFlow/edit?id=${id}`), 'link')}>
                <EditOutlined /> 设计
              </a>
            }
          >
            <Typography.Paragraph type="secondary" style={{ fontSize: 12 }}>
              流程「{def.name}」v{detail.data?.version}。填写影响分支条件的字段并选择发起人，查看申请将经过的节点与审批人。
            </Typography.Paragraph>
            <Form layout="vertical">
              <Form.Item label="发起人" required style={{ marginBottom: 12 }}>
                <Select
                  aria-label="发起人"
                  data-testid="sim-initiator"
                  showSearch={{ optionFilterProp: 'label' }}
                  placeholder="选择发起人"
                  value={initiator}
                  onChange={setInitiator}
                  options={designerDir.users.map((u) => ({
                    value: u.userCode,
                    label: `${u.userName}（${u.userCode}${u.deptName ? ` · ${u.deptName}` : ''}）`,
                  }))}
                />
              </Form.Item>
              {sampleFields.length === 0 && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="该模块没有可用于条件的字段" />}
              <SampleFormInputs fields={sampleFields} value={form} onChange={setForm} directory={designerDir} />
              {pickNodes.map((n) => (
                <Form.Item key={n.id} label={`「${n.name}」发起人自选`} style={{ marginBottom: 12 }}>
                  <Select
                    mode="multiple"
                    showSearch={{ optionFilterProp: 'label' }}
                    value={picks[n.id] ?? []}
                    onChange={(v: string[]) => setPicks({ ...picks, [n.id]: v })}
                    options={designerDir.users.map((u) => ({ value: u.userCode, label: u.userName }))}
                  />
                </Form.Item>
              ))}
              <Button type="primary" block disabled={!initiator} onClick={run} data-testid="sim-run">
                模拟流转
              </Button>
            </Form>
          </Card>
          {result && (
            <Card size="small" title="模拟结果" style={{ marginTop: 12 }}>
              <Alert
                type={result.outcome === 'rejected' ? 'error' : 'success'}
                showIcon
                title={RESULT_TEXT[result.outcome]}
                style={{ marginBottom: 12 }}
                data-testid="sim-outcome"
              />
              <SimulationSteps result={result} />
            </Card>
          )}
        </Col>
        <Col xs={24} lg={17}>
          <FlowCanvas
            root={root}
            style={{ minHeight: 'calc(100vh - 200px)' }}
            view={{
              directory: designerDir,
              conditionFields: fields,
              formFields: formFieldsOf(def.moduleCode),
              errors: NO_ERRORS,
              actions: null,
              marks: result ? marksOf(root, result) : undefined,
              notes: result ? notes : undefined,
            }}
          />
        </Col>
      </Row>
    </div>
  );
}
