import { Alert, Card, Spin } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { employmentModule } from '@oa/shared/modules/employment.module';
import { recordsApi } from '../../engine/records.api';
import { RecordPreviewBody } from '../../engine/components/record-preview-body';
import ModuleEditPage from '../../engine/pages/module-edit-page';

/**
 * 入职登记表 / 离职申请表 (/employmentFormView, /resignationFormView): the form while it can be edited
 * (new, draft, returned), otherwise the submitted form read-only with its approval.
 */
export default function EmploymentFormViewPage() {
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const rec = useQuery({
    queryKey: ['records', 'oa_employment', 'get', id],
    queryFn: () => recordsApi.get('oa_employment', id),
    enabled: !!id,
  });
  if (!id) return <ModuleEditPage />;
  if (rec.isLoading)
    return (
      <div className="oa-page">
        <Spin />
      </div>
    );
  if (rec.data?.can.edit) return <ModuleEditPage />;
  if (rec.error)
    return (
      <div className="oa-page">
        <Alert type="error" showIcon message="记录不存在或无权查看" />
      </div>
    );
  return (
    <div className="oa-page">
      <Card variant="borderless">
        <RecordPreviewBody m={employmentModule} id={id} />
      </Card>
    </div>
  );
}
