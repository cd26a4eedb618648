import { CONTRACT_FIELDS, CONTRACT_STEPS, contractSteps } from '@oa/shared/contract/subjects-steps';
import { StepWizard, type WizardSpec } from './step-wizard';
import { fwebApi } from './fweb.api';

const SPEC: WizardSpec = {
  base: 'contract',
  title: '课题合同',
  steps: CONTRACT_STEPS,
  fields: CONTRACT_FIELDS,
  schemas: contractSteps,
  dataOf: (s) => s.contract,
  editable: (s) => s.can.editContract,
  save: fwebApi.saveContractStep,
  submit: fwebApi.submitContract,
  submitted: '合同已提交，请等待签订审批',
};

/** /foundationForWeb/contract/* — the contract in eight steps. */
export default function FwebContractPage() {
  return <StepWizard spec={SPEC} />;
}
