import { defineModuleHome } from '../module-home';
import { deviceHooks } from './device.hooks';

export default defineModuleHome({ code: 'oa_device', hooks: deviceHooks });
