import { defineModuleHome } from '../module-home';
import { suppliesHooks } from './supplies.hooks';
import { suppliesRoutes } from './supplies.routes';

export default defineModuleHome({ code: 'oa_supplies', hooks: suppliesHooks, routes: suppliesRoutes });
