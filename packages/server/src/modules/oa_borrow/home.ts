import { defineModuleHome } from '../module-home';
import { borrowHooks } from './borrow.hooks';

export default defineModuleHome({ code: 'oa_borrow', hooks: borrowHooks });
