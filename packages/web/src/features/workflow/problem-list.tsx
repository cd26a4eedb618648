import { Alert } from 'antd';
import type { FlowProblem } from './designer/flow-validate';
import { actionLink } from '../../lib/action-link';

/** The problems found before publishing; clicking one scrolls to the offending node. */
export function ProblemList({ problems, onClose }: { problems: FlowProblem[]; onClose: () => void }) {
  if (problems.length === 0) return null;
  const focus = (id: string) => {
    const el = document.querySelector(`[data-node-id="${CSS.escape(id)}"]`);
    el?.scrollIntoView({ behavior: 'smooth', block: 'center', inline: 'center' });
  };
  return (
    <Alert
      type="error"
      showIcon
      closable={{ onClose }}
      data-testid="wf-problems"
      title={`发布前请先处理以下 ${problems.length} 个问题：`}
      description={
        <ol style={{ margin: '4px 0 0', paddingLeft: 20 }}>
          {problems.map((p, i) => (
            <li key={`${p.id}-${i}`}>
              <a {...actionLink(() => focus(p.id))}>{p.message}</a>
            </li>
          ))}
        </ol>
      }
      style={{ marginBottom: 12 }}
    />
  );
}
