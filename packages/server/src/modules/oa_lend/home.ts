import { defineModuleHome } from '../module-home';
import { lendHooks } from './lend.hooks';

export default defineModuleHome({ code: 'oa_lend', hooks: lendHooks });
