import { RecordList } from '../components/record-list';
import { useModuleRoute } from '../use-module';

/** The list page of any declared module (/stamp, /lend, /btrip, …). */
export default function ModuleListPage() {
  const { module } = useModuleRoute();
  return <RecordList m={module} initialView="mine" />;
}
