import { defineModuleHome } from '../module-home';
import { briefingRoutes } from './briefing.routes';

export default defineModuleHome({ code: 'oa_briefing', routes: briefingRoutes });
