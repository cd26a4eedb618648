import { useTabRoute } from '../../lib/tab-route';
import { moduleByRoute } from '@oa/shared/modules/registry';
import { RegisterList } from './register-list';

/** The page of a register route: its module's generic register list. */
export default function RegisterPage() {
  const { path } = useTabRoute();
  const found = moduleByRoute(path);
  if (!found || found.module.kind !== 'register') throw new Error(`没有为 ${path} 声明登记台账`);
  return <RegisterList m={found.module} />;
}
