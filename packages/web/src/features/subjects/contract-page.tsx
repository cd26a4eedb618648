import { Alert, Card } from 'antd';
import { useSearchParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { CONTRACT_STATUS_LABELS, SUBJECT_CONTRACT_MODULE } from '@oa/shared/contract/subjects';
import { CONTRACT_FIELDS, CONTRACT_STEPS } from '@oa/shared/contract/subjects-steps';
import { subjectsApi } from './subjects.api';
import { ApprovalPanel } from './approval-panel';
import { SubjectHeader } from './subject-detail';
import { StepView } from '../../components/subject-step-view';

/** /foundation/addContract?id= — the subject contract the applicant filled in steps; its signing approval. */
export default function ContractPage() {
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const qc = useQueryClient();
  const q = useQuery({ queryKey: ['subject', id], queryFn: () => subjectsApi.detail(id), enabled: !!id });
  if (!id)
    return (
      <div className="oa-page">
        <Alert type="info" showIcon message="请从课题详情中打开合同" />
      </div>
    );
  const s = q.data;
  return (
    <div className="oa-page" data-testid="subject-contract-page">
      <Card title={`课题合同${s ? ` · ${CONTRACT_STATUS_LABELS[s.contractStatus]}` : ''}`} loading={q.isPending}>
        {s && (
          <>
            <SubjectHeader s={s} />
            <div style={{ height: 16 }} />
            <ApprovalPanel
              moduleCode={SUBJECT_CONTRACT_MODULE}
              recordId={s.id}
              title="合同签订审批"
              onDone={() => void qc.invalidateQueries({ queryKey: ['subject', id] })}
            />
            {s.contractStatus === 'none' ? (
              <Alert type="info" showIcon message="申报人尚未填写合同" />
            ) : (
              <StepView steps={CONTRACT_STEPS} fields={CONTRACT_FIELDS} data={s.contract} />
            )}
          </>
        )}
      </Card>
    </div>
  );
}
