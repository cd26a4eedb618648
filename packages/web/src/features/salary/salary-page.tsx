import { Card, Tabs } from 'antd';
import { useCan } from '../../state/permission';
import { SalaryMine } from './salary-mine';
import { SalaryManage } from './salary-manage';

/** /salary — 工资条查询: my own slips (after confirming identity); finance imports, sends and withdraws batches. */
export default function SalaryPage() {
  const manage = useCan('fin_salary:manage');
  return (
    <div className="oa-page" data-testid="salary-page">
      <Card>
        <Tabs
          destroyOnHidden
          items={[
            { key: 'mine', label: '我的工资条', children: <SalaryMine /> },
            ...(manage ? [{ key: 'manage', label: '工资发放', children: <SalaryManage /> }] : []),
          ]}
        />
      </Card>
    </div>
  );
}
