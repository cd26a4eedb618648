import { defineModuleHome } from '../module-home';
import { carHooks } from './car.hooks';

export default defineModuleHome({ code: 'oa_car', hooks: carHooks });
