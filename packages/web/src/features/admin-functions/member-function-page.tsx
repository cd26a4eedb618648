import { MEMBER_FUNCTIONS } from './functions.api';
import { FunctionPageView } from './function-page-view';

/** /memberFunction — the function tree of the member platform (platform code 4). */
export default function MemberFunctionPage() {
  return <FunctionPageView surface={MEMBER_FUNCTIONS} />;
}
