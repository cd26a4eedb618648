import { defineModuleHome } from '../module-home';
import { feesRoutes } from './fees.routes';

export default defineModuleHome({ code: 'party_fee', routes: feesRoutes });
