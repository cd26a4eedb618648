import { defineModuleHome } from '../module-home';
import { leaveHooks } from './leave.hooks';
import { leaveRoutes } from './leave.routes';

export default defineModuleHome({ code: 'oa_leave', hooks: leaveHooks, routes: leaveRoutes });
