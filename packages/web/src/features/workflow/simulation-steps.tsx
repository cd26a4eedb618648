import { Tag, Timeline, Typography } from 'antd';
import type { SimulateResult, SimulatedStep } from '@oa/shared/workflow/simulate';

const OUTCOME: Record<SimulatedStep['outcome'], { color: string; text: string }> = {
  start: { color: 'blue', text: '发起' },
  tasks: { color: 'orange', text: '待审批' },
  autoPass: { color: 'green', text: '自动通过' },
  reject: { color: 'red', text: '自动拒绝' },
  cc: { color: 'cyan', text: '抄送' },
  route: { color: 'purple', text: '分支' },
  end: { color: 'default', text: '结束' },
};

export const RESULT_TEXT: Record<SimulateResult['outcome'], string> = {
  approved: '无需人工审批，提交后将直接通过',
  pending: '将按以下路线流转，所有审批人同意后通过',
  rejected: '提交后将被自动拒绝',
};

/** The simulated route step by step: who approves each node and why. */
export function SimulationSteps({ result }: { result: SimulateResult }) {
  return (
    <Timeline
      data-testid="sim-steps"
      items={result.steps.map((s) => ({
        color: OUTCOME[s.outcome].color === 'default' ? 'gray' : OUTCOME[s.outcome].color,
        content: (
          <div data-testid="sim-step" data-node-id={s.nodeId}>
            <strong>{s.nodeName}</strong> <Tag color={OUTCOME[s.outcome].color}>{OUTCOME[s.outcome].text}</Tag>
            {s.approvers.length > 0 && (
              <div style={{ marginTop: 4 }}>
                {s.approvers.map((a) => (
                  <div key={a.userCode}>
                    <Typography.Text strong>{a.userName}</Typography.Text>
                    {a.auto && (
                      <Tag style={{ marginLeft: 6 }} color="green">
                        自动通过
                      </Tag>
                    )}
                    <Typography.Text type="secondary" style={{ marginLeft: 6 }}>
                      {a.reason}
                    </Typography.Text>
                  </div>
                ))}
              </div>
            )}
            {s.reasons.map((r, i) => (
              <div key={i} style={{ color: '#666', fontSize: 12 }}>
                {r}
              </div>
            ))}
          </div>
        ),
      }))}
    />
  );
}
