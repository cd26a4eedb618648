import { DECLARE_EDITABLE } from '@oa/shared/contract/subjects';
import { DECLARE_FIELDS, DECLARE_STEPS, declareSteps } from '@oa/shared/contract/subjects-steps';
import { StepWizard, type WizardSpec } from './step-wizard';
import { fwebApi } from './fweb.api';

const SPEC: WizardSpec = {
  base: 'subjectDeclare',
  title: '课题申报书',
  steps: DECLARE_STEPS,
  fields: DECLARE_FIELDS,
  schemas: declareSteps,
  dataOf: (s) => s.declaration,
  editable: (s) => s.can.edit && DECLARE_EDITABLE.includes(s.status),
  save: fwebApi.saveStep,
  submit: fwebApi.submit,
  submitted: '申报书已提交，请等待形式审查',
};

/** /foundationForWeb/subjectDeclare/* — the declaration in seven steps. */
export default function FwebDeclarePage() {
  return <StepWizard spec={SPEC} />;
}
