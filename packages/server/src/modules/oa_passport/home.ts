import { defineModuleHome } from '../module-home';
import { passportHooks } from './passport.hooks';
import { passportRoutes } from './passport.routes';

export default defineModuleHome({ code: 'oa_passport', hooks: passportHooks, routes: passportRoutes });
