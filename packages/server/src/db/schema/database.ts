import type { SystemTables } from './system';
import type { ColumnTables } from './columns';
import type { FileTables } from './files';
import type { WorkflowTables } from './workflow';
import type { RecordsTables } from './records';
import type { RewardTables } from './reward';
import type { SuppliesTables } from './supplies';
import type { PassportTables } from './passport';
import type { SecurityTables } from './security';
import type { MeetingsTables } from './meetings';
import type { SubjectsTables } from './subjects';
import type { OfficeTables } from './office';
import type { NewsTables } from './news';
import type { DocumentsTables } from './documents';
import type { DocIssuedTables } from './doc-issued';
import type { ExchangeTables } from './exchange';
import type { NotifyTables } from './notify';
import type { PrintTables } from './print';
import type { NotifyPrefsTables } from './notify-prefs';
import type { NotifyPushTables } from './notify-push';
import type { SsoTables } from './sso';
import type { DirectoryTables } from './directory';
import type { TwoFactorTables } from './two-factor';
import type { SealsTables } from './seals';

/**
 * The one typed source of the current schema: each file of this folder types the tables of one area
 * (`interface <Area>Tables`), and the database is all of them. A new area adds `db/schema/<area>.ts`
 * and one `extends` entry here. Migrations never import these types (they describe the latest state).
 */
export interface Database
  extends
    SystemTables,
    ColumnTables,
    FileTables,
    WorkflowTables,
    RecordsTables,
    RewardTables,
    SuppliesTables,
    PassportTables,
    SecurityTables,
    MeetingsTables,
    SubjectsTables,
    OfficeTables,
    NewsTables,
    DocumentsTables,
    DocIssuedTables,
    ExchangeTables,
    NotifyTables,
    PrintTables,
    NotifyPrefsTables,
    NotifyPushTables,
    SsoTables,
    DirectoryTables,
    TwoFactorTables,
    SealsTables {}
