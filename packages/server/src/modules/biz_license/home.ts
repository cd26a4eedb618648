import { defineModuleHome } from '../module-home';
import { licenseHooks } from './license.hooks';

export default defineModuleHome({ code: 'biz_license', registerHooks: licenseHooks });
