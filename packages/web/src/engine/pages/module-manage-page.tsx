import { RecordList } from '../components/record-list';
import { useModuleRoute } from '../use-module';

/** The manage page of a module (routes.manage): everyone's records for `<code>:manage` holders. */
export default function ModuleManagePage() {
  const { module } = useModuleRoute();
  return <RecordList m={module} initialView="manage" />;
}
