import { MEMBER_ROLES } from './roles.api';
import { RolePageView } from './role-page-view';

/** /memberRole — role authorisation of the member platform (platform code 4). */
export default function MemberRolePage() {
  return <RolePageView surface={MEMBER_ROLES} />;
}
