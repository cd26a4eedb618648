import { OA_ROLES } from './roles.api';
import { RolePageView } from './role-page-view';

/** /role — role authorisation of the OA platform. */
export default function RolePage() {
  return <RolePageView surface={OA_ROLES} />;
}
