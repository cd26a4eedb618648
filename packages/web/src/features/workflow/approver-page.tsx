import { Tabs } from 'antd';
import { DelegationPanel } from './delegation-panel';
import { ProcessAdminsPanel } from './process-admins-panel';

/** /workflow/approver — process administrators per definition, and approval delegation. */
export default function ApproverPage() {
  return (
    <div className="oa-page" data-testid="workflow-approver-page">
      <Tabs
        items={[
          { key: 'delegation', label: '审批委托', children: <DelegationPanel /> },
          { key: 'admins', label: '流程管理员', children: <ProcessAdminsPanel /> },
        ]}
      />
    </div>
  );
}
