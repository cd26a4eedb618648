import { defineModuleHome } from '../module-home';
import { bulletinHooks } from './bulletin.hooks';

export default defineModuleHome({ code: 'hr_bulletin', registerHooks: bulletinHooks });
