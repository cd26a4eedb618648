import { OA_FUNCTIONS } from './functions.api';
import { FunctionPageView } from './function-page-view';

/** /function — the function (menu) tree of the OA platform. */
export default function FunctionPage() {
  return <FunctionPageView surface={OA_FUNCTIONS} />;
}
